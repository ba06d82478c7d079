/**
 * The one place where providers and services are wired together. Core code never asks which
 * provider it has; the configuration picks the adapter here.
 */
import type { Config } from './config';
import type { Database } from './db/database';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAuthRepo } from './modules/auth/auth.repo';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionTokenService } from './modules/auth/session-tokens';
import { createOutboxRepo } from './modules/dev/outbox.repo';
import { createUsersRepo } from './modules/users/users.repo';
import { createUsersService } from './modules/users/users.service';
import type { EmailSender } from './providers/email/email-sender';
import { createOutboxEmailSender } from './providers/email/email-sender.outbox';
import { createSmtpEmailSender } from './providers/email/email-sender.smtp';
import type { SmsSender } from './providers/sms/sms-sender';
import { createOutboxSmsSender } from './providers/sms/sms-sender.outbox';
import { createTwilioSmsSender } from './providers/sms/sms-sender.twilio';
import { loadSecrets, type Secrets } from './security/secrets';

export type ServiceOptions = {
  config: Config;
  database: Database;
  /** Where sandbox texts and emails are shown to the person running Billow (the terminal). */
  print?: (line: string) => void;
  secrets?: Secrets;
};

export function createServices(options: ServiceOptions) {
  const { config, database } = options;
  const db = database.db;
  const secrets = options.secrets ?? loadSecrets(config);
  const outbox = createOutboxRepo(db);

  const sms: SmsSender =
    config.sms.provider === 'twilio'
      ? createTwilioSmsSender(config.sms)
      : createOutboxSmsSender({ outbox, ...(options.print ? { print: options.print } : {}) });
  const email: EmailSender =
    config.email.provider === 'smtp'
      ? createSmtpEmailSender(config.email)
      : createOutboxEmailSender({ outbox, ...(options.print ? { print: options.print } : {}) });

  // Bank linking fills this in; until an account is linked the list is honestly empty.
  const linkedAccounts = async () => [];

  const authRepo = createAuthRepo(db);
  const tokens = createSessionTokenService({ key: secrets.authSecret });
  const auth = createAuthService({
    repo: authRepo,
    sms,
    tokens,
    codeKey: secrets.authSecret,
    linkedAccounts,
    resendCooldownSeconds: config.otpResendCooldownSeconds,
  });
  const users = createUsersService({
    repo: createUsersRepo(db),
    email,
    codeKey: secrets.authSecret,
    linkedAccounts,
    async forgetContact(contact) {
      await authRepo.deleteOtpsFor(contact.phoneNumber);
      await outbox.deleteFor([contact.phoneNumber, ...(contact.email ? [contact.email] : [])]);
    },
  });

  const analytics = createAnalyticsService({ db });

  return { outbox, auth, users, analytics, secrets };
}

export type Services = ReturnType<typeof createServices>;
