import crypto from 'node:crypto';

/** The sandbox keeps tokens only as hashes, like a real provider would. */
export const hash = (token: string) =>
  crypto.createHash('sha256').update(token).digest('base64url');
export const randomId = () => crypto.randomBytes(12).toString('hex');
