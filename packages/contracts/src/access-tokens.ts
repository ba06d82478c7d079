/**
 * Personal access tokens: long-lived bearer tokens a person makes in the profile to
 * script their own data through the open API. The secret is shown once, when it is made; Billow
 * keeps only its hash. A token reads by default; only one made with the `write` scope may call a
 * route that changes something, only one with `payments` may move money, only one with
 * `sensitive` may see or change identity details, gift-card numbers and answers for calls, and
 * no token may manage tokens or delete the account.
 */
import { z } from 'zod';
import { accessTokenProblemCode } from './problem-codes';
import { defineRoute } from './route';
import { text } from './text';

/** What a personal access token starts with, so it is told apart from a session token. */
export const PERSONAL_ACCESS_TOKEN_PREFIX = 'bpat_';
export const ACCESS_TOKEN_NAME_MAX_LENGTH = 100;
/** Enough for every script a person runs; a limit keeps a leaked session from minting thousands. */
export const ACCESS_TOKENS_PER_PERSON = 25;

export const accessTokenScope = z.enum(['read', 'write', 'payments', 'sensitive']);
export type AccessTokenScope = z.infer<typeof accessTokenScope>;

export const accessToken = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(accessTokenScope),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessToken>;

export const createAccessTokenBody = z.object({
  name: text().trim().min(1).max(ACCESS_TOKEN_NAME_MAX_LENGTH),
  /**
   * What the token may do besides reading; none unless asked for, since a token that can change
   * things is a bigger loss when it leaks.
   */
  scopes: z.array(accessTokenScope).max(4).optional(),
  /** The older way to ask for the write scope: the same as `scopes: ['write']`. */
  canWrite: z.boolean().optional(),
});

/** What each scope lets a token do, in the profile's words. */
export const accessTokenScopeTexts: Record<Exclude<AccessTokenScope, 'read'>, string> = {
  write: 'Allow changes (write access)',
  payments: 'Allow payments (pay for annual plans)',
  sensitive: 'Allow sensitive details (gift-card codes, email and name, answers for calls)',
};

export const createdAccessToken = z.object({
  accessToken,
  /** The token itself, `bpat_…`: shown this once, never again. */
  secret: z.string(),
});
export type CreatedAccessToken = z.infer<typeof createdAccessToken>;

export const accessTokenRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/user/access-tokens/create',
    body: createAccessTokenBody,
    response: createdAccessToken,
    acceptsAccessTokens: false,
    problemCodes: accessTokenProblemCode,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/user/access-tokens',
    response: z.array(accessToken),
    acceptsAccessTokens: false,
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/api/user/access-tokens/revoke',
    body: z.object({ accessTokenId: z.uuid() }),
    response: z.object({ success: z.literal(true) }),
    acceptsAccessTokens: false,
  }),
} as const;
