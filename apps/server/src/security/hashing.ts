import crypto from 'node:crypto';

/** A keyed hash for short secrets (codes): without the key, 10^6 codes are not worth trying. */
export function hmac(key: Uint8Array, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('base64url');
}

/** A plain hash for long random secrets (refresh tokens), where a key adds nothing. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export function randomDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++) digits += crypto.randomInt(0, 10).toString();
  return digits;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
