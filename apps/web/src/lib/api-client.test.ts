import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { authRouteRefs, defineRoute } from '@billow/contracts';
import {
  api,
  apiDownload,
  apiRequest,
  ApiError,
  registerRefreshFunction,
  parseRetryAfter,
  registerUnauthorizedHandler,
} from './api-client';

type Call = { url: string; init: RequestInit };

function mockFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const queue = [...responses];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = queue.shift();
      if (!next) throw new Error('no more responses');
      return next;
    }),
  );
  return calls;
}

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

function header(call: Call, name: string): string | undefined {
  return (call.init.headers as Record<string, string>)[name];
}

describe(apiRequest.name, () => {
  beforeEach(() => {
    registerRefreshFunction(undefined);
    registerUnauthorizedHandler(undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token from session storage key "token" and JSON bodies', async () => {
    sessionStorage.setItem('token', 'id-token');
    const calls = mockFetch(json(200, { ok: true }));
    await expect(apiRequest('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    expect(header(calls[0]!, 'Authorization')).toBe('Bearer id-token');
    expect(header(calls[0]!, 'Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('reads the token from another key when told to', async () => {
    sessionStorage.setItem('accessToken', 'access');
    const calls = mockFetch(json(200, {}));
    await apiRequest('/api/x', { tokenKey: 'accessToken' });
    expect(header(calls[0]!, 'Authorization')).toBe('Bearer access');
  });

  it('never sends a body on GET', async () => {
    const calls = mockFetch(json(200, {}));
    await apiRequest('/api/x', { method: 'GET', body: { ignored: true } });
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('raises "HTTP error! status: N" for a non-OK answer and keeps the problem details', async () => {
    mockFetch(
      json(
        404,
        {
          type: 'https://billow.app/problems/not-found',
          title: 'Not Found',
          status: 404,
          detail: 'gone',
          instance: '/api/x',
        },
        'application/problem+json',
      ),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('HTTP error! status: 404');
    expect((error as ApiError).problemType).toBe('not-found');
  });

  it('keeps problem details only when they have the contract shape', async () => {
    const problem = {
      type: 'https://billow.app/problems/validation',
      title: 'Validation Failed',
      status: 400,
      detail: 'bad',
      instance: '/api/x',
      code: 'phone-invalid',
      errors: [{ field: 'phoneNumber', message: 'Required', code: 'invalid_type' }],
    };
    mockFetch(json(400, { ...problem, extra: true }, 'application/problem+json'));
    expect(((await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError).problem).toEqual(
      problem,
    );
    mockFetch(json(400, { ...problem, status: '400' }, 'application/problem+json'));
    expect(
      ((await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError).problem,
    ).toBeUndefined();
  });

  it('keeps how long a rate-limited caller should wait', async () => {
    mockFetch(
      new Response(JSON.stringify({}), {
        status: 429,
        headers: { 'content-type': 'application/json', 'Retry-After': '42' },
      }),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).retryAfterSeconds).toBe(42);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    sessionStorage.setItem('token', 'old');
    registerRefreshFunction(async () => {
      sessionStorage.setItem('token', 'new');
      return true;
    });
    const calls = mockFetch(json(401, {}), json(200, { ok: 1 }));
    await expect(apiRequest('/api/x')).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => header(c, 'Authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('shares one refresh among parallel requests that meet a 401, and retries each once', async () => {
    sessionStorage.setItem('token', 'expired');
    const refresh = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sessionStorage.setItem('token', 'fresh');
      return true;
    });
    registerRefreshFunction(refresh);
    const seen: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const authorization = (init.headers as Record<string, string>).Authorization;
        seen.push(`${url} ${authorization}`);
        return authorization === 'Bearer fresh' ? json(200, { url }) : json(401, {});
      }),
    );
    const paths = ['/api/a', '/api/b', '/api/c', '/api/d'];
    await expect(Promise.all(paths.map((path) => apiRequest(path)))).resolves.toEqual(
      paths.map((url) => ({ url })),
    );
    expect(refresh).toHaveBeenCalledOnce();
    expect(seen.filter((line) => line.endsWith('Bearer fresh'))).toHaveLength(paths.length);
  });

  it('retries without refreshing again when a refresh finished while the request was out', async () => {
    sessionStorage.setItem('token', 'expired');
    const refresh = vi.fn(async () => true);
    registerRefreshFunction(refresh);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const authorization = (init.headers as Record<string, string>).Authorization;
        if (authorization === 'Bearer expired') {
          // Another request's refresh lands before this one's 401 comes back.
          sessionStorage.setItem('token', 'fresh');
          return json(401, {});
        }
        return json(200, { ok: true });
      }),
    );
    await expect(apiRequest('/api/x')).resolves.toEqual({ ok: true });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('signs out with "Authentication failed. Please log in again." when the refresh fails', async () => {
    const signOut = vi.fn();
    registerUnauthorizedHandler(signOut);
    registerRefreshFunction(async () => false);
    const calls = mockFetch(json(401, {}));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Authentication failed. Please log in again.');
    expect((error as ApiError).isUnauthorized).toBe(true);
    expect(signOut).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(1);
  });

  it('does not refresh when skip-retry is asked for', async () => {
    const refresh = vi.fn(async () => true);
    registerRefreshFunction(refresh);
    mockFetch(json(401, {}));
    const error = await apiRequest('/api/x', { skipRetry: true }).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('Authentication failed. Please log in again.');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('turns a failed connection into a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('network');
    expect((error as ApiError).message).toBe(
      'Network error. Please check your connection and try again.',
    );
  });
});

describe(api.name, () => {
  afterEach(() => vi.unstubAllGlobals());
  const route = defineRoute({
    method: 'GET',
    path: '/api/things',
    response: z.array(z.object({ id: z.string() })),
  });

  it('checks the answer against the contract', async () => {
    mockFetch(json(200, [{ id: 'a' }]));
    await expect(api(route)).resolves.toEqual([{ id: 'a' }]);
    mockFetch(json(200, [{ id: 1 }]));
    await expect(api(route)).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it("checks a ref's answer against its full contract, loaded on demand", async () => {
    const tokens = { token: 't', accessToken: 'a', refreshToken: 'r' };
    const calls = mockFetch(json(200, tokens));
    await expect(api(authRouteRefs.refresh, { refreshToken: 'r0' })).resolves.toEqual(tokens);
    expect(calls[0]!.url).toBe('/api/auth/refresh');
    expect(calls[0]!.init.method).toBe('POST');
    mockFetch(json(200, { token: 't' }));
    await expect(api(authRouteRefs.refresh, { refreshToken: 'r0' })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it("sends a route's query in the address", async () => {
    const search = defineRoute({
      method: 'GET',
      path: '/api/search',
      query: z.object({ q: z.string().optional(), page: z.number().optional() }),
      response: z.array(z.string()),
    });
    const calls = mockFetch(json(200, ['a']));
    await expect(
      api(search, undefined, { query: { q: 'chase bank', page: undefined } }),
    ).resolves.toEqual(['a']);
    expect(calls[0]!.url).toBe('/api/search?q=chase+bank');
  });
});

describe(apiDownload.name, () => {
  beforeEach(() => registerRefreshFunction(undefined));
  afterEach(() => vi.unstubAllGlobals());
  const file = defineRoute({ method: 'GET', path: '/api/file', response: z.string() });

  it('downloads a file with the session token, refreshed once on a 401, and its name', async () => {
    sessionStorage.setItem('token', 'old');
    registerRefreshFunction(async () => {
      sessionStorage.setItem('token', 'new');
      return true;
    });
    const zip = new Response(new Uint8Array([80, 75, 5, 6]), {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="billow-export-2026-11-20.zip"',
      },
    });
    const calls = mockFetch(json(401, {}), zip);
    const { blob, fileName } = await apiDownload(file);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 5, 6]));
    expect(fileName).toBe('billow-export-2026-11-20.zip');
    expect(calls.map((c) => header(c, 'Authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('raises the same errors as a JSON call', async () => {
    mockFetch(json(429, {}));
    await expect(apiDownload(file)).rejects.toMatchObject({ kind: 'http', status: 429 });
  });
});
