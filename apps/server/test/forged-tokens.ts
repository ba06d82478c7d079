/**
 * Bearer tokens an attacker could present: expired, unsigned (alg none), signed with another
 * key, edited after signing, or signed properly around a subject that is not a user id.
 */
import { SignJWT } from 'jose';
import { testSecrets } from './test-app';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

async function sign(claims: Record<string, unknown>, key: Uint8Array, expiresAt?: number) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(expiresAt ? expiresAt - 900 : now)
    .setExpirationTime(expiresAt ?? now + 900)
    .sign(key);
}

/** name → Authorization header value (undefined: no header at all). */
export async function forgedAuthorizations(
  realToken: string,
  otherUserId: string,
): Promise<Record<string, string | undefined>> {
  const { iat: _iat, exp: _exp, ...claims } = claimsOf(realToken);
  const [header, , signature] = realToken.split('.');
  const longAgo = Math.floor(Date.now() / 1000) - 3600;
  return {
    'no token': undefined,
    'a garbage token': 'Bearer not.a.token',
    'another scheme': `Basic ${Buffer.from('a:b').toString('base64')}`,
    'an expired token': `Bearer ${await sign(claims, testSecrets.authSecret, longAgo)}`,
    'an alg-none token': `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(realToken))}.`,
    'a token signed with another key': `Bearer ${await sign(
      claims,
      new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'),
    )}`,
    'a token edited after signing': `Bearer ${header}.${b64({
      ...claimsOf(realToken),
      sub: otherUserId,
    })}.${signature}`,
    'a signed token whose subject is not a user id': `Bearer ${await sign(
      { ...claims, sub: 'not-a-uuid' },
      testSecrets.authSecret,
    )}`,
  };
}
