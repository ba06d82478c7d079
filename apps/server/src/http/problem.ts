/**
 * Errors a service can throw on purpose. Anything else that reaches the error handler is a bug
 * and leaves as a bare 500 (see error-handler.ts).
 */
import {
  type ProblemCode,
  problemTitles,
  problemTypeUri,
  type ProblemDetails,
  type ProblemFieldError,
  type ProblemTypeName,
} from '@billow/contracts';

const defaultStatus: Partial<Record<ProblemTypeName, number>> = {
  'bad-request': 400,
  validation: 400,
  unauthorized: 401,
  'authentication-failed': 401,
  'token-expired': 401,
  forbidden: 403,
  'insufficient-permissions': 403,
  'not-found': 404,
  'user-not-found': 404,
  'subscription-not-found': 404,
  'payment-account-not-found': 404,
  conflict: 409,
  'annual-plan-not-available': 422,
  'insufficient-funds': 402,
  'payment-failed': 402,
  'too-many-requests': 429,
  'internal-server-error': 500,
  'not-implemented': 501,
  'external-service': 502,
};

export class ProblemError extends Error {
  readonly status: number;
  constructor(
    readonly problemType: ProblemTypeName,
    readonly detail: string,
    options: {
      status?: number;
      /** Why, for machines: one of the route's declared problem codes. */
      code?: ProblemCode;
      errors?: ProblemFieldError[];
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProblemError';
    this.status = options.status ?? defaultStatus[problemType] ?? 400;
    this.code = options.code;
    this.errors = options.errors;
    this.headers = options.headers;
  }
  readonly code: ProblemCode | undefined;
  readonly errors: ProblemFieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
}

export function problemBody(
  problemType: ProblemTypeName,
  status: number,
  detail: string,
  instance: string,
  errors?: ProblemFieldError[],
  code?: string,
): ProblemDetails {
  return {
    type: problemTypeUri(problemType),
    title: problemTitles[problemType],
    status,
    detail,
    instance,
    ...(code ? { code } : {}),
    ...(errors ? { errors } : {}),
  };
}

/** The problem type that fits an HTTP status we did not choose ourselves (framework errors). */
export function problemTypeForStatus(status: number): ProblemTypeName {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'too-many-requests';
  if (status === 501) return 'not-implemented';
  if (status === 502 || status === 503 || status === 504) return 'external-service';
  if (status >= 500) return 'internal-server-error';
  return 'bad-request';
}
