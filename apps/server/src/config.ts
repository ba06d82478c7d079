/**
 * The only reader of process.env. Every setting is parsed by one zod schema; a bad value stops
 * the start with a message naming each bad key, so an operator never meets a half-configured
 * server. Defaults are the embedded sandbox: PGlite in ./data and offline providers.
 */
import net from 'node:net';
import path from 'node:path';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { MAX_IMPORT_FILE_CHARS } from '@billow/contracts';
import { bankProviderKind } from './providers/bank/bank.config';
import { chatProviderKind } from './providers/chat-model/chat.config';
import { emailProviderKind } from './providers/email/email.config';
import type { SharedSettings } from './providers/provider-kind';
import { callProviderKind } from './providers/call-agent/call.config';
import { pushProviderKind } from './providers/push/push.config';
import { smsProviderKind } from './providers/sms/sms.config';
import { paymentProviderKind } from './providers/payment/payment.config';

/** Every provider kind; each reads its own settings into its slice of Config. */
const providerKinds = {
  sms: smsProviderKind,
  push: pushProviderKind,
  email: emailProviderKind,
  bank: bankProviderKind,
  chat: chatProviderKind,
  call: callProviderKind,
  payment: paymentProviderKind,
};

type ProviderSlices = {
  [K in keyof typeof providerKinds]: (typeof providerKinds)[K] extends {
    sandboxRefusal(slice: infer S): unknown;
  }
    ? S
    : never;
};

/** A kind as the loop below uses it: it reads its own keys of the parsed environment. */
type KindReader = {
  read(env: ParsedEnv, shared: SharedSettings): unknown;
  sandboxRefusal(slice: unknown): string | undefined;
};

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

const baseSchema = z.object({
  APP_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_OUTBOX_PUBLIC: booleanFlag.default(false),
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
  CHECK_RESPONSES: booleanFlag.default(true),
  BILLOW_STARTUP_TIMES: booleanFlag.default(false),
  /** Whether people may connect a SimpleFIN Bridge beside the Link provider (docs/banking.md). */
  SIMPLEFIN_ENABLED: booleanFlag.default(true),
  AUTH_SECRET: z.string().min(32, 'Must be at least 32 characters').optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'Must be 32 bytes, base64-encoded (openssl rand -base64 32)')
    .optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  OTP_VERIFY_LIMIT_PER_PHONE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  SMS_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  SMS_ALLOWED_COUNTRIES: countryList.default(['US']),
  TRUST_PROXY: trustProxy.default(false),
  REWARD_RATE_ANNUAL_PLAN_PERCENT: z.coerce.number().min(0).max(100).default(5),
  REWARD_RATE_NEGOTIATION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  // Fronting: releasing a gift card's number before its debit settles (docs/payments.md). Off
  // while PAYMENTS_FRONT_MAX_CENTS is 0.
  PAYMENTS_FRONT_MAX_CENTS: z.coerce.number().int().min(0).max(10_000_000).default(0),
  // Four of the largest files an hour: a preview and an import of two of them.
  IMPORT_CHARS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(MAX_IMPORT_FILE_CHARS)
    .default(4 * MAX_IMPORT_FILE_CHARS),
  PAYMENTS_FRONT_AFTER_SETTLED_PAYMENTS: z.coerce.number().int().min(0).max(1000).default(1),
  CSP_EXTRA_ORIGINS: z
    .string()
    .regex(
      /^(https:\/\/[\w.-]+(:\d+)?)( https:\/\/[\w.-]+(:\d+)?)*$/,
      'Must be https:// origins separated by spaces',
    )
    .optional(),
});

const configSchema = baseSchema.extend({
  ...providerKinds.sms.env,
  ...providerKinds.push.env,
  ...providerKinds.email.env,
  ...providerKinds.bank.env,
  ...providerKinds.chat.env,
  ...providerKinds.call.env,
  ...providerKinds.payment.env,
});

