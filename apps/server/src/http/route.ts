/**
 * Mounts a contract from packages/contracts as a Fastify route: the contract's zod shapes
 * validate what comes in and serialise what goes out, so the server cannot drift from the web.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteContract } from '@billow/contracts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteRequest<R extends RouteContract> = Omit<FastifyRequest, 'body' | 'query'> & {
  body: Parsed<R['body']>;
  query: Parsed<R['query']>;
};

export type RouteHandler<R extends RouteContract> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<z.output<R['response']>>;

export type MountOptions = {
  preHandler?: RouteShorthandOptions['preHandler'];
  config?: RouteShorthandOptions['config'];
};

export function mount<R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  handler: RouteHandler<R>,
  options: MountOptions = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      response: { 200: contract.response },
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.config ? { config: options.config } : {}),
    handler: (request, reply) => handler(request as unknown as RouteRequest<R>, reply),
  });
}
