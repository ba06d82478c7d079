/**
 * Every error leaves as RFC 9457 problem details with content type application/problem+json.
 * Validation errors list each field in the shared generic words (docs/errors.md,
 * "Validation messages"); framework errors (bad JSON, wrong content type, body too large) keep
 * their 4xx status; a database that is not there answers 503 with Retry-After; anything unexpected
 * is logged with the request id and answered with a 500 that holds no stack, SQL or internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { PROBLEM_CONTENT_TYPE, type ProblemFieldError } from '@billow/contracts';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ProblemError, problemBody, problemTypeForStatus } from './problem';

/** Seconds a client should wait before trying again while the database is away. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

export function requestPath(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

export function sendProblem(reply: FastifyReply, error: ProblemError, request: FastifyRequest) {
  if (error.headers) void reply.headers(error.headers);
  return reply
    .code(error.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(
      problemBody(
        error.problemType,
        error.status,
        error.detail,
        requestPath(request),
        error.errors,
        error.code,
      ),
    );
}

function fieldErrors(error: {
  validation: { instancePath: string; message?: string; keyword: string }[];
  validationContext?: string;
}): ProblemFieldError[] {
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    return {
      field: path || error.validationContext || 'body',
      message: issue.message ?? 'Invalid input',
      code: issue.keyword,
    };
  });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProblemError) return sendProblem(reply, error, request);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const detail = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
      return sendProblem(reply, new ProblemError('validation', detail, { errors }), request);
    }

    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its contract',
      );
      return sendProblem(
        reply,
        new ProblemError('internal-server-error', 'An unexpected error occurred.'),
        request,
      );
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const detail =
        error.name === 'SyntaxError' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.message;
      return sendProblem(
        reply,
        new ProblemError(problemTypeForStatus(status), detail, { status }),
        request,
      );
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(
        reply,
        new ProblemError(
          'external-service',
          'The service is briefly unavailable. Please try again.',
          {
            status: 503,
            headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
          },
        ),
        request,
      );
    }

    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(
      reply,
      new ProblemError('internal-server-error', 'An unexpected error occurred.', { status: 500 }),
      request,
    );
  });
}
