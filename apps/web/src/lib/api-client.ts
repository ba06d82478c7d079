/**
 * The shared request helper (docs/sign-in.md, "Requests and expired tokens"): JSON in and out, a
 * bearer token from session storage (key 'token' unless told otherwise), no body on GET, and on a
 * 401 one call to the registered refresh function and one retry, unless skip-retry is asked for. It
 * only throws ApiError; screens decide what to show.
 */
import {
  problemNameOf,
  requestMessages,
  TOKEN_STORAGE_KEY,
  type HttpMethod,
  type ProblemDetails,
  type ProblemFieldError,
  type RouteBody,
  type RouteContract,
  type RouteRef,
  type RouteResponse,
} from '@billow/contracts';
import type { z } from 'zod';

type ApiErrorKind = 'unauthorized' | 'http' | 'network' | 'invalid-response';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | undefined = undefined,
    readonly problem: ProblemDetails | undefined = undefined,
    /** Seconds the server asked us to wait (Retry-After), e.g. on a 429. */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isUnauthorized(): boolean {
    return this.kind === 'unauthorized';
  }

  /** The problem type name (e.g. 'validation'), when the server sent problem details. */
  get problemType() {
    return this.problem ? problemNameOf(this.problem.type) : undefined;
  }

  /** Why, for machines: one of the route's declared problem codes (see problem-codes.ts). */
  get problemCode(): string | undefined {
    return this.problem?.code;
  }
}

type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  headers?: Record<string, string>;
  tokenKey?: string;
  skipRetry?: boolean;
  signal?: AbortSignal;
};

type RefreshFunction = () => Promise<boolean>;
let refresh: RefreshFunction | undefined;
let onUnauthorized: (() => void) | undefined;
/**
 * The refresh under way, shared by every request that meets a 401 meanwhile. The dashboard fires
 * several queries at once; were each to refresh with the same stored refresh token, the server
 * would see the second use as theft and end the session.
 */
let refreshInFlight: Promise<boolean> | undefined;

/** The session registers how to refresh tokens; the helper calls it on a 401. */
export function registerRefreshFunction(fn: RefreshFunction | undefined): void {
  refresh = fn;
}

/** Called when a 401 survives the refresh: the session signs the user out. */
export function registerUnauthorizedHandler(fn: (() => void) | undefined): void {
  onUnauthorized = fn;
}

/** Something other than a request learned the session ended (the chat socket): sign out. */
export function endExpiredSession(): void {
  onUnauthorized?.();
}

/**
 * Runs the registered refresh function, or joins the one already running: however many requests
 * ask at once, one refresh call is made and all of them learn its outcome.
 */
export function refreshSession(): Promise<boolean> {
  if (!refresh) return Promise.resolve(false);
  if (!refreshInFlight) {
    const running = refresh();
    refreshInFlight = running
      .catch(() => false)
      .finally(() => {
        refreshInFlight = undefined;
      });
  }
  return refreshInFlight;
}

function storedToken(options: RequestOptions): string | null {
  return sessionStorage.getItem(options.tokenKey ?? TOKEN_STORAGE_KEY);
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const token = storedToken(options);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = method !== 'GET' && options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(path, {
      method,
      headers,
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(requestMessages.network, 'network');
  }
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * The contract's problem details shape, checked by hand: this runs in the code every page loads
 * first, which carries no zod (the schemas come with the pages that need them).
 */
function asProblemDetails(value: unknown): ProblemDetails | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, title, status, detail, instance, code, errors } = value as Record<string, unknown>;
  if (![type, title, detail, instance].every(isString)) return undefined;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
    return undefined;
  if (code !== undefined && !isString(code)) return undefined;
  const isFieldError = (error: unknown): error is ProblemFieldError =>
    typeof error === 'object' &&
    error !== null &&
    ['field', 'message', 'code'].every((key) => isString((error as Record<string, unknown>)[key]));
  if (errors !== undefined && !(Array.isArray(errors) && errors.every(isFieldError)))
    return undefined;
  return {
    type: type as string,
    title: title as string,
    status,
    detail: detail as string,
    instance: instance as string,
    ...(code === undefined ? {} : { code }),
    ...(errors === undefined
      ? {}
      : {
          errors: (errors as ProblemFieldError[]).map(({ field, message, code: errorCode }) => ({
            field,
            message,
            code: errorCode,
          })),
        }),
  };
}

