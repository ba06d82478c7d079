/**
 * The one place where providers and services are wired together. Core code never asks which
 * provider it has; the configuration picks the adapter here.
 */
import type { Config } from './config';
import type { Database } from './db/database';
import type { AppJobMap } from './jobs/catalog';
import type { JobQueue } from './jobs/job-system';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAuthRepo } from './modules/auth/auth.repo';
import { createAuthService } from './modules/auth/auth.service';
import { createSessionTokenService } from './modules/auth/session-tokens';
import { createBankingRepo } from './modules/banking/banking.repo';
import { createBankingService } from './modules/banking/banking.service';
import { createOutboxRepo } from './modules/dev/outbox.repo';
import { createSubscriptionsRepo } from './modules/subscriptions/subscriptions.repo';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createUsersRepo } from './modules/users/users.repo';
import { createUsersService } from './modules/users/users.service';
import type { BankProvider, BankWebhook } from './providers/bank/bank-provider';
import { createPlaidBankProvider } from './providers/bank/plaid/plaid-bank-provider';
import { createSandboxBank, type SandboxBank } from './providers/bank/sandbox/sandbox-bank';
import type { EmailSender } from './providers/email/email-sender';
import { createOutboxEmailSender } from './providers/email/email-sender.outbox';
import { createSmtpEmailSender } from './providers/email/email-sender.smtp';
import type { SmsSender } from './providers/sms/sms-sender';
import { createOutboxSmsSender } from './providers/sms/sms-sender.outbox';
import { createTwilioSmsSender } from './providers/sms/sms-sender.twilio';
import { createFieldCipher } from './security/encryption';
import { hmac } from './security/hashing';
import { loadSecrets, type Secrets } from './security/secrets';

export type ServiceOptions = {
  config: Config;
  database: Database;
  jobs: JobQueue<AppJobMap>;
  /** Where sandbox texts and emails are shown to the person running Billow (the terminal). */
  print?: (line: string) => void;
  secrets?: Secrets;
  log?: { warn(details: object, message: string): void };
  clock?: () => Date;
};

export function createServices(options: ServiceOptions) {
  const { config, database, jobs } = options;
  const db = database.db;
  const secrets = options.secrets ?? loadSecrets(config);
  const cipher = createFieldCipher(secrets.encryptionKey);
  const outbox = createOutboxRepo(db);
  const print = options.print ? { print: options.print } : {};
  const clock = options.clock ? { clock: options.clock } : {};

  const sms: SmsSender =
    config.sms.provider === 'twilio'
      ? createTwilioSmsSender(config.sms)
      : createOutboxSmsSender({ outbox, ...print });
  const email: EmailSender =
    config.email.provider === 'smtp'
      ? createSmtpEmailSender(config.email)
      : createOutboxEmailSender({ outbox, ...print });

  // The sandbox bank delivers its webhooks in-process, to the banking service made below.
  const webhooks: { deliver?: (webhook: BankWebhook) => Promise<void> } = {};
  const sandboxBank: SandboxBank | undefined =
    config.bank.provider === 'sandbox'
      ? createSandboxBank({
          db,
          ...clock,
          deliverWebhook: async (webhook) => webhooks.deliver?.(webhook),
        })
      : undefined;
  const bankProvider: BankProvider =
    sandboxBank ??
    createPlaidBankProvider(config.bank as Extract<Config['bank'], { provider: 'plaid' }>);
  const subscriptions = createSubscriptionsService({ repo: createSubscriptionsRepo(db), ...clock });
  const bankingRepo = createBankingRepo(db);
  const banking = createBankingService({
    db,
    repo: bankingRepo,
    provider: bankProvider,
    cipher,
    linkProvider: config.bank.provider,
    // Detection runs after every sync; the loading screen waits for it.
    afterSync: async (userId) => {
      await subscriptions.detectForUser(userId);
    },
    clientUserRef: (userId) => hmac(secrets.authSecret, `client-user:${userId}`).slice(0, 32),
    enqueueSync: async (itemId, reason, tx, delaySeconds) => {
      await jobs.send(
        'bank-transaction-sync',
        { itemId, reason },
        {
          singletonKey: itemId,
          ...(tx ? { tx } : {}),
          ...(delaySeconds ? { startAfterSeconds: delaySeconds } : {}),
        },
      );
    },
    webhookUrl:
      config.bank.provider === 'plaid' ? `${config.publicUrl}/api/plaid/webhook` : undefined,
    redirectUri: config.bank.provider === 'plaid' ? `${config.publicUrl}/plaid-oauth` : undefined,
    ...clock,
    ...(options.log ? { log: options.log } : {}),
  });
  webhooks.deliver = (webhook) => banking.handleWebhook(webhook);
  const linkedAccounts = (userId: string) => banking.linkedAccounts(userId);

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
    async forgetContact(contact, userId) {
      await banking.revokeAll(userId);
      await authRepo.deleteOtpsFor(contact.phoneNumber);
      await outbox.deleteFor([contact.phoneNumber, ...(contact.email ? [contact.email] : [])]);
    },
  });
  const analytics = createAnalyticsService({ db });

  return {
    outbox,
    auth,
    users,
    analytics,
    banking,
    subscriptions,
    bankProvider,
    sandboxBank,
    bankingRepo,
    cipher,
    secrets,
  };
}

export type Services = ReturnType<typeof createServices>;
