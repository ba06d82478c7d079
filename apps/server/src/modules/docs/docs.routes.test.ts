import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouteGroups, isKnownTimeZone, userRoutes, type RouteContract } from '@billow/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openApiPath, UNDOCUMENTED_GROUPS, type OpenApiDocument } from './openapi-document';

type Operation = {
  operationId: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content: Record<string, { schema: Record<string, unknown> }> }>;
};

const documented = Object.entries(apiRouteGroups)
  .filter(([group]) => !UNDOCUMENTED_GROUPS.includes(group as keyof typeof apiRouteGroups))
  .flatMap(([, routes]) => Object.values(routes) as RouteContract[]);
const undocumented = UNDOCUMENTED_GROUPS.flatMap(
  (group) => Object.values(apiRouteGroups[group]) as RouteContract[],
);

/** Every `$ref` anywhere in a value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

describe('the OpenAPI document at GET /api/openapi.json', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json() as OpenApiDocument;
  });
  afterAll(() => t.close());

  const operationOf = (route: RouteContract) =>
    document.paths[openApiPath(route.path).path]?.[route.method.toLowerCase()] as
      Operation | undefined;

  it('is an OpenAPI 3.1 document: version, info, paths and components', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: 'Billow API', version: expect.any(String) });
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/[^:]*$/);
      for (const [method, operation] of Object.entries(operations)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(Object.keys((operation as Operation).responses)).toContain('200');
      }
    }
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(document.components.schemas.Problem).toMatchObject({ type: 'object' });
    // JSON Schema 2020-12 inline: no dialect per schema, and every reference resolves.
    expect(JSON.stringify(document.paths)).not.toContain('$schema');
    for (const ref of refsIn(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(
        document.components.schemas[ref.slice('#/components/schemas/'.length)],
        ref,
      ).toBeDefined();
    }
  });

  it('holds every route of the route list, with its method and schemas', () => {
    expect(documented.length).toBeGreaterThan(10);
    const missing = documented.filter((route) => !operationOf(route));
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    for (const route of documented) {
      const operation = operationOf(route)!;
      const what = `${route.method} ${route.path}`;
      expect(operation.security, what).toEqual(route.auth === false ? [] : [{ bearer: [] }]);
      if (route.body) {
        expect(operation.requestBody?.content['application/json']?.schema, what).toBeDefined();
      } else {
        expect(operation.requestBody, what).toBeUndefined();
      }
      const answer = operation.responses['200']!.content;
      expect(Object.keys(answer), what).toEqual([route.responseType ?? 'application/json']);
      expect(answer[route.responseType ?? 'application/json']!.schema, what).toBeDefined();
      expect(operation.responses.default!.content['application/problem+json'], what).toBeDefined();
      for (const param of openApiPath(route.path).params) {
        expect(operation.parameters, what).toContainEqual(
          expect.objectContaining({ name: param, in: 'path', required: true }),
        );
      }
    }
  });

  it("describes a route's fields as the contract does", () => {
    const create = document.paths['/api/user/access-tokens/create']!.post as Operation;
    expect(create.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 }, canWrite: { type: 'boolean' } },
      required: ['name'],
    });
    const upcoming = document.paths['/api/calendar/upcoming']?.get as Operation | undefined;
    expect(upcoming?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'from', in: 'query', required: true }),
        expect.objectContaining({ name: 'until', in: 'query', required: true }),
      ]),
    );
    const listAll = document.paths['/api/subscriptions/list-all']!.get as Operation;
    expect(listAll.responses['200']!.content['application/json']!.schema).toMatchObject({
      type: 'array',
      items: { type: 'object' },
    });
  });

  it('states the email format and the time zones the server accepts', () => {
    const update = document.paths[userRoutes.updateProfileInfo.path]!.post as Operation;
    const fields = update.requestBody!.content['application/json']!.schema.properties as Record<
      string,
      { format?: string; enum?: string[] }
    >;
    expect(fields.email!.format).toBe('email');
    const zones = fields.time_zone!.enum!;
    expect(zones).toEqual(expect.arrayContaining(['UTC', 'America/New_York', 'Europe/Paris']));
    // Every listed zone is one the server accepts.
    for (const zone of zones) expect(isKnownTimeZone(zone), zone).toBe(true);
  });

  it("leaves out the sandbox's own helpers", () => {
    expect(undocumented.length).toBeGreaterThan(0);
    for (const route of undocumented) expect(operationOf(route), route.path).toBeUndefined();
  });
});

describe('the API reference at GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is a page whose scripts and style are served here, under the strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual([
      'docs/swagger-ui.css',
      'docs/swagger-ui-bundle.js',
      'docs/reference.js',
    ]);
    for (const asset of assets) {
      const file = await t.app.inject({ method: 'GET', url: `/api/${asset}` });
      expect(file.statusCode, asset).toBe(200);
      expect(file.headers['content-type'], asset).toMatch(/^text\/(css|javascript)/);
      expect(file.body.length, asset).toBeGreaterThan(50);
    }
  });

  it('serves no other file', async () => {
    for (const name of ['package.json', '..%2Fpackage.json', 'index.html', 'constructor']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/docs/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });
});
