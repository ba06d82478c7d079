/**
 * A local SimpleFIN Bridge (https://www.simplefin.org/protocol.html) for tests, speaking the
 * protocol as an application meets it:
 * - a setup token is the Base64 of a claim URL; the first POST to it answers an Access URL with
 *   Basic credentials as plain text, every later one 403;
 * - `GET {access}/accounts` needs those credentials (403 otherwise, the protocol's answer for
 *   failed authentication or revoked access), honours `start-date` (inclusive) and `end-date`
 *   (exclusive) as Unix seconds, `pending=1` and `balances-only=1`, and answers an account set with `errors`;
 * - a connection gets `dailyLimit` requests a day (the Bridge's quota, 24); past it, 429.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSimplefinTransaction = {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending?: boolean;
};

export type FakeSimplefinAccount = {
  org: { domain?: string; name?: string; 'sfin-url': string };
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance'?: string;
  'balance-date': number;
  transactions: FakeSimplefinTransaction[];
};

type Connection = {
  user: string;
  password: string;
  isRevoked: boolean;
  requests: {
    start: number | null;
    end: number | null;
    pending: boolean;
    isBalancesOnly: boolean;
    at: number;
  }[];
};

export type FakeSimplefin = {
  url: string;
  /** The bank data every connection of this Bridge sees; tests change it between syncs. */
  accounts: FakeSimplefinAccount[];
  /** The Bridge's `errors` list, sent with every account set while set. */
  errors: string[];
  /** A new, unclaimed setup token. */
  createSetupToken(): string;
  /** The requests each connection made, in order (oldest first). */
  connections(): Connection[];
  /** Revokes every connection, as a person disabling Billow's access at the Bridge. */
  revokeAll(): void;
  close(): Promise<void>;
};

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function startFakeSimplefin(
  options: { dailyLimit?: number } = {},
): Promise<FakeSimplefin> {
  const dailyLimit = options.dailyLimit ?? 24;
  const claims = new Map<string, boolean>();
  const connections: Connection[] = [];
  let url = '';

  function accountSet(query: URLSearchParams) {
    const start = query.has('start-date') ? Number(query.get('start-date')) : null;
    const end = query.has('end-date') ? Number(query.get('end-date')) : null;
    const withPending = query.get('pending') === '1';
    const isBalancesOnly = query.get('balances-only') === '1';
    return {
      requestWindow: { start, end, pending: withPending, isBalancesOnly },
      body: {
        errors: fake.errors,
        accounts: fake.accounts.map((account) => ({
          ...account,
          transactions: account.transactions.filter((t) => {
            if (isBalancesOnly) return false;
            if (t.pending && !withPending) return false;
            const when = t.posted || t.transacted_at || 0;
            return (start === null || when >= start) && (end === null || when < end);
          }),
        })),
      },
    };
  }

  const server = http.createServer((request, response) => {
    const address = new URL(request.url ?? '/', url);
    const send = (status: number, body: string, type = 'text/plain') => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    const claim = /^\/claim\/([\w-]+)$/.exec(address.pathname);
    if (claim && request.method === 'POST') {
      const token = claim[1]!;
      if (claims.get(token) !== false) return send(403, 'Forbidden');
      claims.set(token, true);
      const connection: Connection = {
        user: crypto.randomBytes(8).toString('hex'),
        password: crypto.randomBytes(16).toString('hex'),
        isRevoked: false,
        requests: [],
      };
      connections.push(connection);
      const access = new URL('/simplefin', url);
      access.username = connection.user;
      access.password = connection.password;
      return send(200, access.toString());
    }
    if (address.pathname === '/simplefin/accounts' && request.method === 'GET') {
      const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
      const [user, password] = Buffer.from(encoded ?? '', 'base64')
        .toString()
        .split(':');
      const connection = connections.find((c) => c.user === user && c.password === password);
      if (scheme !== 'Basic' || !connection || connection.isRevoked) return send(403, 'Forbidden');
      const dayAgo = Date.now() - 86_400_000;
      const today = connection.requests.filter((r) => r.at > dayAgo);
      if (today.length >= dailyLimit) return send(429, 'Too many requests');
      const { requestWindow, body } = accountSet(address.searchParams);
      connection.requests.push({ ...requestWindow, at: Date.now() });
      return send(200, JSON.stringify(body), 'application/json');
    }
    send(404, 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeSimplefin = {
    url,
    accounts: [],
    errors: [],
    createSetupToken() {
      const token = crypto.randomBytes(12).toString('hex');
      claims.set(token, false);
      return Buffer.from(`${url}/claim/${token}`).toString('base64');
    },
    connections: () => connections,
    revokeAll() {
      for (const connection of connections) connection.isRevoked = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
