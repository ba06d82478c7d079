/**
 * buildApp(deps): the HTTP app with every plugin and feature module, and nothing read from the
 * environment. main.ts builds it for real; tests build it on a test database.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerErrorHandling, requestPath, sendProblem } from './http/error-handler';
import { ProblemError } from './http/problem';
import rateLimit from '@fastify/rate-limit';
import type { Services } from './deps';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerBankingRoutes } from './modules/banking/banking.routes';
import { registerSandboxBankRoutes } from './modules/banking/sandbox-bank.routes';
import { registerDevRoutes } from './modules/dev/dev.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { isApiPath, registerWeb, sendSpaIndex } from './web/static';

export type AppDeps = {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
  services: Services;
};

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

/** A hop count as a function: fastify's types leave the number form out of some overloads. */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number'
    ? (_address: string, hop: number) => hop < setting
    : setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, services } = deps;
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
    contentSecurityPolicy: contentSecurityPolicy(config),
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

  app.decorate('authenticate', (authorization: string | undefined) =>
    services.auth.authenticate(authorization),
  );
  app.decorateRequest('userId', '');

  await registerHealthRoutes(app, { database });
  await registerAuthRoutes(app, {
    auth: services.auth,
    ratePerMinute: config.authRateLimitPerMinute,
    verifiesPerPhonePerMinute: config.otpVerifyLimitPerPhonePerMinute,
  });
  await registerUserRoutes(app, { users: services.users });
  await registerAnalyticsRoutes(app, { analytics: services.analytics });
  await registerSubscriptionRoutes(app, { subscriptions: services.subscriptions });
  await registerBankingRoutes(app, { banking: services.banking, provider: services.bankProvider });
  if (config.isSandbox) {
    await registerDevRoutes(app, { outbox: services.outbox });
    if (services.sandboxBank) {
      await registerSandboxBankRoutes(app, {
        bank: services.sandboxBank,
        repo: services.bankingRepo,
        cipher: services.cipher,
      });
    }
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
