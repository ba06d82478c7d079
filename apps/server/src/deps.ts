/**
 * The composition: the one place where providers and feature modules are put together. Each
 * provider kind's factory picks its adapter from its config slice; each module builds its own
 * repo and service from what it is given here. Nothing else happens here: reactions between
 * modules are jobs, and deleting a person asks every module to forget them.
 */
import type https from 'node:https';
import type { Config } from './config';
import type { Database } from './db/database';
import { definedOf } from './defined-of';
import { createDomainEvents } from './events/domain-events';
import type { AppJobMap } from './jobs/catalog';
import type { JobHandlers } from './jobs/job-map';
import type { JobQueue } from './jobs/job-system';
import { createAccessTokensModule } from './modules/access-tokens/access-tokens.module';
import { createAnalyticsModule } from './modules/analytics/analytics.module';
import { createAuthModule } from './modules/auth/auth.module';
import { createBankingModule } from './modules/banking/banking.module';
import { createCalendarModule } from './modules/calendar/calendar.module';
import { createCancellationsModule } from './modules/cancellations/cancellations.module';
import { createInsightsModule } from './modules/insights/insights.module';
import { createDocsModule } from './modules/docs/docs.module';
import { createExportModule } from './modules/export/export.module';
import { createImportsModule } from './modules/imports/imports.module';
import { createChatModule } from './modules/chat/chat.module';
import { createOutboxModule } from './modules/dev/dev.module';
import { isLoopbackHost } from './modules/dev/dev.routes';
import { createRemindersModule } from './modules/reminders/reminders.module';
import { createRewardsModule } from './modules/rewards/rewards.module';
import { createSavingsModule } from './modules/savings/savings.module';
import { createLedgersModule } from './modules/ledgers/ledgers.module';
import type { FeatureModule } from './modules/feature-module';
import { createOneTimeCodesModule } from './modules/one-time-codes/one-time-codes.module';
import { createNegotiationsModule } from './modules/negotiations/negotiations.module';
import { createHealthModule } from './modules/health/health.module';
import { createSubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { createUsersModule } from './modules/users/users.module';
import { createSmsStatusModule } from './modules/sms-status/sms-status.module';
import { createGiftCardsModule } from './modules/gift-cards/gift-cards.module';
import { createPaymentsModule } from './modules/payments/payments.module';
import { createPaymentProvider } from './providers/payment/payment-provider.factory';
import { createCallAgent } from './providers/call-agent/call-agent.factory';
import { createCallWebhookModule } from './calls/call-webhook.module';
import { createBankProvider, webOriginsOf } from './providers/bank/bank-provider.factory';
import { createChatModel } from './providers/chat-model/chat-model.factory';
import { createEmailSender } from './providers/email/email-sender.factory';
import { createSmsSender } from './providers/sms/sms-sender.factory';
import { createPushSender, loadVapidKeys } from './providers/push/push-sender.factory';
import { createFieldCipher } from './security/encryption';
import { loadSecrets, type Secrets } from './security/secrets';

/** The open API's version, as its OpenAPI document states it. */
const API_VERSION = '1.0.0';

export type CompositionOptions = {
  config: Config;
  database: Database;
  jobs: JobQueue<AppJobMap>;
  /** Where sandbox texts and emails are shown to the person running Billow (the terminal). */
  print?: (line: string) => void;
  secrets?: Secrets;
  log?: { warn(details: object, message: string): void };
  clock?: () => Date;
  /** For web push to a push service on a private CA (the tests' fake push service). */
  pushAgent?: https.Agent;
};

export async function composeBillow(options: CompositionOptions) {
  const { config, database, jobs } = options;
  const { db, changes } = database;
  const secrets = options.secrets ?? loadSecrets(config);
  const events = createDomainEvents();
  const core = { db, jobs, events, ...definedOf({ clock: options.clock, log: options.log }) };

  const dev = createOutboxModule({
    ...core,
    isLoopbackOnly: isLoopbackHost(config.host),
    isPublic: config.isOutboxPublic,
  });
  const sandbox = { outbox: dev.outbox, ...definedOf({ print: options.print }) };
  // Each provider's SDK is loaded only when the configuration names it (the factories).
  const sms = await createSmsSender(config.sms, sandbox);
  const email = await createEmailSender(config.email, sandbox);
  const bank = await createBankProvider(config.bank, {
    ...core,
    allowLoopbackHttp: config.isSandbox,
  });
  const vapid = loadVapidKeys(config.push, config.dataDir);
  const pushSender = await createPushSender(
    config.push,
    vapid,
    sandbox,
    definedOf({ agent: options.pushAgent }),
  );
  // What every module may take: the database, the job queue, the event bus, the clock and log,
  // the change feed, the message senders, the field cipher and the call agent with its retry.
  const base = {
    ...core,
    changes,
    sms,
    email,
    cipher: createFieldCipher(secrets.encryptionKey),
    agent: await createCallAgent(config.call),
    retryDelaySeconds: config.call.retryDelaySeconds,
  };

  const subscriptions = createSubscriptionsModule({
    ...base,
    afterDetection: database.refreshPlannerStatistics,
  });
  const bills = subscriptions.service;
  const banking = createBankingModule({
    ...base,
    bank,
    referenceKey: secrets.authSecret,
    isSoleProcess: database.kind === 'pglite',
    isSetupTokenOffered: config.simplefinEnabled,
  });
  const { linkedAccounts } = banking.service;
  const codes = createOneTimeCodesModule({ ...base, key: secrets.authSecret });
  const auth = createAuthModule({
    ...base,
    codes: codes.service,
    authSecret: secrets.authSecret,
    linkedAccounts,
    config,
  });
  const accessTokens = createAccessTokensModule({
    ...base,
    sessionUserOf: auth.service.authenticate,
  });
  const rewards = createRewardsModule({
    ...base,
    rates: config.rewards,
    others: {
      merchantsOf: subscriptions.published.merchantsOf,
      lockPerson: (userId, tx) => users.lockPerson(userId, tx),
    },
    subscriptionsOf: bills.list,
  });
  const users = createUsersModule({
    ...base,
    codes: codes.service,
    linkedAccounts,
    isRecentSignIn: auth.service.isRecentSignIn,
    lifetimeAccruedRewardsCents: rewards.service.lifetimeAccruedCents,
    modules: () => modules,
  });
  const savings = createSavingsModule({ ...base, evidence: subscriptions.bankEvidence });
  const giftCards = createGiftCardsModule({
    ...base,
    digestKey: secrets.authSecret,
    isSandboxStock: config.payment.provider === 'sandbox',
    billOf: bills.billOf,
    paymentFor: (userId, subscriptionId) => payments.service.paymentFor(userId, subscriptionId),
    fundedRenewalOf: (cardId) => payments.repo.fundedRenewalOf(cardId),
  });
  // Payments hold only banking's opaque debit handles; the adapter alone gets a handle's
  // credentials, from banking (docs/payments.md, "Which accounts can pay").
  const paymentProvider = await createPaymentProvider(config.payment, {
    credentialsOf: banking.service.debitCredentialsOf,
    sandbox: { ...base, bank: bank.provider },
  });
  const payments = createPaymentsModule({
    ...base,
    personOf: users.personOf,
    bills: { ...subscriptions.published, billOf: bills.billOf },
    stock: giftCards.stock,
    provider: paymentProvider,
    ...banking.forPayments,
    fronting: config.fronting,
    bankMonthlyOf: bills.bankMonthlyOf,
  });
  const negotiations = createNegotiationsModule({
    ...base,
    applyNegotiatedPrice: bills.applyNegotiatedPrice,
    others: {
      bills: subscriptions.published,
      paidPlansOf: payments.published.paidPlansOf,
      cardedBillsOf: giftCards.service.assignedBillsOf,
      personOf: users.personOf,
    },
  });
  const cancellations = createCancellationsModule({
    ...base,
    billOf: bills.billOf,
    profileOf: users.service.profile,
    chargesOf: bills.merchantChargesOf,
    syncedThrough: bills.bankSyncedThrough,
  });
  const ledgers = createLedgersModule({
    ...base,
    isLoopback: isLoopbackHost,
    balanceCents: rewards.service.balanceCents,
    figures: {
      savings: savings.service.allEntries,
      rewards: rewards.ledgerEntries,
      negotiatedDeals: negotiations.repo.settledDeals,
      annualPayments: payments.repo.annualPayments,
      bills: subscriptions.published.billFigures,
    },
  });
  const reminders = createRemindersModule({
    ...base,
    pushSender,
    vapidPublicKey: vapid.publicKey,
    publicUrl: config.publicUrl,
    people: users.contacts,
    bills: subscriptions.published,
    sources: {
      bills: { ...subscriptions.published, billOf: bills.billOf },
      banking: banking.published,
      people: users,
    },
  });
  const chat = createChatModule({
    ...base,
    model: await createChatModel(config.chat),
    messagesPerMinute: config.chat.messagesPerMinute,
    owners: {
      subscriptions: bills,
      rewards: rewards.service,
      negotiations: negotiations.service,
      cancellations: cancellations.service,
    },
  });

  // Every module, once: the app mounts them, the workers run their jobs, users' deletion asks
  // each to forget the person (in this order).
  const moduleByName = {
    banking,
    codes,
    analytics: createAnalyticsModule(base),
    subscriptions,
    negotiations,
    cancellations,
    payments,
    rewards,
    savings,
    calendar: createCalendarModule({ ...base, bills, publicUrl: config.publicUrl }),
    accessTokens,
    dev,
    health: createHealthModule({ database }),
    docs: createDocsModule({ version: API_VERSION }),
    auth,
    users,
    dataExport: createExportModule({
      ...base,
      sources: {
        banking: banking.exportRows,
        subscriptions: subscriptions.exportRows,
        negotiations: negotiations.exportRows,
        payments: payments.exportRows,
        giftCards: giftCards.exportRows,
        rewards: rewards.exportRows,
      },
      profile: users.service.profile,
      bills: bills.list,
    }),
    imports: createImportsModule({
      ...base,
      charsPerHour: config.importCharsPerHour,
      afterImport: banking.service.recogniseSameAccounts,
    }),
    callWebhook: createCallWebhookModule({
      ...base,
      listeners: [negotiations.onCallEvents, cancellations.onCallEvents],
    }),
    ledgers,
    giftCards,
    chat,
    insights: createInsightsModule(bills),
    reminders,
    smsStatus: createSmsStatusModule({ ...base, sms: config.sms }),
  };
  const modules: FeatureModule[] = Object.values(moduleByName);
  return {
    modules,
    /** Each module by name, for tests that drive one directly. */
    moduleByName,
    authenticate: accessTokens.authenticate,
    /** Origins the web app may load from, beyond its own, for the providers' web parts. */
    webOrigins: webOriginsOf(bank),
    jobHandlers: Object.assign({}, ...modules.map((m) => m.jobs)) as JobHandlers<AppJobMap>,
  };
}

export type Billow = Awaited<ReturnType<typeof composeBillow>>;
