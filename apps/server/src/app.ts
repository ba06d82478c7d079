/**
 * buildApp(deps): the HTTP app with every plugin and feature module, and nothing read from the
 * environment. main.ts builds it for real; tests build it on a test database.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { clientErrorHandler } from './http/client-error';
import { registerErrorHandling, requestPath, sendProblem } from './http/error-handler';
import { helmetOptions, securityHeaders } from './http/security-headers';
import { ProblemError } from './http/problem';
import rateLimit from '@fastify/rate-limit';
import type { Services } from './deps';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerBankingRoutes } from './modules/banking/banking.routes';
import { registerSandboxBankRoutes } from './modules/banking/sandbox-bank.routes';
import { isLoopbackHost, registerDevRoutes } from './modules/dev/dev.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerSubscriptionRoutes } from './modules/subscriptions/subscriptions.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { isApiPath, isAssetPath, registerWeb, sendSpaIndex } from './web/static';

export type AppDeps = {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
  services: Services;
  /** Told of every route as it is registered (tests check each one has a contract). */
  onRoute?: (route: RouteOptions) => void;
};

export { contentSecurityPolicy } from './http/security-headers';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, services } = deps;
  const helmetConfig = helmetOptions(config);
  const headers = securityHeaders(helmetConfig);
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    trustProxy: config.appEnv === 'production',
    // Refused before routing (a malformed URL), so helmet's hook has not run: add its headers here.
    frameworkErrors: (_error, request, reply) => {
      void reply.headers({ ...headers, 'cache-control': 'no-store' });
      return sendProblem(
        reply,
        new ProblemError('bad-request', 'The request URL is not valid.'),
        request,
      );
    },
    clientErrorHandler: clientErrorHandler(headers),
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are personal (profile-info carries the phone number): no cache may keep one.
    if (isApiPath(requestPath(request))) reply.header('cache-control', 'no-store');
  });

  await app.register(helmet, helmetConfig);

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
  });
  await registerUserRoutes(app, { users: services.users });
  await registerAnalyticsRoutes(app, { analytics: services.analytics });
  await registerSubscriptionRoutes(app, { subscriptions: services.subscriptions });
  await registerBankingRoutes(app, { banking: services.banking, provider: services.bankProvider });
  if (config.isSandbox) {
    await registerDevRoutes(app, {
      outbox: services.outbox,
      isLoopbackOnly: isLoopbackHost(config.host),
    });
    if (services.sandboxBank) {
      await registerSandboxBankRoutes(app, {
        bank: services.sandboxBank,
        repo: services.bankingRepo,
        cipher: services.cipher,
      });
    }
  }

  const isWebServed =
    config.serveWeb &&
    (await registerWeb(app, config.webDistDir, { serveSourceMaps: config.isSandbox }));

  app.setNotFoundHandler((request, reply) => {
    const urlPath = requestPath(request);
    if (
      isWebServed &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(urlPath) &&
      !isAssetPath(urlPath)
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
