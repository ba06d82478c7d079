/**
 * The vendors' own descriptions of their APIs, as checks the fakes run on every request and
 * response. Each `<vendor>.subset.json` beside this file is the part of the vendor's published
 * OpenAPI document Billow uses (cut by extract.mjs, see README.md); here it becomes JSON Schema
 * for Ajv:
 * - OpenAPI 3.0's `nullable: true` becomes a `null` type (Plaid, Twilio, and parts of OpenAI's);
 * - a boolean `exclusiveMinimum`/`exclusiveMaximum` (draft 4 style) becomes the numeric form;
 * - `discriminator`, examples and `x-` extensions are left out (documentation only);
 * - objects are closed: a property the description does not name is refused
 *   (`unevaluatedProperties: false`, placed on the outermost schema so `allOf`/`anyOf` parts
 *   still add up), and Plaid's `additionalProperties: true` beside named properties is dropped.
 *   Plaid answers unknown request fields with UNKNOWN_FIELDS and OpenAI with "Unrecognized
 *   request argument"; in responses it means a fake inventing a field the vendor never sends.
 * - two ways Vapi's generated document says what it means in a form JSON Schema reads otherwise:
 *   an `enum` beside `type: array` lists what each item may be (it is moved onto `items`), and a
 *   `pattern` written as a JavaScript regex literal (`/^…$/`) is the expression between slashes;
 *   and its `oneOf` is read as `anyOf`: it writes oneOf for unions whose alternatives it does not
 *   tell apart (a user's and a bot's message differ only in the role's value, left a free string).
 * Formats the vendors define for themselves (int32, double, unixtime, phone-number, …) are
 * accepted as their base type; Plaid's `url` is a full http(s) URL (ajv-formats' own `url`
 * also refuses private addresses, which says nothing about what Plaid takes).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type VendorName = 'plaid' | 'openai' | 'twilio' | 'vapi';

export type VendorApi = {
  /** What the vendor would refuse in this request body ([] when it takes it). */
  checkRequest(method: string, route: string, body: unknown, contentType?: string): string[];
  /** Where this response differs from what the vendor documents sending ([] when it matches). */
  checkResponse(
    method: string,
    route: string,
    status: number,
    body: unknown,
    contentType?: string,
  ): string[];
  /** Checks a value against one of the vendor's named schemas (e.g. a webhook body). */
  checkSchema(name: string, value: unknown): string[];
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DOCUMENTATION_ONLY = new Set([
  'discriminator',
  'example',
  'examples',
  'externalDocs',
  'xml',
  'nullable',
]);

