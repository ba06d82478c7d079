/**
 * Mounts a contract from packages/contracts as a Fastify route: the contract's zod shapes
 * validate what comes in and serialise what goes out, so the server cannot drift from the web.
 * A contract is signed-in only unless it says `auth: false`; then the handler gets `userId`.
 * A signed-in route also takes a personal access token, as far as its contract and method allow.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteContract } from '@billow/contracts';
import { ProblemError } from './problem';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Resolves an Authorization header to a user id, or throws a 401 problem. Given the route's
     * access, a personal access token may be the bearer (or be refused with a 403 problem);
     * without it, only a session token is.
     */
    authenticate: (authorization: string | undefined, access?: RouteAccess) => Promise<string>;
  }
  interface FastifyRequest {
    userId: string;
  }
}

/** What a route allows a personal access token: whether it changes things, and whether at all. */
export type RouteAccess = {
  isChange: boolean;
  acceptsAccessTokens: boolean;
  /** The scope a personal access token needs beyond read or write (the contract's tokenScope). */
  tokenScope?: 'payments' | 'sensitive' | undefined;
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

type RouteRequest<R extends RouteContract> = Omit<FastifyRequest, 'body' | 'query'> & {
  body: Parsed<R['body']>;
  query: Parsed<R['query']>;
};

type RouteHandler<R extends RouteContract> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<z.output<R['response']>>;

type MountOptions = {
  /** Per-client limit for this route (by IP): at most `max` requests per `timeWindow`. */
  rateLimit?: { max: number; timeWindow: string | number };
  /** The largest body this route takes, in bytes, when not the app's default. */
  bodyLimit?: number;
};

export function mount<R extends RouteContract>(
  app: FastifyInstance,
  contract: R,
  handler: RouteHandler<R>,
  options: MountOptions = {},
): void {
  const isSignedInOnly = contract.auth !== false;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: contract.path,
    schema: {
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      response: { 200: contract.response },
    },
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    // Authentication runs before the body is validated, so a stranger learns nothing about shapes.
    ...(isSignedInOnly ? { onRequest: signedInOnly(app, contract) } : {}),
    handler: async (request, reply) => {
      try {
        return await handler(request as unknown as RouteRequest<R>, reply);
      } catch (error) {
        if (error instanceof ProblemError && error.code && !declares(contract, error.code)) {
          // The web only knows the codes a contract declares: an undeclared one is a bug here.
          request.log.error({ route: contract.path, code: error.code }, UNDECLARED_PROBLEM_CODE);
        }
        throw error;
      }
    },
  });
}

/**
 * The hook that makes a route signed-in only: it sets `request.userId` from the bearer token, or
 * answers 401 (403 for a personal access token the route does not take). `mount` adds it to every
 * contract that does not say `auth: false`; a plain route (one that does not answer JSON) adds it
 * itself.
 */
export function signedInOnly(app: FastifyInstance, contract: RouteContract) {
  const access: RouteAccess = {
    isChange: contract.method !== 'GET',
    acceptsAccessTokens: contract.acceptsAccessTokens !== false,
    tokenScope: contract.tokenScope,
  };
  return async (request: FastifyRequest) => {
    request.userId = await app.authenticate(request.headers.authorization, access);
  };
}

export const UNDECLARED_PROBLEM_CODE = 'a problem code the route does not declare';

function declares(contract: RouteContract, code: string): boolean {
  return contract.problemCodes?.safeParse(code).success ?? false;
}
