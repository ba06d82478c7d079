/**
 * The composition: the one place where providers and feature modules are put together. Each
 * provider kind's factory picks its adapter from its config slice; each module builds its own
 * repo and service from what it is given here, reads its own slice of the configuration and
 * subscribes its own reactions to the others' events (docs/architecture.md, "Events"). Nothing
 * else happens here: no rule, no branch.
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
import type { FeatureModule } from './modules';
import { createPaymentProvider } from './providers/payment/payment-provider.factory';
import { webOriginsOf } from './providers/bank/bank-provider.factory';
import { createProviders } from './providers/providers';
import { createFieldCipher } from './security/encryption';
import type { Secrets } from './security/secrets';

type CompositionOptions = {
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
  const core = { db: database.db, jobs, config, ...definedOf(options, 'clock', 'log') };
  const dev = feature.createOutboxModule(core);
  const providers = await createProviders(config, {
    ...core,
    ...definedOf(options, 'print', 'pushAgent'),
    outbox: dev.outbox,
  });
  // What every module may take: the database (its queries and its handle), the job queue, the
  // configuration (each module reads its own slice), the clock and log, the providers, the event
  // bus, the change feed, the field cipher and the key of every keyed hash.
  const base = {
    ...core,
    ...providers,
    database,
    events: createDomainEvents(),
    changes: database.changes,
    cipher: createFieldCipher(options.secrets.encryptionKey),
    authSecret: options.secrets.authSecret,
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
  const banking = feature.createBankingModule({ ...base, users: people });
  const codes = feature.createOneTimeCodesModule(base);
  const owned = { ...base, bills, banking: banking.published, codes: codes.service };
  const auth = feature.createAuthModule({ ...owned, users: people });
  const accessTokens = feature.createAccessTokensModule({
    ...base,
    sessionUserOf: auth.service.authenticate,
  });
  const users = feature.createUsersModule({
    ...owned,
    isRecentSignIn: auth.service.isRecentSignIn,
    lifetimeAccruedRewardsCents: feature.lifetimeAccruedColumn,
    modules: () => modules,
  });
  // What the modules below may read of the owners built so far: bills, bank accounts, people.
  const peers = { ...owned, people: users.published };
  const rewards = feature.createRewardsModule(peers);
  const savings = feature.createSavingsModule(peers);
  const giftCards = feature.createGiftCardsModule({ ...peers, payments: () => payments.published });
  // Payments hold only banking's opaque debit handles; the adapter alone gets a handle's
  // credentials, from banking (docs/payments.md, "Which accounts can pay").
  const provider = await createPaymentProvider(config.payment, {
    credentialsOf: banking.service.debitCredentialsOf,
    sandbox: { ...base, bank: providers.bank.provider },
  });
  const payments = feature.createPaymentsModule({ ...peers, provider, stock: giftCards.stock });
  const negotiations = feature.createNegotiationsModule({ ...peers, payments, giftCards });
  const cancellations = feature.createCancellationsModule(peers);
  const reminders = feature.createRemindersModule({ ...peers, alerts: () => alerts });
  const alerts = feature.createAlertsModule({ ...peers, reminders: reminders.service });
  // Every module, once: the app mounts them, the workers run their jobs, a person's deletion asks
  // each to forget them (in this order), the call vendor's webhook hands each its calls' events
  // and the ledger check reads each owner's figures (hooks: modules/feature-module.ts).
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
    calendar: feature.createCalendarModule(peers),
    accessTokens,
    dev,
    health: feature.createHealthModule(base),
    docs: feature.createDocsModule(),
    auth,
    users,
    dataExport: feature.createExportModule({
      ...peers,
      modules: { banking, subscriptions, negotiations, payments, giftCards, rewards },
    }),
    imports: feature.createImportsModule(peers),
    callWebhook: feature.createCallWebhookModule({ ...base, modules: () => modules }),
    ledgers: feature.createLedgersModule({ ...base, modules: () => modules }),
    giftCards,
    chat: feature.createChatModule({ ...peers, owners: { rewards, negotiations, cancellations } }),
    insights: feature.createInsightsModule(peers),
    reminders,
    alerts,
    smsStatus: feature.createSmsStatusModule(base),
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