/** OpenAPI's schema dialect → JSON Schema 2020-12, with every object closed (see above). */
function createConverter(schemas: Json, base: string, isOneOfLoose: boolean) {
  const refName = (ref: string) => {
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    if (!match?.[1]) throw new Error(`unsupported $ref ${ref}`);
    return decodeURIComponent(match[1]);
  };
  const closable = new Map<string, boolean>();
  /** Whether closing a reference to this named schema means something (it names properties). */
  function isClosable(name: string): boolean {
    const known = closable.get(name);
    if (known !== undefined) return known;
    closable.set(name, false); // a cycle adds nothing
    const schema = schemas[name];
    const result =
      isObject(schema) &&
      (isObject(schema.properties) ||
        ['allOf', 'anyOf', 'oneOf'].some((k) => Array.isArray(schema[k])) ||
        (typeof schema.$ref === 'string' && isClosable(refName(schema.$ref))));
    closable.set(name, result);
    return result;
  }

  /** `isPart`: a part of an allOf/anyOf/oneOf, closed by the schema that combines it. */
  function convert(node: unknown, isPart: boolean): unknown {
    if (!isObject(node)) return node;
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (DOCUMENTATION_ONLY.has(key) || key.startsWith('x-')) continue;
      if (key === 'properties' || key === 'patternProperties') {
        out[key] = Object.fromEntries(
          Object.entries(value as Json).map(([name, child]) => [name, convert(child, false)]),
        );
      } else if (key === 'items' || key === 'not' || key === 'contains') {
        out[key] = convert(value, key === 'not');
      } else if (key === 'prefixItems') {
        out[key] = (value as unknown[]).map((child) => convert(child, false));
      } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
        const as = key === 'oneOf' && isOneOfLoose ? 'anyOf' : key;
        out[as] = (value as unknown[]).map((child) => convert(child, true));
      } else if (key === 'additionalProperties') {
        if (value === true && isObject(node.properties)) continue;
        out[key] = isObject(value) ? convert(value, false) : value;
      } else if (key === '$ref') {
        out[key] = `${base}#/$defs/${encodeURIComponent(refName(String(value)))}`;
      } else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') {
        if (typeof value === 'number') out[key] = value;
        else if (value === true) {
          const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
          out[key] = node[bound];
          delete out[bound];
        }
      } else if ((key === 'minimum' || key === 'maximum') && hasExclusive(node, key)) {
        continue;
      } else if (key === 'enum' && node.type === 'array') {
        continue; // onto `items`, below
      } else if (key === 'pattern' && typeof value === 'string' && /^\/.+\/$/.test(value)) {
        out[key] = value.slice(1, -1);
      } else {
        out[key] = value;
      }
    }
    if (node.type === 'array' && Array.isArray(node.enum))
      out.items = { ...(isObject(out.items) ? out.items : {}), enum: node.enum };
    const combines = ['allOf', 'anyOf', 'oneOf'].some((k) => k in out);
    const namesProperties = isObject(out.properties);
    const references = typeof out.$ref === 'string' && isClosable(refName(String(node.$ref)));
    if (!isPart && (namesProperties || combines || references) && !('additionalProperties' in out))
      out.unevaluatedProperties = false;
    // An open object says so, so that a schema combining it counts its properties as known.
    if (out.type === 'object' && !namesProperties && !combines && !('additionalProperties' in out))
      out.additionalProperties = true;
    if (node.nullable !== true) return out;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
      return out;
    }
    return { anyOf: [out, { type: 'null' }] };
  }
  return convert;
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function hasExclusive(node: Json, bound: 'minimum' | 'maximum'): boolean {
  return node[bound === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true;
}

/** Ajv's errors as lines, one per kind of problem (array positions read as `*`). */
function describe(errors: ErrorObject[] | null | undefined): string[] {
  const lines = (errors ?? []).map((error) => {
    const extra =
      'unevaluatedProperty' in error.params
        ? ` '${String(error.params.unevaluatedProperty)}'`
        : 'additionalProperty' in error.params
          ? ` '${String(error.params.additionalProperty)}'`
          : 'allowedValues' in error.params
            ? ` (${JSON.stringify(error.params.allowedValues)})`
            : '';
    const where = error.instancePath.replace(/\/\d+(?=\/|$)/g, '/*') || '(body)';
    return `${where} ${error.message ?? 'is invalid'}${extra}`;
  });
  return [...new Set(lines)].slice(0, 40);
}

const cache = new Map<VendorName, VendorApi>();

/** The vendor's API description as checks (loaded and compiled once per test process). */
export function vendorApi(name: VendorName): VendorApi {
  const known = cache.get(name);
  if (known) return known;
  const document = JSON.parse(
    readFileSync(new URL(`./${name}.subset.json`, import.meta.url), 'utf8'),
  ) as { paths: Record<string, Record<string, Json>>; components: Record<string, Json> };
  const schemas = document.components.schemas ?? {};
  const base = `https://billow.invalid/vendor-apis/${name}`;
  const convert = createConverter(schemas, base, name === 'vapi');
  const defs = Object.fromEntries(
    Object.entries(schemas).map(([key, schema]) => [key, convert(schema, true)]),
  );

  const formats = new Set<string>();
  JSON.stringify(document, (key, value: unknown) => {
    if (key === 'format' && typeof value === 'string') formats.add(value);
    return value;
  });
  const build = (coerce: boolean) => {
    const ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      allowUnionTypes: true,
      coerceTypes: coerce ? 'array' : false,
    });
    addFormats(ajv);
    ajv.addFormat('url', isHttpUrl);
    for (const format of formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
    ajv.addSchema({ $id: base, $defs: defs });
    return ajv;
  };
  const strict = build(false);
  // Form-encoded bodies (Twilio's) arrive as strings: read them as the types the vendor declares.
  const forms = build(true);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: unknown, isForm: boolean) => {
    const found = compiled.get(key);
    if (found) return found;
    const validate = (isForm ? forms : strict).compile(convert(schema, false) as Json);
    compiled.set(key, validate);
    return validate;
  };
  const resolve = (value: unknown): Json => {
    if (!isObject(value)) return {};
    if (typeof value.$ref !== 'string') return value;
    const [, , kind, key] = value.$ref.split('/');
    return resolve(document.components[kind ?? '']?.[decodeURIComponent(key ?? '')]);
  };
  const operation = (method: string, route: string) => {
    const found = document.paths[route]?.[method.toLowerCase()];
    if (!found) throw new Error(`${name}'s description has no ${method} ${route} in the subset`);
    return found;
  };
  const run = (validate: ValidateFunction, value: unknown) =>
    validate(value) ? [] : describe(validate.errors);

  const api: VendorApi = {
    checkRequest(method, route, body, contentType = 'application/json') {
      const content = resolve(resolve(operation(method, route).requestBody).content);
      const media = resolve(content[contentType]);
      if (!media.schema) return [`${name} takes no ${contentType} body on ${method} ${route}`];
      const isForm = contentType === 'application/x-www-form-urlencoded';
      const validate = compile(`request ${method} ${route} ${contentType}`, media.schema, isForm);
      return run(validate, isForm ? structuredClone(body) : body);
    },
    checkResponse(method, route, status, body, contentType = 'application/json') {
      const responses = resolve(operation(method, route).responses);
      const response = resolve(responses[String(status)] ?? responses.default);
      const media = resolve(resolve(response.content)[contentType]);
      if (!media.schema)
        return [`${name} documents no ${status} ${contentType} answer to ${method} ${route}`];
      const key = `response ${method} ${route} ${status} ${contentType}`;
      return run(compile(key, media.schema, false), body);
    },
    checkSchema(schemaName, value) {
      if (!(schemaName in schemas)) throw new Error(`${name}'s subset has no schema ${schemaName}`);
      const ref = { $ref: `#/components/schemas/${encodeURIComponent(schemaName)}` };
      return run(compile(`schema ${schemaName}`, ref, false), value);
    },
  };
  cache.set(name, api);
  return api;
}

/**
 * What a fake saw that its vendor's description refuses. A fake records every violation and its
 * `close()` throws if any is left, so a test whose fake answered a shape the vendor never sends,
 * or accepted a request the vendor would refuse, fails. A test proving a refusal takes it with
 * `take()`.
 */
export function createViolations(vendor: string) {
  const list: string[] = [];
  return {
    record(what: string, problems: string[]) {
      const entry = `${what}:\n    ${problems.join('\n    ')}`;
      if (problems.length > 0 && !list.includes(entry)) list.push(entry);
    },
    take(): string[] {
      return list.splice(0);
    },
    assertNone() {
      if (list.length === 0) return;
      const text = list.splice(0).join('\n  ');
      throw new Error(
        `The fake ${vendor} saw what ${vendor}'s API description refuses:\n  ${text}`,
      );
    },
  };
}
