/**
 * The OpenAPI 3.1 document of Billow's API, built from the contracts' route list: each route's
 * method, path, query, body, answer and problem codes become an operation, their zod shapes
 * turned into JSON Schema 2020-12 (OpenAPI 3.1's dialect) by `z.toJSONSchema`. There is no second
 * description of the API to keep in step: a new contract is documented the day it lands.
 */
import { z } from 'zod';
import {
  apiRouteGroups,
  PERSONAL_ACCESS_TOKEN_PREFIX,
  problemDetails,
  type RouteContract,
} from '@billow/contracts';

/**
 * Groups left out: the sandbox's own helpers (the outbox, the fake bank's Link dialog) exist
 * only when Billow runs in sandbox mode and are not an API anyone should script against.
 */
export const UNDOCUMENTED_GROUPS: readonly (keyof typeof apiRouteGroups)[] = ['dev', 'sandbox'];

type JsonSchema = { [key: string]: unknown };
type Operation = JsonSchema;

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };

/** `/api/calendar/feed/:secret` → `/api/calendar/feed/{secret}`, and the names in it. */
export function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_whole, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

export function buildOpenApiDocument(options: { version: string }): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {
    Problem: toSchema(problemDetails, 'output', 'Problem', {}),
  };
  const paths: OpenApiDocument['paths'] = {};
  for (const [group, routes] of Object.entries(apiRouteGroups)) {
    if (UNDOCUMENTED_GROUPS.includes(group as keyof typeof apiRouteGroups)) continue;
    for (const [name, route] of Object.entries(routes) as [string, RouteContract][]) {
      const { path } = openApiPath(route.path);
      paths[path] = {
        ...paths[path],
        [route.method.toLowerCase()]: operationOf(route, group, name, schemas),
      };
    }
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Billow API',
      version: options.version,
      description: [
        'Everything the Billow web app does, over HTTP with JSON.',
        '',
        'Sign in with a session token, or make a personal access token in your profile and send it',
        `as \`Authorization: Bearer ${PERSONAL_ACCESS_TOKEN_PREFIX}…\`. A token reads (GET); only a`,
        'token made with the write scope may change things, only one with the payments scope may',
        'pay, only one with the sensitive scope may see or change identity details, gift-card',
        'numbers and answers for calls, and no token may manage tokens or delete the account.',
        'Errors are RFC 9457 problem details (application/problem+json).',
      ].join('\n'),
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `A session token, or a personal access token (${PERSONAL_ACCESS_TOKEN_PREFIX}…).`,
        },
      },
    },
  };
}

function operationOf(
  route: RouteContract,
  group: string,
  name: string,
  schemas: Record<string, JsonSchema>,
): Operation {
  const operationId = `${group}.${name}`;
  const isSignedIn = route.auth !== false;
  const { params } = openApiPath(route.path);
  const parameters = [
    ...params.map((param) => ({
      name: param,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...queryParameters(route, operationId, schemas),
  ];
  const problemCodes = route.problemCodes
    ? (toSchema(route.problemCodes, 'output', operationId, schemas).enum as string[] | undefined)
    : undefined;
  const notes = [
    ...(isSignedIn && route.acceptsAccessTokens === false
      ? ['Needs a session: personal access tokens are refused (403).']
      : []),
    ...(isSignedIn && route.acceptsAccessTokens !== false && route.tokenScope
      ? [`A personal access token needs the ${route.tokenScope} scope.`]
      : []),
    ...(isSignedIn &&
    route.acceptsAccessTokens !== false &&
    !route.tokenScope &&
    route.method !== 'GET'
      ? ['A personal access token needs the write scope.']
      : []),
    ...(problemCodes?.length ? [`Problem codes: ${problemCodes.join(', ')}.`] : []),
  ];
  return {
    operationId,
    tags: [group],
    ...(notes.length ? { description: notes.join('\n\n') } : {}),
    security: isSignedIn ? [{ bearer: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: toSchema(route.body, 'input', `${operationId}.body`, schemas),
              },
            },
          },
        }
      : {}),
    responses: {
      '200': {
        description: 'OK',
        content: route.responseType
          ? { [route.responseType]: { schema: { type: 'string' } } }
          : {
              'application/json': {
                schema: toSchema(route.response, 'output', `${operationId}.response`, schemas),
              },
            },
      },
      default: {
        description: 'A problem (RFC 9457).',
        content: { 'application/problem+json': { schema: PROBLEM_REF } },
      },
    },
    ...(problemCodes?.length ? { 'x-problem-codes': problemCodes } : {}),
  };
}

/** A query shape's fields, each a query parameter. */
function queryParameters(
  route: RouteContract,
  operationId: string,
  schemas: Record<string, JsonSchema>,
) {
  if (!route.query) return [];
  const schema = toSchema(route.query, 'input', `${operationId}.query`, schemas);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: property,
  }));
}

/**
 * A zod shape as an inline JSON Schema. Definitions zod hoists (a recursive shape's `$defs`)
 * move to the document's components, so every `$ref` resolves from the document's root.
 */
function toSchema(
  shape: z.ZodType,
  io: 'input' | 'output',
  owner: string,
  schemas: Record<string, JsonSchema>,
): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...schema
  } = z.toJSONSchema(shape, {
    io,
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const refOf = (def: string) => `${owner}.${def}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
          ? [key, `#/components/schemas/${refOf(inner.slice('#/$defs/'.length))}`]
          : [key, relink(inner)],
      ),
    );
  };
  for (const [def, body] of Object.entries($defs ?? {})) {
    schemas[refOf(def)] = relink(body) as JsonSchema;
  }
  return relink(schema) as JsonSchema;
}
