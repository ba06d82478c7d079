/**
 * The only reader of process.env. Every setting is parsed by one zod schema; a bad value stops
 * the start with a message naming each bad key, so an operator never meets a half-configured
 * server. Defaults are the embedded sandbox: PGlite in ./data and offline providers.
 */
import net from 'node:net';
import path from 'node:path';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** proxy-addr's names for address ranges, accepted by fastify's trustProxy beside addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For). Off by default: trusting
 * every hop lets any client name its own address and walk past the per-address limits. A number
 * trusts that many hops in front of Billow; a list trusts those proxy addresses or CIDR ranges.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const trimmed = value.trim();
  if (['false', 'no', 'off', '0'].includes(trimmed)) return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(/[\s,]+/).filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `Must be a hop count or proxy addresses/CIDR ranges separated by commas (not ${bad.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return entries;
});

const countryList = z.string().transform((value, context): CountryCode[] => {
  const codes = value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase());
  const bad = codes.filter((code) => !isSupportedCountry(code));
  if (codes.length === 0 || bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `Must be two-letter country codes separated by commas, like US,CA (not ${bad.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return codes as CountryCode[];
});

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
  AUTH_SECRET: z.string().min(32, 'Must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'Must be 32 bytes, base64-encoded (openssl rand -base64 32)')
    .optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'Must look like AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'Must be an E.164 number like +15555550100')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/)
    .optional(),
  TWILIO_API_BASE_URL: z.url().optional(),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'Must be an smtp:// or smtps:// URL')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Billow <no-reply@billow.local>'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  OTP_VERIFY_LIMIT_PER_PHONE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  SMS_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  SMS_ALLOWED_COUNTRIES: countryList.default(['US']),
  TRUST_PROXY: trustProxy.default(false),
  BANK_PROVIDER: z.enum(['sandbox', 'plaid']).default('sandbox'),
  PLAID_CLIENT_ID: z.string().min(10).optional(),
  PLAID_SECRET: z.string().min(10).optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  PLAID_API_BASE_URL: z.url().optional(),
  CSP_EXTRA_ORIGINS: z
    .string()
    .regex(
      /^(https:\/\/[\w.-]+(:\d+)?)( https:\/\/[\w.-]+(:\d+)?)*$/,
      'Must be https:// origins separated by spaces',
    )
    .optional(),
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
  authSecret: string | undefined;
  encryptionKey: string | undefined;
  sms:
    | { provider: 'outbox' }
    | {
        provider: 'twilio';
        accountSid: string;
        authToken: string;
        from: { phoneNumber: string } | { messagingServiceSid: string };
        apiBaseUrl: string | undefined;
      };
  email: { provider: 'outbox'; from: string } | { provider: 'smtp'; url: string; from: string };
  authRateLimitPerMinute: number;
  otpResendCooldownSeconds: number;
  /** Code checks one phone number may get per minute, from any address. */
  otpVerifyLimitPerPhonePerMinute: number;
  /** Sign-in codes one client address may have texted (to any numbers) per hour. */
  smsMaxPerAddressPerHour: number;
  /** Sign-in codes Billow texts per hour in all; past it, nobody gets one until the hour turns. */
  smsBudgetPerHour: number;
  /** Countries (ISO 3166 alpha-2) whose numbers sign-in codes may be texted to. */
  smsAllowedCountries: CountryCode[];
  /** fastify's trustProxy: false, a hop count, or proxy addresses/CIDR ranges. */
  trustProxy: false | number | string[];
  /** Third-party origins the web app may load scripts from and connect to (e.g. PostHog). */
  cspExtraOrigins: string[];
  bank:
    | { provider: 'sandbox' }
    | {
        provider: 'plaid';
        clientId: string;
        secret: string;
        environment: 'sandbox' | 'production';
        basePath: string | undefined;
      };
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
  const problems = [...providerProblems(e), ...productionProblems(e)];
  if (problems.length > 0) throw new ConfigError(problems);
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
    authSecret: e.AUTH_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio',
            accountSid: e.TWILIO_ACCOUNT_SID!,
            authToken: e.TWILIO_AUTH_TOKEN!,
            from: e.TWILIO_MESSAGING_SERVICE_SID
              ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID }
              : { phoneNumber: e.TWILIO_FROM_NUMBER! },
            apiBaseUrl: e.TWILIO_API_BASE_URL,
          }
        : { provider: 'outbox' },
    email:
      e.EMAIL_PROVIDER === 'smtp'
        ? { provider: 'smtp', url: e.SMTP_URL!, from: e.EMAIL_FROM }
        : { provider: 'outbox', from: e.EMAIL_FROM },
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    otpResendCooldownSeconds: e.OTP_RESEND_COOLDOWN_SECONDS,
    otpVerifyLimitPerPhonePerMinute: e.OTP_VERIFY_LIMIT_PER_PHONE_PER_MINUTE,
    smsMaxPerAddressPerHour: e.SMS_MAX_PER_ADDRESS_PER_HOUR,
    smsBudgetPerHour: e.SMS_BUDGET_PER_HOUR,
    smsAllowedCountries: e.SMS_ALLOWED_COUNTRIES,
    trustProxy: e.TRUST_PROXY,
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS?.split(' ') ?? [],
    bank:
      e.BANK_PROVIDER === 'plaid'
        ? {
            provider: 'plaid',
            clientId: e.PLAID_CLIENT_ID!,
            secret: e.PLAID_SECRET!,
            environment: e.PLAID_ENV,
            basePath: e.PLAID_API_BASE_URL,
          }
        : { provider: 'sandbox' },
  };
}

