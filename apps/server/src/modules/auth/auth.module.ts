/** Passwordless sign-in: texted codes, session tokens, refresh and logout. */
import type { LinkedAccount } from '@billow/contracts';
import type { ChangeFeed } from '../../db/change-feed';
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
  /** The users module's: the people who sign in, by phone number. */
  people: SignInPeople;
  /** Signs session tokens and keys refresh-token successors. */
  authSecret: Uint8Array;
  linkedAccounts: (userId: string) => Promise<LinkedAccount[]>;
  settings: {
    ratePerMinute: number;
    verifiesPerPhonePerMinute: number;
    resendCooldownSeconds: number;
    smsLimits: SmsLimits;
  };
}) {
  const service = createAuthService({
    repo: createAuthRepo(deps.db, deps.changes),
    people: deps.people,
    codes: deps.codes,
    sms: deps.sms,
    smsLimits: deps.settings.smsLimits,
    tokens: createSessionTokenService({ key: deps.authSecret }),
    authSecret: deps.authSecret,
    linkedAccounts: deps.linkedAccounts,
    resendCooldownSeconds: deps.settings.resendCooldownSeconds,
    ...(deps.log ? { log: deps.log } : {}),
  });
  return {
    service,
    routes: (app) =>
      registerAuthRoutes(app, {
        auth: service,
        ratePerMinute: deps.settings.ratePerMinute,
        verifiesPerPhonePerMinute: deps.settings.verifiesPerPhonePerMinute,
      }),
  } satisfies FeatureModule & { service: unknown };
}
