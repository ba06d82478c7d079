/**
 * pino settings for the whole server. Request logs carry the method, the path without its query
 * string (it can hold a phone number) and the request id; authorization headers, cookies and any
 * token, code or phone field are redacted wherever they appear; errors go through
 * serializeError, which drops SQL and its parameters (see error-serializer.ts).
 */
import type { FastifyRequest } from 'fastify';
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
  'requiredInfo',
  'requiredUserInfo',
  'answersEncrypted',
];

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
        return { method: request.method, url: request.url.split('?')[0], id: request.id };
      },
    },
    ...(config.logFormat === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}

export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  return pino(loggerOptions(config));
}
