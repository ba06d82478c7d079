/**
 * Session tokens signed with jose (HS256): an identity token and an access token, both
 * short-lived; either one is accepted as the bearer of a product request. Both name their
 * session (`sid`, the refresh-token family), so signing out ends them at once rather than when
 * they expire. The refresh token is an opaque random string handled by the auth service.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a just-rotated refresh token still answers with its successor instead of counting as
 * theft. A dashboard fires several requests at once, and two tabs share one stored refresh
 * token; both may refresh with the same token within moments (the "reuse interval" of rotation
 * schemes such as Auth0's). Presented later, a rotated token still revokes its whole family.
 */
export const REFRESH_REUSE_INTERVAL_SECONDS = 30;

const ISSUER = 'billow';
const AUDIENCE = 'billow-app';

type TokenUse = 'id' | 'access';

export type SessionTokenService = {
  issue(
    user: { id: string; phoneNumber: string },
    sessionId: string,
  ): Promise<{ token: string; accessToken: string }>;
  /** The user and session of a valid bearer token, or the reason it is not valid. */
  verify(
    token: string,
  ): Promise<{ userId: string; sessionId: string } | { error: 'expired' | 'invalid' }>;
};

const uuid = z.uuid();

export function createSessionTokenService(deps: {
  key: Uint8Array;
  now?: () => Date;
}): SessionTokenService {
  const now = deps.now ?? (() => new Date());
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every sign and verify,
  // a real share of an authenticated request's cost.
  const key = crypto.subtle.importKey('raw', deps.key, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token's signature checked once stays checked: until it expires, a token seen before is
  // answered from memory (verifying an HS256 signature through WebCrypto was a fifth of an
  // authenticated request's cost). Whether its session is still open is asked each time.
  const verified = new LRUCache<string, { userId: string; sessionId: string; expiresAt: number }>({
    max: 10_000,
  });
  async function sign(use: TokenUse, userId: string, claims: Record<string, unknown>) {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ ...claims, token_use: use })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await key);
  }
  return {
    async issue(user, sessionId) {
      const [token, accessToken] = await Promise.all([
        sign('id', user.id, { phone_number: user.phoneNumber, sid: sessionId }),
        sign('access', user.id, { sid: sessionId }),
      ]);
      return { token, accessToken };
    },
    async verify(token) {
      const seen = verified.get(token);
      if (seen) {
        if (now().getTime() < seen.expiresAt)
          return { userId: seen.userId, sessionId: seen.sessionId };
        verified.delete(token);
        return { error: 'expired' };
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        if (payload.token_use !== 'id' && payload.token_use !== 'access')
          return { error: 'invalid' };
        // Signed by us but not naming a user and a session we could look up: not a bearer.
        const userId = uuid.safeParse(payload.sub);
        const sessionId = uuid.safeParse(payload.sid);
        if (!userId.success || !sessionId.success) return { error: 'invalid' };
        const bearer = { userId: userId.data, sessionId: sessionId.data };
        if (typeof payload.exp === 'number')
          verified.set(token, { ...bearer, expiresAt: payload.exp * 1000 });
        return bearer;
      } catch (error) {
        return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
