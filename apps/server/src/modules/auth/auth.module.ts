/** Passwordless sign-in: texted codes, session tokens, refresh and logout. */
import type { LinkedAccount } from '@billow/contracts';
import type { ChangeFeed } from '../../db/change-feed';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { FeatureModule } from '../feature-module';
import type { OneTimeCodes } from '../one-time-codes/one-time-codes.service';
import { createAuthRepo } from './auth.repo';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService, type SignInPeople } from './auth.service';
import { createSessionTokenService } from './session-tokens';
import type { SmsLimits } from './texting-limits';

export function createAuthModule(deps: {
  db: Db;
  changes: ChangeFeed;
  log?: { warn(details: object, message: string): void };
  sms: SmsSender;
  codes: OneTimeCodes;
  /** The users module's (read when used): the people who sign in, by phone number. */
  users: () => SignInPeople;
  /** Signs session tokens and keys refresh-token successors. */
  authSecret: Uint8Array;
  /** The person's linked accounts (the banking module). */
  banking: { linkedAccounts: (userId: string) => Promise<LinkedAccount[]> };
  /** The sign-in limits the configuration sets (docs/configuration.md). */
  config: Pick<
    Config,
    | 'authRateLimitPerMinute'
    | 'otpVerifyLimitPerPhonePerMinute'
    | 'otpResendCooldownSeconds'
    | 'smsMaxPerAddressPerHour'
    | 'smsBudgetPerHour'
    | 'smsAllowedCountries'
  >;
}) {
  const { config } = deps;
  const settings = {
    ratePerMinute: config.authRateLimitPerMinute,
    verifiesPerPhonePerMinute: config.otpVerifyLimitPerPhonePerMinute,
    resendCooldownSeconds: config.otpResendCooldownSeconds,
    smsLimits: {
      maxPerAddressPerHour: config.smsMaxPerAddressPerHour,
      budgetPerHour: config.smsBudgetPerHour,
      allowedCountries: config.smsAllowedCountries,
    } satisfies SmsLimits,
  };
  const service = createAuthService({
    repo: createAuthRepo(deps.db, deps.changes),
    people: {
      findOrCreateByPhone: (phoneNumber) => deps.users().findOrCreateByPhone(phoneNumber),
      phoneNumberOf: (userId) => deps.users().phoneNumberOf(userId),
    },
    codes: deps.codes,
    sms: deps.sms,
    smsLimits: settings.smsLimits,
    tokens: createSessionTokenService({ key: deps.authSecret }),
    authSecret: deps.authSecret,
    linkedAccounts: deps.banking.linkedAccounts,
    resendCooldownSeconds: settings.resendCooldownSeconds,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return {
    service,
    routes: (app) =>
      registerAuthRoutes(app, {
        auth: service,
        ratePerMinute: settings.ratePerMinute,
        verifiesPerPhonePerMinute: settings.verifiesPerPhonePerMinute,
      }),
  } satisfies FeatureModule & { service: unknown };
}
