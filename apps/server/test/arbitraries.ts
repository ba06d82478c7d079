/**
 * fast-check arbitraries for request bodies, derived from a route's zod contract (through its
 * JSON Schema, zod's public description of itself), plus the hostile values a probe throws at an
 * API: NUL and lone surrogates, huge and odd numbers, prototype keys, injection-looking text.
 */
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};

export const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udfff\ud800',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '{"$ne":null}',
  '../../etc/passwd',
  '%00%0d%0a',
  '\u202e\u200b',
  '<script>alert(1)</script>',
  '💸'.repeat(100),
  'A'.repeat(5000),
];

const hostileString = fc.constantFrom(...hostileStrings);
const hostileNumber = fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1 + 0.2);

/** Any JSON value, hostile strings and numbers included. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 3 },
    hostileString,
    hostileNumber,
    fc.constantFrom(null, true, false, ''),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString, fc.string({ maxLength: 8 })), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

function stringOf(schema: JsonSchema, hostile: boolean): fc.Arbitrary<string> {
  const normal = (() => {
    if (schema.format === 'uuid') return fc.uuid();
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.format === 'date-time')
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
    return fc.string({
      minLength: schema.minLength ?? 0,
      maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40)),
    });
  })();
  return hostile ? fc.oneof(normal, hostileString) : normal;
}

/** Values that fit the schema; with `hostile`, any leaf may be a hostile value instead. */
export function fromSchema(schema: JsonSchema, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fitsSchema(schema, hostile, depth);
  return hostile && depth > 0 ? fc.oneof({ weight: 4, arbitrary: fitting }, hostileJson) : fitting;
}

function fitsSchema(schema: JsonSchema, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => fromSchema(s, hostile, depth + 1)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], hostile, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema, hostile);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items ?? {}, hostile, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
        const keys = schema.propertyNames ? stringOf(schema.propertyNames, hostile) : fc.string();
        return fc.dictionary(keys, fromSchema(schema.additionalProperties, hostile, depth + 1), {
          maxKeys: 3,
        });
      }
      const record = Object.fromEntries(
        Object.entries(properties).map(([name, s]) => [name, fromSchema(s, hostile, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return hostile ? hostileJson : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Request bodies for a contract: fitting ones, ones with hostile leaves, and any JSON at all. */
export function bodiesFor(body: z.ZodType): fc.Arbitrary<unknown> {
  const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fc.oneof(fromSchema(schema, false), fromSchema(schema, true), hostileJson);
}
