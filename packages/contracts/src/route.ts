/**
 * A route contract: method, path and the zod shapes of what goes in and comes out. The server
 * registers it with fastify-type-provider-zod; the web client calls it through `api(route, …)`.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RouteContract = {
  method: HttpMethod;
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  /**
   * The answer's media type when it is not JSON (a file, a calendar, a page): a plain route
   * serves it, and `response` stands in for its bytes.
   */
  responseType?: string;
  /** Whether the route needs a signed-in user (default true for product routes). */
  auth?: boolean;
  /**
   * Whether a personal access token may call it (default true: a read with any token, a change
   * with a `write` token). Managing tokens and deleting the account need a session.
   */
  acceptsAccessTokens?: boolean;
  /**
   * The scope a personal access token needs for it instead of read or write: `payments` for
   * what moves money, `sensitive` for identity details, gift-card numbers and answers for calls.
   */
  tokenScope?: 'payments' | 'sensitive';
  /**
   * The machine-readable `code`s its problems may carry on purpose (see problem-codes.ts), for
   * the web to choose its words by instead of reading `detail`.
   */
  problemCodes?: z.ZodType<string>;
};

/** Pure, so the web build drops contracts a page does not use. */
/* @__NO_SIDE_EFFECTS__ */
export function defineRoute<const R extends RouteContract>(route: R): R {
  return route;
}

export type RouteBody<R extends RouteContract> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : undefined;
export type RouteResponse<R extends RouteContract> = z.output<R['response']>;
export type RouteProblemCode<R extends RouteContract> = R['problemCodes'] extends z.ZodType
  ? z.output<R['problemCodes']>
  : never;
