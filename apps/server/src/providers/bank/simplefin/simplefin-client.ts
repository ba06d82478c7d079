/**
 * Speaks the SimpleFIN protocol (https://www.simplefin.org/protocol.html) as an application:
 * - a setup token is the Base64 of a claim URL; one POST to it answers the Access URL (a URL
 *   carrying HTTP Basic credentials) as its text body, and the Bridge refuses (403) any later
 *   claim of the same token;
 * - `GET {access}/accounts?start-date=…&end-date=…&pending=1` with those credentials answers an
 *   account set: `errors` (messages for the person; newer Bridges also send `errlist` objects),
 *   and accounts with decimal-string balances and transactions (Unix-second dates, amounts as
 *   decimal strings, money out negative). 403 means the access was revoked; 402 that the
 *   person's Bridge subscription needs paying.
 * The Access URL is a secret: it never reaches a log or an error message from here.
 */
import { z } from 'zod';

/** Why a SimpleFIN call failed, in words core code can act on. */
type SimplefinErrorCode =
  | 'token-invalid'
  | 'token-used'
  | 'unreachable'
  | 'access-revoked'
  | 'payment-required'
  | 'rejected';

export class SimplefinError extends Error {
  override name = 'SimplefinError';
  constructor(
    readonly code: SimplefinErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const transaction = z.object({
  id: z.string(),
  posted: z.number(),
  amount: z.string(),
  description: z.string().default(''),
  payee: z.string().optional(),
  memo: z.string().optional(),
  transacted_at: z.number().optional(),
  pending: z.boolean().optional(),
});
export type SimplefinTransaction = z.infer<typeof transaction>;

const account = z.object({
  org: z
    .object({
      domain: z.string().optional(),
      name: z.string().optional(),
      'sfin-url': z.string().optional(),
    })
    .optional(),
  id: z.string(),
  name: z.string(),
  currency: z.string().default('USD'),
  balance: z.string(),
  'available-balance': z.string().optional(),
  'balance-date': z.number().optional(),
  transactions: z.array(transaction).default([]),
});
export type SimplefinAccount = z.infer<typeof account>;

const accountSet = z.object({
  errors: z.array(z.string()).default([]),
  errlist: z
    .array(z.object({ message: z.string().optional(), msg: z.string().optional() }))
    .optional(),
  accounts: z.array(account).default([]),
});
type SimplefinAccountSet = { messages: string[]; accounts: SimplefinAccount[] };

/** The claim URL inside a setup token, or a SimplefinError('token-invalid'). */
export function claimUrlOf(setupToken: string, options: { allowLoopbackHttp: boolean }): URL {
  const compact = setupToken.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact))
    throw new SimplefinError('token-invalid', 'the setup token is not Base64');
  let url: URL;
  try {
    url = new URL(Buffer.from(compact, 'base64').toString('utf8'));
  } catch {
    throw new SimplefinError('token-invalid', 'the setup token is not a Base64 URL');
  }
  const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const isAllowed =
    url.protocol === 'https:' ||
    (options.allowLoopbackHttp && url.protocol === 'http:' && isLoopback);
  if (!isAllowed || url.username || url.password)
    throw new SimplefinError('token-invalid', 'the claim URL is not an address Billow may call');
  return url;
}

/** The address and Basic credentials of an Access URL (fetch refuses a URL with credentials). */
function split(accessUrl: string): { base: string; authorization: string } {
  const url = new URL(accessUrl);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  return {
    base: url.toString().replace(/\/$/, ''),
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  };
}

const REQUEST_TIMEOUT_MS = 60_000;

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new SimplefinError('unreachable', 'SimpleFIN could not be reached');
  }
}

export function createSimplefinClient(options: { allowLoopbackHttp: boolean }) {
  return {
    /** Claims a setup token once; answers the Access URL. */
    async claim(setupToken: string): Promise<string> {
      const claimUrl = claimUrlOf(setupToken, options);
      const response = await call(claimUrl.toString(), {
        method: 'POST',
        headers: { 'content-length': '0' },
      });
      if (response.status === 403)
        throw new SimplefinError('token-used', 'the Bridge refused the claim (used or unknown)');
      if (!response.ok)
        throw new SimplefinError(
          response.status >= 500 ? 'unreachable' : 'rejected',
          `the claim answered ${response.status}`,
        );
      const accessUrl = (await response.text()).trim();
      try {
        const parsed = new URL(accessUrl);
        if (!parsed.username || !/^https?:$/.test(parsed.protocol))
          throw new Error('no credentials');
      } catch {
        throw new SimplefinError('rejected', 'the claim did not answer an Access URL');
      }
      return accessUrl;
    },

    /**
     * One request for every account's balances and the transactions in [start, end); with no
     * window, the balances only (`balances-only=1`).
     */
    async accounts(
      accessUrl: string,
      window: { start: Date; end: Date } | 'balances-only',
    ): Promise<SimplefinAccountSet> {
      const { base, authorization } = split(accessUrl);
      const query = new URLSearchParams(
        window === 'balances-only'
          ? { 'balances-only': '1' }
          : {
              'start-date': String(Math.floor(window.start.getTime() / 1000)),
              'end-date': String(Math.floor(window.end.getTime() / 1000)),
              pending: '1',
            },
      );
      const response = await call(`${base}/accounts?${query}`, {
        headers: { authorization, accept: 'application/json' },
      });
      if (response.status === 403 || response.status === 401)
        throw new SimplefinError('access-revoked', 'the Bridge refused the Access URL');
      if (response.status === 402)
        throw new SimplefinError('payment-required', 'the Bridge subscription needs payment');
      if (!response.ok)
        throw new SimplefinError(
          response.status >= 500 || response.status === 429 ? 'unreachable' : 'rejected',
          `the accounts request answered ${response.status}`,
        );
      const parsed = accountSet.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new SimplefinError(
          'rejected',
          'the Bridge answered an account set Billow cannot read',
        );
      const fromList = (parsed.data.errlist ?? []).flatMap((e) => {
        const text = e.message ?? e.msg;
        return text ? [text] : [];
      });
      return {
        messages: [...new Set([...parsed.data.errors, ...fromList])],
        accounts: parsed.data.accounts,
      };
    },
  };
}

export type SimplefinClient = ReturnType<typeof createSimplefinClient>;
