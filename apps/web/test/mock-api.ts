/**
 * A stand-in for the server in component tests: `fetch` is stubbed, each contract route gets
 * its replies (the last reply repeats), and every request is recorded so a test can read what
 * the screen sent. Unknown routes answer 404, as the real server would.
 */
import { vi } from 'vitest';
import {
  problemTitles,
  problemTypeUri,
  type ProblemTypeName,
  type RouteContract,
} from '@billow/contracts';

export type RecordedRequest = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
};

/** A reply is made fresh for each request: a Response body can be read only once. */
export type Reply = (request: RecordedRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

export function problem(
  status: number,
  type: ProblemTypeName,
  detail: string,
  headers: Record<string, string> = {},
  /** The problem's machine-readable code, as the route declares it. */
  code?: string,
): Reply {
  return (request) =>
    new Response(
      JSON.stringify({
        type: problemTypeUri(type),
        title: problemTitles[type],
        status,
        detail,
        instance: request.path,
        ...(code ? { code } : {}),
      }),
      { status, headers: { 'content-type': 'application/problem+json', ...headers } },
    );
}

/** A request that never answers, to look at a screen while it waits. */
export const never: Reply = () => new Promise<Response>(() => {});

/** The connection fails, as when the phone is offline. */
export const offline: Reply = () => Promise.reject(new TypeError('Failed to fetch'));

const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

export function mockApi() {
  const replies = new Map<string, Reply[]>();
  const requests: RecordedRequest[] = [];

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const request: RecordedRequest = {
        method: init.method ?? 'GET',
        path: input,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      requests.push(request);
      // A route answered without naming a query string answers it with any query string.
      const queue =
        replies.get(keyOf(request)) ??
        replies.get(keyOf({ ...request, path: input.split('?')[0]! }));
      const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      return (reply ?? problem(404, 'not-found', 'No such route'))(request);
    }),
  );

  return {
    /** Answers `route` with these replies in turn; the last one answers every later call. */
    on(route: RouteContract, ...routeReplies: Reply[]) {
      replies.set(keyOf(route), routeReplies);
      return this;
    },
    requests,
    requestsTo(route: RouteContract): RecordedRequest[] {
      return requests.filter(
        (request) =>
          keyOf(request) === keyOf(route) ||
          (!route.path.includes('?') &&
            keyOf({ ...request, path: request.path.split('?')[0]! }) === keyOf(route)),
      );
    },
  };
}
