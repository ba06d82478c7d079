/**
 * The security headers every answer carries (CSP, nosniff, frame options…), from one helmet
 * configuration. @fastify/helmet sets them in an onRequest hook, which never runs for what the
 * framework refuses before routing (a malformed URL) or what Node cannot parse at all; for those
 * the same headers are computed once here and written by hand.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** Plaid Link runs from Plaid's CDN in an iframe (https://plaid.com/docs/link/web/#csp). */
const PLAID_LINK_ORIGINS = [
  'https://cdn.plaid.com',
  'https://production.plaid.com',
  'https://sandbox.plaid.com',
];

export function contentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 'cspExtraOrigins' | 'bank'>,
) {
  const plaid = config.bank.provider === 'plaid' ? PLAID_LINK_ORIGINS : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...plaid, ...config.cspExtraOrigins],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...plaid, ...config.cspExtraOrigins],
      frameSrc: ["'self'", ...plaid],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export function helmetOptions(config: Pick<Config, 'publicUrl' | 'cspExtraOrigins' | 'bank'>) {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  } satisfies HelmetOptions;
}

/** The headers helmet would set, as a plain map (helmet's options do not depend on the request). */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