export type Config = ProviderSlices & {
  appEnv: 'sandbox' | 'production';
  isSandbox: boolean;
  host: string;
  /** The sandbox outbox answers clients beyond this machine too (SANDBOX_OUTBOX_PUBLIC). */
  isOutboxPublic: boolean;
  port: number;
  publicUrl: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  dataDir: string;
  logLevel: z.infer<typeof baseSchema>['LOG_LEVEL'];
  logFormat: 'pretty' | 'json';
  jobPollIntervalSeconds: number;
  webDistDir: string;
  serveWeb: boolean;
  /**
   * Whether every answer is checked against its contract with zod on the way out (tests and
   * development: contract drift fails loudly), or written by a serialiser compiled from the
   * contract's JSON schema (`npm start`: several times cheaper per request).
   */
  checkResponses: boolean;
  /** Print where start-up's time went once the server listens (BILLOW_STARTUP_TIMES). */
  isStartupTimed: boolean;
  /** SimpleFIN Bridge is offered on /link (SIMPLEFIN_ENABLED). */
  simplefinEnabled: boolean;
  authSecret: string | undefined;
  encryptionKey: string | undefined;
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
  /** Reward rates, in percent: of an annual plan Billow paid, of a negotiation's first-year savings. */
  rewards: { annualPlanRatePercent: number; negotiationRatePercent: number };
  /**
   * When a gift card's number may be released before its debit settles: amounts up to
   * `maxCents` (0: never) for a person with `afterSettledPayments` settled payments.
   */
  fronting: { maxCents: number; afterSettledPayments: number };
  /** Characters of files one person may have read (previewed or imported) an hour. */
  importCharsPerHour: number;
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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const problems: string[] = [];
  const slices: Partial<Record<keyof ProviderSlices, unknown>> = {};
  for (const [name, kind] of Object.entries(providerKinds) as [
    keyof ProviderSlices,
    KindReader,
  ][]) {
    const slice = kind.read(e, { publicUrl, isPlaidTransferUsed: e.PAYMENT_PROVIDER === 'plaid' });
    if (slice && typeof slice === 'object' && 'problems' in slice) {
      problems.push(...(slice as { problems: string[] }).problems);
      continue;
    }
    slices[name] = slice;
    const refusal = e.APP_ENV === 'production' ? kind.sandboxRefusal(slice) : undefined;
    if (refusal) problems.push(refusal);
  }
  problems.push(...productionProblems(e));
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...(slices as ProviderSlices),
    appEnv: e.APP_ENV,
    isSandbox: e.APP_ENV === 'sandbox',
    host: e.HOST,
    isOutboxPublic: e.SANDBOX_OUTBOX_PUBLIC,
    port,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir: path.resolve(e.BILLOW_DATA_DIR),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.APP_ENV === 'production' ? 'json' : 'pretty'),
    jobPollIntervalSeconds: e.JOB_POLL_INTERVAL_SECONDS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    serveWeb: e.SERVE_WEB,
    checkResponses: e.CHECK_RESPONSES,
    isStartupTimed: e.BILLOW_STARTUP_TIMES,
    simplefinEnabled: e.SIMPLEFIN_ENABLED,
    authSecret: e.AUTH_SECRET,
    encryptionKey: e.ENCRYPTION_KEY,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    otpResendCooldownSeconds: e.OTP_RESEND_COOLDOWN_SECONDS,
    otpVerifyLimitPerPhonePerMinute: e.OTP_VERIFY_LIMIT_PER_PHONE_PER_MINUTE,
    smsMaxPerAddressPerHour: e.SMS_MAX_PER_ADDRESS_PER_HOUR,
    smsBudgetPerHour: e.SMS_BUDGET_PER_HOUR,
    smsAllowedCountries: e.SMS_ALLOWED_COUNTRIES,
    trustProxy: e.TRUST_PROXY,
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS?.split(' ') ?? [],
    rewards: {
      annualPlanRatePercent: e.REWARD_RATE_ANNUAL_PLAN_PERCENT,
      negotiationRatePercent: e.REWARD_RATE_NEGOTIATION_PERCENT,
    },
    importCharsPerHour: e.IMPORT_CHARS_PER_HOUR,
    fronting: {
      maxCents: e.PAYMENTS_FRONT_MAX_CENTS,
      afterSettledPayments: e.PAYMENTS_FRONT_AFTER_SETTLED_PAYMENTS,
    },
  };
}

type ParsedEnv = z.infer<typeof configSchema>;

/**
 * Production refuses generated keys (and, above, every sandbox provider): a real deployment must
 * never "send" sign-in codes to an outbox anyone can read.
 */
function productionProblems(e: ParsedEnv): string[] {
  if (e.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!e.AUTH_SECRET) problems.push('AUTH_SECRET: Required when APP_ENV=production');
  else if (isWeakSecret(Buffer.from(e.AUTH_SECRET)))
    problems.push(
      'AUTH_SECRET: Too weak (repeated or too few different characters); use a random value (openssl rand -base64 48)',
    );
  if (!e.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY: Required when APP_ENV=production');
  else if (isWeakSecret(Buffer.from(e.ENCRYPTION_KEY, 'base64')))
    problems.push(
      'ENCRYPTION_KEY: Too weak (repeated or too few different bytes); use a random key (openssl rand -base64 32)',
    );
  if (!e.PUBLIC_URL?.startsWith('https://'))
    problems.push(
      'PUBLIC_URL: Must be the https:// address people and webhooks reach Billow at when APP_ENV=production',
    );
  return problems;
}

/**
 * A key nobody chose at random: fewer than 8 different bytes (all zeros, one character
 * repeated, "abab…"), or a short pattern repeated.
 */
function isWeakSecret(bytes: Buffer): boolean {
  if (new Set(bytes).size < 8) return true;
  for (let period = 1; period <= bytes.length / 2; period++) {
    let isRepeated = true;
    for (let i = period; i < bytes.length && isRepeated; i++)
      isRepeated = bytes[i] === bytes[i - period];
    if (isRepeated) return true;
  }
  return false;
}
