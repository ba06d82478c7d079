/**
 * The composition: the one place where providers and feature modules are put together. Each
 * provider kind's factory picks its adapter from its config slice; each module builds its own
 * repo and service from what it is given here, and subscribes its own reactions to the others'
 * events (docs/architecture.md, "Events"). Nothing else happens here: no rule, no branch.
 */
import type https from 'node:https';
import type { Config } from './config';
import type { Database } from './db/database';
import { definedOf } from './defined-of';
import { createDomainEvents } from './events/domain-events';
import type { AppJobMap } from './jobs/job-payloads';
import type { JobHandlers } from './jobs/job-map';
import type { JobQueue } from './jobs/job-system';
import * as feature from './modules';
import { isLoopbackHost as isLoopback, type FeatureModule } from './modules';
import { createPaymentProvider } from './providers/payment/payment-provider.factory';
import { webOriginsOf } from './providers/bank/bank-provider.factory';
import { createProviders } from './providers/providers';
import { createFieldCipher } from './security/encryption';
import type { Secrets } from './security/secrets';

/** The open API's version, as its OpenAPI document states it. */
const API_VERSION = '1.0.0';

export type CompositionOptions = {
  config: Config;
  database: Database;
  jobs: JobQueue<AppJobMap>;
  /** Where sandbox texts and emails are shown to the person running Billow (the terminal). */
  print?: (line: string) => void;
  secrets: Secrets;
  log?: { warn(details: object, message: string): void };
  clock?: () => Date;
  /** For web push to a push service on a private CA (the tests' fake push service). */
  pushAgent?: https.Agent;
};

