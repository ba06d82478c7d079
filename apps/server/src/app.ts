/**
 * buildApp(deps): the HTTP app with every plugin and feature module, and nothing read from the
 * environment. main.ts builds it for real; tests build it on a test database.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerErrorHandling, requestPath, sendProblem } from './http/error-handler';
import { ProblemError } from './http/problem';
import rateLimit from '@fastify/rate-limit';
import type { Billow } from './deps';
import { isApiPath, registerWeb, sendSpaIndex } from './web/static';

export type AppDeps = {
  config: Config;
  logger: FastifyBaseLogger;
  billow: Pick<Billow, 'modules' | 'authenticate' | 'webOrigins'>;
};

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
      frameSrc: ["'self'", ...providerOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/** A hop count as a function: fastify's types leave the number form out of some overloads. */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, billow } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Only the configured proxies may name the client's address (TRUST_PROXY); trusting every
    // hop would let a client pick its own X-Forwarded-For and walk past per-address limits.
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config, billow.webOrigins),
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ProblemError('too-many-requests', 'Too many requests.', {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  });

  app.decorate('authenticate', billow.authenticate);
  app.decorateRequest('userId', '');

  for (const module of billow.modules) {
    await module.routes?.(app);
    if (config.isSandbox) await module.devRoutes?.(app);
  }

  const isWebServed = config.serveWeb && (await registerWeb(app, config.webDistDir));

  app.setNotFoundHandler((request, reply) => {
    const urlPath = requestPath(request);
    if (
      isWebServed &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(urlPath)
    ) {
      return sendSpaIndex(reply);
    }
    return sendProblem(
      reply,
      new ProblemError('not-found', `No route matches ${request.method} ${urlPath}.`),
      request,
    );
  });

  return app;
}
