/**
 * buildApp(deps): the HTTP app with every plugin and feature module, and nothing read from the
 * environment. main.ts builds it for real; tests build it on a test database.
 */
import crypto from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RouteOptions,
} from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { clientErrorHandler } from './http/client-error';
import { compiledSerializerCompiler } from './http/compiled-serializer';
import { registerErrorHandling, requestPath, sendProblem } from './http/error-handler';
import { helmetOptions, securityHeaders } from './http/security-headers';
import { ProblemError } from './http/problem';
import rateLimit from '@fastify/rate-limit';
import type { Billow } from './deps';
import { isApiPath, isAssetPath, prerenderedPages, registerWeb, sendSpaPage } from './web/static';

export type AppDeps = {
  config: Config;
  logger: FastifyBaseLogger;
  billow: Pick<Billow, 'modules' | 'authenticate' | 'webOrigins'>;
  /** Told of every route as it is registered (tests check each one has a contract). */
  onRoute?: (route: RouteOptions) => void;
};

export { contentSecurityPolicy } from './http/security-headers';

/** A hop count as a function: fastify's types leave the number form out of some overloads. */
function trustProxyOption(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, billow } = deps;
  const helmetConfig = helmetOptions(config, billow.webOrigins);
  const headers = securityHeaders(helmetConfig);
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
    // Fastify logs two lines per request at info; at a few thousand requests a second that is
    // a real share of the main thread. They are logged at debug below instead.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    config.checkResponses ? serializerCompiler : compiledSerializerCompiler(serializerCompiler),
  );
  registerErrorHandling(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are personal (profile-info carries the phone number): no cache may keep one.
    if (isApiPath(requestPath(request))) reply.header('cache-control', 'no-store');
  });

  // The headers are the same on every answer: computed once from helmet's configuration and set
  // as they are (@fastify/helmet ran helmet afresh for each request, 6 % of list-all's time).
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // JSON answers above a kilobyte go out compressed (list-all is ~8 kB); the web build's files
  // are compressed at build time and served as they are (web/static.ts). Brotli at the
  // plugin's moderate default quality: the best ratio is not worth the CPU on every request.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

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

  const isWebServed =
    config.serveWeb &&
    (await registerWeb(app, config.webDistDir, { serveSourceMaps: config.isSandbox }));
  const webPages = isWebServed ? prerenderedPages(config.webDistDir) : new Map<string, string>();

  app.setNotFoundHandler((request, reply) => {
    const urlPath = requestPath(request);
    if (
      isWebServed &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(urlPath) &&
      !isAssetPath(urlPath)
    ) {
      return sendSpaPage(reply, request.url, webPages);
    }
    return sendProblem(
      reply,
      new ProblemError('not-found', `No route matches ${request.method} ${urlPath}.`),
      request,
    );
  });

  return app;
}
