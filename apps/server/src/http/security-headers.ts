/**
 * The security headers every answer carries (CSP, nosniff, frame options…), from one helmet
 * configuration. @fastify/helmet sets them in an onRequest hook, which never runs for what the
 * framework refuses before routing (a malformed URL) or what Node cannot parse at all; for those
 * the same headers are computed once here and written by hand.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * The CSP the web app runs under: its own origin, plus what the providers' web parts need (e.g.
 * a bank's Link dialog) and the operator's extra origins (e.g. PostHog).
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 'cspExtraOrigins'>,
  providerOrigins: string[] = [],
) {
  const extra = [...providerOrigins, ...config.cspExtraOrigins];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...extra],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...extra],
      // The web app's service worker (/sw.js) and manifest (/manifest.webmanifest).
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameSrc: ["'self'", ...providerOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export function helmetOptions(
  config: Pick<Config, 'publicUrl' | 'cspExtraOrigins'>,
  providerOrigins: string[] = [],
) {
  return {
    contentSecurityPolicy: contentSecurityPolicy(config, providerOrigins),
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
