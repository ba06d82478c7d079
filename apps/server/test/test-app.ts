/**
 * The real app on a test database, for `app.inject()` tests. Logs are captured, not printed, so a
 * test can assert what reached the log (and what must never reach it).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { createServices, type Services } from '../src/deps';
import { loadConfig, type Config } from '../src/config';
import { loggerOptions } from '../src/http/logger';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  logs: Record<string, unknown>[];
  services: Services;
  close(): Promise<void>;
};

/** Fixed keys for tests, so nothing is written to a data folder. */
export const testSecrets = {
  authSecret: new TextEncoder().encode('test-auth-secret-that-is-long-enough-0123456789'),
  encryptionKey: Buffer.alloc(32, 7),
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ SERVE_WEB: 'false', LOG_LEVEL: 'info', ...env });
}

export function captureLogger() {
  const logs: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { logger: pino(loggerOptions({ logLevel: 'info', logFormat: 'json' }), stream), logs };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    setup?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const { logger, logs } = captureLogger();
  const services = createServices({ config, database, secrets: testSecrets });
  const app = await buildApp({ config, database, logger, services });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    services,
    async close() {
      await app.close();
      if (!options.database) await database.destroy();
    },
  };
}
