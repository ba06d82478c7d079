/**
 * RFC 9457 problem details: the one shape every error leaves the server in. The type names are
 * Billow's catalogue (docs/errors.md, "Problem details"); `too-many-requests` is our one addition,
 * because the catalogue has nothing for rate limiting (HTTP 429).
 */
import { z } from 'zod';

export const problemTypeNames = [
  'bad-request',
  'unauthorized',
  'forbidden',
  'not-found',
  'conflict',
  'validation',
  'internal-server-error',
  'not-implemented',
  'external-service',
  'authentication-failed',
  'passkey-verification-failed',
  'token-expired',
  'user-not-found',
  'insufficient-permissions',
  'payment-failed',
  'insufficient-funds',
  'payment-account-not-found',
  'subscription-not-found',
  'annual-plan-not-available',
  'too-many-requests',
] as const;
export const problemTypeName = z.enum(problemTypeNames);
export type ProblemTypeName = z.infer<typeof problemTypeName>;

export const PROBLEM_TYPE_BASE = 'https://billow.app/problems/';

export function problemTypeUri(name: ProblemTypeName): string {
  return `${PROBLEM_TYPE_BASE}${name}`;
}

/** The problem name inside a type URI, or undefined when it is not one of ours. */
export function problemNameOf(type: string): ProblemTypeName | undefined {
  const name = type.startsWith(PROBLEM_TYPE_BASE) ? type.slice(PROBLEM_TYPE_BASE.length) : type;
  // A plain lookup, not the zod enum: the web's first-loaded code reads problem names.
  return (problemTypeNames as readonly string[]).includes(name)
    ? (name as ProblemTypeName)
    : undefined;
}

export const problemTitles: Record<ProblemTypeName, string> = {
  'bad-request': 'Bad Request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  'not-found': 'Not Found',
  conflict: 'Conflict',
  validation: 'Validation Failed',
  'internal-server-error': 'Internal Server Error',
  'not-implemented': 'Not Implemented',
  'external-service': 'External Service Error',
  'authentication-failed': 'Authentication Failed',
  'passkey-verification-failed': 'Verification Failed',
  'token-expired': 'Token Expired',
  'user-not-found': 'User Not Found',
  'insufficient-permissions': 'Insufficient Permissions',
  'payment-failed': 'Payment Failed',
  'insufficient-funds': 'Insufficient Funds',
  'payment-account-not-found': 'Payment Account Not Found',
  'subscription-not-found': 'Subscription Not Found',
  'annual-plan-not-available': 'Annual Plan Not Available',
  'too-many-requests': 'Too Many Requests',
};

export const problemFieldError = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ProblemFieldError = z.infer<typeof problemFieldError>;

export const problemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(100).max(599),
  detail: z.string(),
  instance: z.string(),
  /** Why, for machines: one of the route's declared problem codes (detail is for people). */
  code: z.string().optional(),
  errors: z.array(problemFieldError).optional(),
});
export type ProblemDetails = z.infer<typeof problemDetails>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
