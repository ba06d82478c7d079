/**
 * Personal access tokens: made, listed and revoked from the profile, and accepted as a bearer on
 * the routes that allow them. A token is `bpat_` and 32 random bytes in base64url; only the
 * SHA-256 of the whole token is kept. A token reads; a change needs the `write` scope, and a
 * route with a `tokenScope` (moving money, identity details, gift-card numbers, answers for
 * calls) that scope instead; routes that say `acceptsAccessTokens: false` (managing tokens,
 * deleting the account) need a session.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  ACCESS_TOKENS_PER_PERSON,
  accessTokenScope,
  PERSONAL_ACCESS_TOKEN_PREFIX,
  type AccessToken,
  type AccessTokenScope,
  type CreatedAccessToken,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { RouteAccess } from '../../http/route';
import type { AccessTokenRow, AccessTokensRepo } from './access-tokens.repo';

/** Writing "last used" at most this often per token: a script polling every second costs a read. */
const LAST_USED_RESOLUTION_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^bpat_[A-Za-z0-9_-]{43}$/;

/** The personal access token in an Authorization header, or undefined when it holds none. */
export function accessTokenIn(authorization: string | undefined): string | undefined {
  const match = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  const token = match?.[1];
  return token?.startsWith(PERSONAL_ACCESS_TOKEN_PREFIX) ? token : undefined;
}

function viewOf(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Read always, then what was asked for, in the scopes' own order. */
function scopesOf(body: {
  scopes?: AccessTokenScope[] | undefined;
  canWrite?: boolean | undefined;
}) {
  const asked = new Set<AccessTokenScope>(['read', ...(body.scopes ?? [])]);
  if (body.canWrite === true) asked.add('write');
  return accessTokenScope.options.filter((scope) => asked.has(scope));
}

/** Why a token without the scope a route needs is refused (403). */
const missingScope: Record<Exclude<AccessTokenScope, 'read'>, string> = {
  write: 'This access token is read-only: make one with the write scope to change things.',
  payments: 'This access token cannot make payments: make one with the payments scope.',
  sensitive:
    'This access token cannot see or change sensitive details: make one with the sensitive scope.',
};

const invalidToken = () =>
  new ProblemError('unauthorized', 'The access token is not valid.', { status: 401 });

export function createAccessTokensService(deps: { repo: AccessTokensRepo; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  return {
    async create(
      userId: string,
      body: {
        name: string;
        scopes?: AccessTokenScope[] | undefined;
        canWrite?: boolean | undefined;
      },
    ): Promise<CreatedAccessToken> {
      if ((await deps.repo.countOf(userId)) >= ACCESS_TOKENS_PER_PERSON) {
        throw new ProblemError(
          'conflict',
          `You have ${ACCESS_TOKENS_PER_PERSON} access tokens: revoke one to make another.`,
          { code: 'too-many-access-tokens' },
        );
      }
      const secret = `${PERSONAL_ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await deps.repo.add({
        userId,
        name: body.name,
        tokenHash: hashOf(secret),
        scopes: scopesOf(body),
      });
      return { accessToken: viewOf(row), secret };
    },
    async list(userId: string): Promise<AccessToken[]> {
      return (await deps.repo.listOf(userId)).map(viewOf);
    },
    async revoke(userId: string, accessTokenId: string) {
      if (!(await deps.repo.remove(userId, accessTokenId))) {
        throw new ProblemError('not-found', 'No such access token.');
      }
      return { success: true as const };
    },
    /**
     * The owner of a personal access token, if the route allows it: 401 for a token that is not
     * (or no longer) one, 403 for a route it may not call.
     */
    async authenticate(token: string, access: RouteAccess | undefined): Promise<string> {
      if (!TOKEN_SHAPE.test(token)) throw invalidToken();
      const row = await deps.repo.byHash(hashOf(token));
      if (!row) throw invalidToken();
      // Outside a contract route (the chat socket, sign-in's own routes) a token is no bearer.
      if (!access) throw invalidToken();
      if (!access.acceptsAccessTokens) {
        throw new ProblemError(
          'insufficient-permissions',
          'This needs you signed in: an access token cannot do it.',
        );
      }
      const needed = access.tokenScope ?? (access.isChange ? 'write' : undefined);
      if (needed && !row.scopes.includes(needed)) {
        throw new ProblemError('insufficient-permissions', missingScope[needed]);
      }
      const at = now();
      if (!row.lastUsedAt || at.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await deps.repo.markUsed(row.id, at);
      }
      return row.userId;
    },
    forget: (userId: string) => deps.repo.forget(userId),
  };
}

export type AccessTokensService = ReturnType<typeof createAccessTokensService>;