async function readProblem(response: Response): Promise<ProblemDetails | undefined> {
  try {
    return asProblemDetails(await response.json());
  } catch {
    return undefined;
  }
}

/** Sends with the session's token, refreshing once on a 401; answers an ok response or throws. */
async function sendSignedIn(path: string, options: RequestOptions): Promise<Response> {
  const sentToken = storedToken(options);
  let response = await send(path, options);
  if (response.status === 401) {
    // A refresh that ended while this request was on its way already stored a new token: retry
    // with it rather than spend the new refresh token on a second refresh.
    const hasNewerToken = storedToken(options) !== sentToken;
    const canRetry =
      !options.skipRetry && refresh !== undefined && (hasNewerToken || (await refreshSession()));
    if (canRetry) response = await send(path, options);
    if (response.status === 401) {
      const problem = await readProblem(response);
      onUnauthorized?.();
      throw new ApiError(requestMessages.authenticationFailed, 'unauthorized', 401, problem);
    }
  }
  if (!response.ok) {
    throw new ApiError(
      requestMessages.httpError(response.status),
      'http',
      response.status,
      await readProblem(response),
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
  return response;
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const response = await sendSignedIn(path, options);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(
      requestMessages.httpError(response.status),
      'invalid-response',
      response.status,
    );
  }
}

/** A full contract, or a ref standing for one (what first-loaded pages call). */
type Callable = RouteContract | RouteRef;
type ContractOf<T extends Callable> = T extends RouteContract
  ? T
  : T extends RouteRef<infer R>
    ? R
    : never;

type CallOptions<R extends RouteContract> = Omit<RequestOptions, 'method' | 'body'> &
  (R extends { query: z.ZodType } ? { query: z.input<R['query']> } : { query?: undefined });

/** The route's path with its query string (undefined values left out). */
function pathWithQuery(path: string, query: object | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()}`;
}

/**
 * The response schema of a route: its own, or for a ref the full contract's, from the schemas
 * chunk loaded on first need (by then the page has painted).
 */
async function responseSchema(route: Callable): Promise<z.ZodType | undefined> {
  if ('response' in route && route.response) return route.response;
  const { contractFor } = await import('./route-schemas');
  return contractFor(route)?.response;
}

/**
 * Calls a contract route and checks the answer against the contract's response shape. A route
 * with a `query` contract takes its query in the options.
 */
export async function api<T extends Callable>(
  route: T,
  ...[body, options]: ContractOf<T> extends { body: z.ZodType }
    ? [body: RouteBody<ContractOf<T>>, options?: CallOptions<ContractOf<T>>]
    : ContractOf<T> extends { query: z.ZodType }
      ? [body: undefined, options: CallOptions<ContractOf<T>>]
      : [body?: undefined, options?: CallOptions<ContractOf<T>>]
): Promise<RouteResponse<ContractOf<T>>> {
  const { query, ...requestOptions } = (options ?? {}) as CallOptions<ContractOf<T>>;
  const data = await apiRequest(pathWithQuery(route.path, query), {
    ...requestOptions,
    method: route.method,
    body,
  });
  const schema = await responseSchema(route);
  const parsed = schema?.safeParse(data);
  if (!parsed?.success) {
    throw new ApiError(requestMessages.unexpected, 'invalid-response');
  }
  return parsed.data as RouteResponse<ContractOf<T>>;
}

/**
 * Downloads a route that answers a file rather than JSON (the data export's ZIP), with the same
 * token, refresh and errors as `api`. The file name is the one the server gives, if any.
 */
export async function apiDownload(
  route: Callable,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await sendSignedIn(route.path, {
    ...options,
    method: route.method,
    headers: { Accept: '*/*', ...options.headers },
  });
  const fileName = /filename="([^"]+)"/.exec(
    response.headers.get('Content-Disposition') ?? '',
  )?.[1];
  try {
    return { blob: await response.blob(), fileName };
  } catch {
    // The connection dropped while the file was coming in.
    throw new ApiError(requestMessages.network, 'network');
  }
}
