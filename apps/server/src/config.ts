/**
 * The only reader of process.env. Every setting is parsed by one zod schema; a bad value stops
 * the start with a message naming each bad key, so an operator never meets a half-configured
 * server. Defaults are the embedded sandbox: PGlite in ./data and offline providers.
 */
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const configSchema = z.object({
  APP_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'Must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  BILLOW_DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SERVE_WEB: booleanFlag.default(true),
});

export type Config = {
  appEnv: 'sandbox' | 'production';
  isSandbox: boolean;
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  logFormat: 'pretty' | 'json';
  jobPollIntervalSeconds: number;
  webDistDir: string;
  serveWeb: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Billow cannot start: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Empty strings count as unset, the way a shell `FOO=` line reads to a person. */
function withoutBlanks(env: Env): Env {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: Env = process.env): Config {
  const parsed = configSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const port = e.PORT;
  return {
    appEnv: e.APP_ENV,
    isSandbox: e.APP_ENV === 'sandbox',
    host: e.HOST,
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: path.resolve(e.BILLOW_DATA_DIR),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.APP_ENV === 'production' ? 'json' : 'pretty'),
    jobPollIntervalSeconds: e.JOB_POLL_INTERVAL_SECONDS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    serveWeb: e.SERVE_WEB,
  };
}
