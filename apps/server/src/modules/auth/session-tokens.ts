/**
 * Session tokens signed with jose (HS256): an identity token and an access token, both
 * short-lived; either one is accepted as the bearer of a product request. The refresh token is
 * an opaque random string handled by the auth service.
 */
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const ISSUER = 'billow';
const isUuid = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const AUDIENCE = 'billow-app';

export type TokenUse = 'id' | 'access';

export type SessionTokenService = {
  issue(user: { id: string; phoneNumber: string }): Promise<{ token: string; accessToken: string }>;
  /** The user id of a valid bearer token, or the reason it is not valid. */
  verify(token: string): Promise<{ userId: string } | { error: 'expired' | 'invalid' }>;
};

export function createSessionTokenService(deps: {
  key: Uint8Array;
  now?: () => Date;
}): SessionTokenService {
  const now = deps.now ?? (() => new Date());
  async function sign(use: TokenUse, userId: string, claims: Record<string, unknown>) {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ ...claims, token_use: use })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(deps.key);
  }
  return {
    async issue(user) {
      const [token, accessToken] = await Promise.all([
        sign('id', user.id, { phone_number: user.phoneNumber }),
        sign('access', user.id, {}),
      ]);
      return { token, accessToken };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, deps.key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        // A subject that is not a user id is refused here, not left to fail as a database query.
        if ((payload.token_use !== 'id' && payload.token_use !== 'access') || !isUuid(payload.sub))
          return { error: 'invalid' };
        return { userId: payload.sub };
      } catch (error) {
        return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
