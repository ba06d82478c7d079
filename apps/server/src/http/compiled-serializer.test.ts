import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { apiRoutes } from '@billow/contracts';
import { fromSchema } from '../../test/arbitraries';
import { compiledSerializerCompiler } from './compiled-serializer';

type Compile = typeof serializerCompiler;
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');
const compiled = compiledSerializerCompiler(serializerCompiler);
const serializerOf = (compile: Compile, schema: z.ZodType, url: string) =>
  compile({ schema, method: 'GET', url, httpStatus: '200' }) as (data: unknown) => string;

describe('the compiled response serialiser', () => {
  it("compiles a route's serialiser on its first answer, not when the route is registered", () => {
    let compiledRoutes = 0;
    const counting: Compile = (route) => {
      compiledRoutes++;
      return serializerCompiler(route);
    };
    // A date cannot be written from JSON Schema, so this route's serialiser is the fallback's.
    const serialize = serializerOf(
      compiledSerializerCompiler(counting),
      z.object({ at: z.date() }),
      '/at',
    );
    expect(compiledRoutes).toBe(0);
    expect(JSON.parse(serialize({ at: new Date(0) }))).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    serialize({ at: new Date(0) });
    expect(compiledRoutes).toBe(1);
  });

  it('writes every answer a contract allows as the zod serialiser does', () => {
    for (const route of apiRoutes) {
      const jsonSchema = z.toJSONSchema(route.response, { io: 'output', unrepresentable: 'any' });
      const fast = serializerOf(compiled, route.response, route.path);
      const checked = serializerOf(serializerCompiler, route.response, route.path);
      fc.assert(
        fc.property(
          // Answers as a handler writes them: allowed, and in the form zod's parse gives (zod
          // trims a URL, for one; the compiled serialiser writes what it is given).
          fromSchema(jsonSchema as Parameters<typeof fromSchema>[0], false)
            .filter((value) => route.response.safeParse(value).success)
            .map((value) => asJson(route.response.parse(value))),
          (value) => {
            expect(JSON.parse(fast(value)), `${route.method} ${route.path}`).toEqual(
              JSON.parse(checked(value)),
            );
          },
        ),
        { numRuns: 15 },
      );
    }
    // Every route of the API, fifteen answers each: pure work that cannot hang, so no wall-clock
    // limit for a busy machine to break (issue 42).
  }, 0);

  it('leaves out what the contract does not name, as the zod serialiser does', () => {
    const schema = z.object({ id: z.string(), note: z.string().nullable() });
    const fast = serializerOf(compiled, schema, '/x');
    expect(JSON.parse(fast({ id: 'a', note: null, secret: 'pin' }))).toEqual({
      id: 'a',
      note: null,
    });
  });
});
