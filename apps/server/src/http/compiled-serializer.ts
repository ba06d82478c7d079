/**
 * Answers written by a serialiser compiled from the contract's JSON schema (fast-json-stringify,
 * what Fastify itself uses) instead of a zod parse followed by JSON.stringify: the parse was a
 * real share of a request's cost (issue 16). It writes only the contract's properties, as the
 * zod parse does; it does not check values as zod does, so tests and development keep the zod
 * serialiser (CHECK_RESPONSES) and catch a handler that drifts from its contract. A schema that
 * JSON Schema cannot express (a transform, a date) keeps the zod serialiser.
 */
import fastJson from 'fast-json-stringify';
import type { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof serializerCompiler;

/**
 * Each route's serialiser is compiled when the route first answers, not at start-up: compiling
 * every route's took about a third of the HTTP app's start (issue 42), for routes a session may
 * never call.
 */
export function compiledSerializerCompiler(fallback: SerializerCompiler): SerializerCompiler {
  const compile = compiledOrFallback(fallback);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
}

function compiledOrFallback(fallback: SerializerCompiler): SerializerCompiler {
  return (route) => {
    const { schema } = route;
    if (!(schema instanceof z.core.$ZodType)) return fallback(route);
    try {
      const jsonSchema = z.toJSONSchema(schema, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'throw',
      });
      return fastJson(withoutStringChecks(jsonSchema) as Parameters<typeof fastJson>[0]);
    } catch {
      return fallback(route);
    }
  };
}

/**
 * The schema without `format` and `pattern`: writing a string needs neither, and where a union
 * makes fast-json-stringify pick a branch it checks them with its own validator, whose idea of a
 * URI differs from zod's (zod's `z.url()` takes `A:`, that validator does not) — the answer would
 * fail there after zod let it through. A keyword's value is a string; a property that happens to
 * be named `format` holds a schema object and stays.
 */
function withoutStringChecks(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutStringChecks);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(
        ([key, value]) => !((key === 'format' || key === 'pattern') && typeof value === 'string'),
      )
      .map(([key, value]) => [key, withoutStringChecks(value)]),
  );
}