type ParsedEnv = z.infer<typeof configSchema>;

/** A real provider needs its credentials; say which are missing. */
function providerProblems(e: ParsedEnv): string[] {
  const problems: string[] = [];
  if (e.SMS_PROVIDER === 'twilio') {
    if (!e.TWILIO_ACCOUNT_SID)
      problems.push('TWILIO_ACCOUNT_SID: Required when SMS_PROVIDER=twilio');
    if (!e.TWILIO_AUTH_TOKEN) problems.push('TWILIO_AUTH_TOKEN: Required when SMS_PROVIDER=twilio');
    if (!e.TWILIO_FROM_NUMBER && !e.TWILIO_MESSAGING_SERVICE_SID) {
      problems.push(
        'TWILIO_FROM_NUMBER: Required when SMS_PROVIDER=twilio (or set TWILIO_MESSAGING_SERVICE_SID)',
      );
    }
  }
  if (e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL)
    problems.push('SMTP_URL: Required when EMAIL_PROVIDER=smtp');
  if (e.BANK_PROVIDER === 'plaid') {
    if (!e.PLAID_CLIENT_ID) problems.push('PLAID_CLIENT_ID: Required when BANK_PROVIDER=plaid');
    if (!e.PLAID_SECRET) problems.push('PLAID_SECRET: Required when BANK_PROVIDER=plaid');
  }
  return problems;
}

/**
 * Production refuses every sandbox provider and generated key: a real deployment must never
 * "send" sign-in codes to an outbox anyone can read.
 */
function productionProblems(e: ParsedEnv): string[] {
  if (e.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  const sandbox = 'is a sandbox provider, refused when APP_ENV=production';
  if (e.SMS_PROVIDER === 'outbox') problems.push(`SMS_PROVIDER: "outbox" ${sandbox}; use twilio`);
  if (e.EMAIL_PROVIDER === 'outbox') problems.push(`EMAIL_PROVIDER: "outbox" ${sandbox}; use smtp`);
  if (e.BANK_PROVIDER === 'sandbox')
    problems.push(`BANK_PROVIDER: "sandbox" ${sandbox}; use plaid`);
  if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: Required when APP_ENV=production');
  if (!e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY: Required when APP_ENV=production');
  return problems;
}
