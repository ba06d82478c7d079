/**
 * pino settings for the whole server. Request logs carry the method, the path without its query
 * string (it can hold a phone number) or a secret segment (the calendar feed's) and the request id; authorization headers, cookies and any
 * token, code or phone field are redacted wherever they appear; errors go through
 * serializeError, which drops SQL and its parameters (see error-serializer.ts).
 */
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import type PinoPretty from 'pino-pretty';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../config';
import { serializeError } from './error-serializer';

const SECRET_KEYS = [
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'password',
  'phoneNumber',
  'phone_number',
  'publicToken',
  'accessTokenEncrypted',
  'setupToken',
  'accessUrl',
  'requiredInfo',
  'requiredUserInfo',
  'answersEncrypted',
];

/** Paths whose last segment is a secret (the calendar feed's): logged without it. */
const SECRET_PATHS = [/^(\/api\/calendar\/feed\/)[^/]+/];

/** A request's path as logged: no query string, no secret path segment, at every level. */
function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return SECRET_PATHS.reduce((p, pattern) => p.replace(pattern, '$1[redacted]'), path);
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["sec-websocket-protocol"]',
        ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      error: serializeError,
      req(request: FastifyRequest) {
        return { method: request.method, url: loggedPath(request.url), id: request.id };
      },
    },
  };
}

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  if (config.logFormat !== 'pretty') return pino(loggerOptions(config));
  // Pretty lines are formatted on this thread: as a pino transport, pino-pretty would run in a
  // worker thread of its own (another JavaScript engine, about 10 MB) for a terminal's output.
  // Required here, so JSON logs never load it.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pino(
    loggerOptions(config),
    pretty({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true, sync: true }),
  );
}
