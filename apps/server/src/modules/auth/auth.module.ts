/** Passwordless sign-in: texted codes, session tokens, refresh and logout. */
import type { LinkedAccount } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { FeatureModule } from '../feature-module';
import { createAuthRepo } from './auth.repo';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createSessionTokenService } from './session-tokens';

export function createAuthModule(deps: {
  db: Db;
  sms: SmsSender;
  /** Signs session tokens and keys the hashes of codes. */
  authSecret: Uint8Array;
  linkedAccounts: (userId: string) => Promise<LinkedAccount[]>;
  settings: { ratePerMinute: number; resendCooldownSeconds: number };
}) {
  const repo = createAuthRepo(deps.db);
  const service = createAuthService({
    repo,
    sms: deps.sms,
    tokens: createSessionTokenService({ key: deps.authSecret }),
    codeKey: deps.authSecret,
    linkedAccounts: deps.linkedAccounts,
    resendCooldownSeconds: deps.settings.resendCooldownSeconds,
  });
  return {
    service,
    routes: (app) =>
      registerAuthRoutes(app, { auth: service, ratePerMinute: deps.settings.ratePerMinute }),
    // Sessions go with the account's rows; codes are kept by phone number, so they go here.
    forget: ({ phoneNumber }) => repo.deleteOtpsFor(phoneNumber),
  } satisfies FeatureModule & { service: unknown };
}