export async function composeBillow(options: CompositionOptions) {
  const { config, database, jobs } = options;
  const { db, changes } = database;
  const { authSecret, encryptionKey } = options.secrets;
  const core = { db, jobs, events: createDomainEvents(), ...definedOf(options, 'clock', 'log') };
  const { isOutboxPublic: isPublic, publicUrl } = config;
  const dev = feature.createOutboxModule({
    ...core,
    isPublic,
    isLoopbackOnly: isLoopback(config.host),
  });
  const providers = await createProviders(config, {
    ...core,
    ...definedOf(options, 'print', 'pushAgent'),
    outbox: dev.outbox,
  });
  // What every module may take: the database, the job queue, the event bus, the clock and log,
  // the change feed, the providers, the field cipher and the calls' retry delay.
  const base = {
    ...core,
    ...providers,
    changes,
    cipher: createFieldCipher(encryptionKey),
    retryDelaySeconds: config.call.retryDelaySeconds,
  };

  // The people module is built after the ones that need it at first use: subscriptions, banking
  // and sign-in; banking after subscriptions, which joins its subqueries at first use.
  const people = () => users.published;
  const subscriptions = feature.createSubscriptionsModule({
    ...base,
    afterDetection: database.refreshPlannerStatistics,
    banking: () => banking.published,
    users: people,
  });
  const bills = subscriptions.published;
  const banking = feature.createBankingModule({
    ...base,
    referenceKey: authSecret,
    isSoleProcess: database.kind === 'pglite',
    isSetupTokenOffered: config.simplefinEnabled,
    users: people,
  });
  const codes = feature.createOneTimeCodesModule({ ...base, key: authSecret });
  const owned = { ...base, bills, banking: banking.published, codes: codes.service };
  const auth = feature.createAuthModule({ ...owned, config, authSecret, users: people });
  const accessTokens = feature.createAccessTokensModule({
    ...base,
    sessionUserOf: auth.service.authenticate,
  });
  const users = feature.createUsersModule({
    ...owned,
    isRecentSignIn: auth.service.isRecentSignIn,
    lifetimeAccruedRewardsCents: (...a) => rewards.service.lifetimeAccruedCents(...a),
    modules: () => modules,
  });
  // What the modules below may read of the owners built so far: bills, bank accounts, people.
  const peers = { ...owned, people: users.published };
  const rewards = feature.createRewardsModule({ ...peers, rates: config.rewards });
  const savings = feature.createSavingsModule(peers);
  const giftCards = feature.createGiftCardsModule({
    ...peers,
    digestKey: authSecret,
    isSandboxStock: config.payment.provider === 'sandbox',
    payments: () => payments.published,
  });
  // Payments hold only banking's opaque debit handles; the adapter alone gets a handle's
  // credentials, from banking (docs/payments.md, "Which accounts can pay").
  const provider = await createPaymentProvider(config.payment, {
    credentialsOf: banking.service.debitCredentialsOf,
    sandbox: { ...base, bank: providers.bank.provider },
  });
  const payments = feature.createPaymentsModule({
    ...peers,
    provider,
    stock: giftCards.stock,
    fronting: config.fronting,
  });
  const negotiations = feature.createNegotiationsModule({
    ...peers,
    others: {
      paidPlansOf: payments.published.paidPlansOf,
      cardedBillsOf: giftCards.service.assignedBillsOf,
    },
  });
  const cancellations = feature.createCancellationsModule(peers);
  const ledgerFigures = {
    savings: savings.service.allEntries,
    rewards: rewards.ledgerEntries,
    negotiatedDeals: negotiations.repo.settledDeals,
    annualPayments: payments.repo.annualPayments,
    bills: bills.billFigures,
  };

  const reminders = feature.createRemindersModule({
    ...peers,
    publicUrl,
    failedPaymentsSince: (...a) => alerts.failedPaymentsSince(...a),
    scanAlso: (...a) => alerts.scanPerson(...a),
  });
  const alerts = feature.createAlertsModule({ ...peers, reminders: reminders.service });
  // Every module, once: the app mounts them, the workers run their jobs, a person's deletion asks
  // each to forget them (in this order).
  const moduleByName = {
    banking,
    codes,
    analytics: feature.createAnalyticsModule(base),
    subscriptions,
    negotiations,
    cancellations,
    payments,
    rewards,
    savings,
    calendar: feature.createCalendarModule({ ...peers, publicUrl }),
    accessTokens,
    dev,
    health: feature.createHealthModule({ database }),
    docs: feature.createDocsModule({ version: API_VERSION }),
    auth,
    users,
    dataExport: feature.createExportModule({
      ...peers,
      modules: { banking, subscriptions, negotiations, payments, giftCards, rewards },
    }),
    imports: feature.createImportsModule({
      ...base,
      charsPerHour: config.importCharsPerHour,
      accounts: banking.published.imported,
      afterImport: banking.published.recogniseSameAccounts,
    }),
    callWebhook: feature.createCallWebhookModule({
      ...base,
      listeners: [negotiations.onCallEvents, cancellations.onCallEvents],
    }),
    ledgers: feature.createLedgersModule({
      ...base,
      isLoopback,
      figures: ledgerFigures,
      balanceCents: rewards.service.balanceCents,
    }),
    giftCards,
    chat: feature.createChatModule({
      ...peers,
      model: providers.chatModel,
      messagesPerMinute: config.chat.messagesPerMinute,
      owners: {
        rewards: rewards.service,
        negotiations: negotiations.service,
        cancellations: cancellations.service,
      },
    }),
    insights: feature.createInsightsModule(peers),
    reminders,
    alerts,
    smsStatus: feature.createSmsStatusModule({ ...base, sms: config.sms }),
  };
  const modules: FeatureModule[] = Object.values(moduleByName);
  return {
    modules,
    /** Each module by name, for tests that drive one directly. */
    moduleByName,
    authenticate: accessTokens.authenticate,
    /** Origins the web app may load from, beyond its own, for the providers' web parts. */
    webOrigins: webOriginsOf(providers.bank),
    jobHandlers: Object.assign({}, ...modules.map((m) => m.jobs)) as JobHandlers<AppJobMap>,
  };
}

export type Billow = Awaited<ReturnType<typeof composeBillow>>;
