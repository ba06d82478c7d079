/**
 * The composition: the one place where providers and feature modules are put together. Each
 * provider kind's factory picks its adapter from its config slice; each module builds its own
 * repo and service from what it is given here. Nothing else happens here: reactions between
 * modules are jobs, and deleting a person asks every module to forget them.
 */
import type https from 'node:https';
import { centsToDollars } from '@billow/contracts';
import type { Config } from './config';
import type { Database } from './db/database';
import type { RouteAccess } from './http/route';
import type { AppJobMap } from './jobs/catalog';
import type { JobHandlers } from './jobs/job-map';
import type { JobQueue } from './jobs/job-system';
import { createAccessTokensModule } from './modules/access-tokens/access-tokens.module';
import { accessTokenIn } from './modules/access-tokens/access-tokens.service';
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
import { SESSION_CHANNEL } from './db/change-feed';
import { createOutboxModule } from './modules/dev/dev.module';
import { isLoopbackHost } from './modules/dev/dev.routes';
import { createRemindersModule } from './modules/reminders/reminders.module';
import { createRewardsModule } from './modules/rewards/rewards.module';
import { createSavingsModule } from './modules/savings/savings.module';
import { createLedgersModule } from './modules/ledgers/ledgers.module';
import type { LedgerFigures } from './modules/ledgers/ledgers.service';
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
import { createBankProvider } from './providers/bank/bank-provider.factory';
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
  const db = database.db;
  const secrets = options.secrets ?? loadSecrets(config);
  const clock = options.clock ? { clock: options.clock } : {};

  const dev = createOutboxModule({
    db,
    isLoopbackOnly: isLoopbackHost(config.host),
    isPublic: config.isOutboxPublic,
  });
  const sandbox = { outbox: dev.outbox, ...(options.print ? { print: options.print } : {}) };
  // Each provider's SDK is loaded only when the configuration names it (the factories).
  const sms = await createSmsSender(config.sms, sandbox);
  const email = await createEmailSender(config.email, sandbox);
  const bank = await createBankProvider(config.bank, {
    db,
    allowLoopbackHttp: config.isSandbox,
    ...clock,
  });

  const subscriptions = createSubscriptionsModule({
    db,
    changes: database.changes,
    jobs,
    afterDetection: () => database.refreshPlannerStatistics(),
    ...clock,
    // New or changed subscriptions may make (or drop) negotiation offers, and bring a bill the
    // rewards balance covers: a job of its own each, all sent at once (issue 42).
    onChanged: async (userId) => {
      await Promise.all([
        jobs.send('negotiations-refresh-offers', { userId }, { singletonKey: userId }),
        jobs.send('rewards-auto-apply', { userId }, { singletonKey: userId }),
        // The bank may now show a promised saving (docs/savings.md).
        jobs.send('savings-verify', { userId }, { singletonKey: userId }),
        // ... or that a cancelled subscription stopped charging, or did not (docs/cancellations.md).
        jobs.send('cancellations-verify-person', { userId }, { singletonKey: userId }),
      ]);
    },
  });
  const savings = createSavingsModule({
    db,
    jobs,
    evidence: {
      chargesOf: (userId, subscriptionId, after) =>
        subscriptions.service.bankChargesOf(userId, subscriptionId, after),
      syncedThrough: (userId) => subscriptions.service.bankSyncedThrough(userId),
      bankMonthlyOf: (userId, subscriptionId, tx) =>
        subscriptions.service.bankMonthlyOf(userId, subscriptionId, tx),
    },
    // A negotiated saving earns its reward once the bank shows it, through the calculate-rewards
    // job sent in the transaction that verifies it.
    onVerified: async (row, tx) => {
      if (row.kind !== 'negotiation' || !row.sourceKey.startsWith('negotiation:')) return;
      await jobs.send(
        'rewards-calculate',
        {
          userId: row.userId,
          source: 'negotiation',
          sourceId: row.sourceKey.slice('negotiation:'.length),
          subscriptionId: row.subscriptionId,
          baseAmountCents: row.amountCents,
        },
        { tx },
      );
    },
    ...clock,
  });
  const cipher = createFieldCipher(secrets.encryptionKey);
  const callAgent = await createCallAgent(config.call);
  const negotiations = createNegotiationsModule({
    db,
    others: {
      bills: { visibleOf: subscriptions.published.visibleOf, byId: subscriptions.published.byId },
      paidPlansOf: async (userId) =>
        (await payments.repo.livePaymentsOf(userId)).map((p) => p.subscriptionId),
      cardedBillsOf: (userId) => giftCards.service.assignedBillsOf(userId),
      personOf: (userId) => users.personOf(userId),
    },
    jobs,
    cipher,
    agent: callAgent,
    sms,
    retryDelaySeconds: config.call.retryDelaySeconds,
    // A negotiated saving is promised until the bank shows it; its reward waits for that.
    recordSaving: async ({ negotiationId: _id, ...entry }, tx) => {
      await savings.service.promise({ ...entry, kind: 'negotiation' }, tx);
    },
    applyNegotiatedPrice: (subscriptionId, cents, tx) =>
      subscriptions.service.applyNegotiatedPrice(subscriptionId, cents, tx),
    ...clock,
    ...(options.log ? { log: options.log } : {}),
  });
  const cancellations = createCancellationsModule({
    db,
    jobs,
    cipher,
    agent: callAgent,
    retryDelaySeconds: config.call.retryDelaySeconds,
    billOf: (userId, subscriptionId) => subscriptions.service.billOf(userId, subscriptionId),
    personOf: async (userId) => {
      const profile = await users.service.profile(userId);
      return {
        legalName: profile.user_legal_name,
        email: profile.email,
        phoneNumber: profile.phone_number,
        gender: profile.gender,
      };
    },
    chargesOf: (userId, subscriptionId, after) =>
      subscriptions.service.merchantChargesOf(userId, subscriptionId, after),
    syncedThrough: (userId) => subscriptions.service.bankSyncedThrough(userId),
    effects: {
      // A verified cancellation saves a year of the bill, once, and ends the subscription.
      verified: async (cancelled, on, tx) => {
        await savings.service.record(
          {
            userId: cancelled.userId,
            subscriptionId: cancelled.subscriptionId,
            kind: 'cancellation',
            amountCents: cancelled.yearlyCents,
            sourceKey: `cancellation:${cancelled.id}`,
            occurredAt: new Date(`${on}T12:00:00Z`),
          },
          tx,
        );
        await jobs.send(
          'subscriptions-mark-cancelled',
          { userId: cancelled.userId, subscriptionId: cancelled.subscriptionId, cancelledOn: on },
          { tx, singletonKey: cancelled.id },
        );
      },
      // A charge after a confirmed cancellation: an alert by the person's reminder channels.
      chargedAfter: async (cancelled, charge, tx) => {
        await jobs.send(
          'reminders-charged-after-cancel',
          {
            cancellationId: cancelled.id,
            userId: cancelled.userId,
            merchantName: cancelled.merchantName,
            date: charge.date,
            amount: centsToDollars(charge.amountCents),
            confirmationNumber: cancelled.confirmationNumber,
          },
          { tx, singletonKey: `${cancelled.id}:${charge.date}` },
        );
      },
    },
    ...clock,
    ...(options.log ? { log: options.log } : {}),
  });
  const rewards = createRewardsModule({
    db,
    jobs,
    rates: config.rewards,
    others: {
      merchantsOf: subscriptions.published.merchantsOf,
      lockPerson: (userId, tx) => users.lockPerson(userId, tx),
    },
    subscriptionsOf: (userId) => subscriptions.service.list(userId),
    onApplied: (target, tx) =>
      subscriptions.service.creditReward(
        target.subscriptionId,
        target.billDate,
        target.amountCents,
        tx,
      ),
    onReturned: (bill, tx) =>
      subscriptions.service.clearRewardCredit(bill.subscriptionId, bill.billDate, tx),
    ...clock,
  });
  // Each owner's figures, read-only.
  const ledgerFigures: LedgerFigures = {
    savings: savings.service.allEntries,
    rewards: rewards.ledgerEntries,
    negotiatedDeals: () => negotiations.repo.settledDeals(),
    annualPayments: () => payments.repo.annualPayments(),
    bills: subscriptions.published.billFigures,
  };
  const ledgers = createLedgersModule({
    db,
    figures: ledgerFigures,
    balanceCents: (userId) => rewards.service.balanceCents(userId),
    isLoopback: isLoopbackHost,
    ...(options.log ? { log: options.log } : {}),
    ...clock,
  });
  const banking = createBankingModule({
    db,
    bank,
    cipher,
    jobs,
    referenceKey: secrets.authSecret,
    // The embedded database belongs to this one process: nothing else can be syncing.
    isSoleProcess: database.kind === 'pglite',
    isSetupTokenOffered: config.simplefinEnabled,
    ...clock,
    ...(options.log ? { log: options.log } : {}),
  });
  const linkedAccounts = banking.service.linkedAccounts;
  const giftCards = createGiftCardsModule({
    db,
    cipher,
    digestKey: secrets.authSecret,
    isSandboxStock: config.payment.provider === 'sandbox',
    // Payments decide when a card's number may be shown (after its debit settled).
    paymentFor: (userId, subscriptionId) => payments.service.paymentFor(userId, subscriptionId),
    fundedRenewalOf: (cardId) => payments.repo.fundedRenewalOf(cardId),
    billOf: (userId, subscriptionId) => subscriptions.service.billOf(userId, subscriptionId),
    ...clock,
  });
  const payments = createPaymentsModule({
    db,
    jobs,
    sms,
    personOf: (userId) => users.personOf(userId),
    bills: {
      billOf: (userId, subscriptionId) => subscriptions.service.billOf(userId, subscriptionId),
      ...subscriptions.published,
      activeBillsOf: (userId) => subscriptions.service.activeWithBankMonthly(userId),
    },
    stock: giftCards.stock,
    // Payments hold only banking's opaque debit handles; the adapter alone gets a handle's
    // credentials, from banking (docs/payments.md, "Which accounts can pay").
    provider: await createPaymentProvider(config.payment, {
      credentialsOf: (handle) => banking.service.debitCredentialsOf(handle),
      sandbox: { db, bank: bank.provider, ...clock },
    }),
    paymentAccountOf: (userId, accountId) => banking.service.paymentAccountOf(userId, accountId),
    debitHandleOf: (accountId) => banking.service.debitHandleOf(accountId),
    fronting: config.fronting,
    bankMonthlyOf: (userId, subscriptionId) =>
      subscriptions.service.bankMonthlyOf(userId, subscriptionId),
    bankLinkFor: (userId, accountId, need) =>
      banking.service.createPaymentLinkToken(userId, accountId, need),
    // An annual plan enters the savings ledger and earns its reward through the calculate-rewards
    // job, both in the payment's transaction; a returned debit takes both back the same way.
    onAnnualPlanPaid: async (paid, tx) => {
      const occurredAt = (options.clock ?? (() => new Date()))();
      // The saving is priced from the bank-linked charges, never from what the payment claimed.
      if (paid.savingsCents > 0)
        await savings.service.recordAnnualPlan(
          {
            userId: paid.userId,
            subscriptionId: paid.subscriptionId,
            paymentId: paid.paymentId,
            claimedSavingsCents: paid.savingsCents,
            occurredAt,
          },
          tx,
        );
      await jobs.send(
        'rewards-calculate',
        {
          userId: paid.userId,
          source: 'annual_plan',
          sourceId: paid.paymentId,
          subscriptionId: paid.subscriptionId,
          baseAmountCents: paid.amountCents,
        },
        { tx },
      );
    },
    onPaymentReturned: async (returned, tx) => {
      await savings.service.retract(
        {
          userId: returned.userId,
          kind: 'annual_conversion',
          sourceKey: `payment:${returned.paymentId}`,
        },
        tx,
      );
      await jobs.send(
        'rewards-reverse',
        {
          userId: returned.userId,
          source: 'annual_plan',
          sourceId: returned.paymentId,
          subscriptionId: returned.subscriptionId,
          baseAmountCents: returned.amountCents,
        },
        { tx },
      );
    },
    ...clock,
    ...(options.log ? { log: options.log } : {}),
  });
  const codes = createOneTimeCodesModule({ db, key: secrets.authSecret, ...clock });
  const auth = createAuthModule({
    db,
    changes: database.changes,
    ...(options.log ? { log: options.log } : {}),
    sms,
    codes: codes.service,
    authSecret: secrets.authSecret,
    linkedAccounts,
    settings: {
      ratePerMinute: config.authRateLimitPerMinute,
      verifiesPerPhonePerMinute: config.otpVerifyLimitPerPhonePerMinute,
      resendCooldownSeconds: config.otpResendCooldownSeconds,
      smsLimits: {
        maxPerAddressPerHour: config.smsMaxPerAddressPerHour,
        budgetPerHour: config.smsBudgetPerHour,
        allowedCountries: config.smsAllowedCountries,
      },
    },
  });
  const chat = createChatModule({
    db,
    model: await createChatModel(config.chat),
    messagesPerMinute: config.chat.messagesPerMinute,
    onSessionsChanged: (listener) => {
      database.changes.on(SESSION_CHANNEL, listener);
      // After a reconnect notices may have been missed: check every socket.
      database.changes.onReset(listener);
    },
    // The person's own data, each read scoped to them by the module that owns it.
    financesOf: (userId) => ({
      today: () => subscriptions.service.todayOf(userId),
      subscriptions: () => subscriptions.service.list(userId),
      charges: async (id) =>
        (await subscriptions.service.transactionDetails(userId, id)).transaction_details,
      rewardsBalance: async () => centsToDollars(await rewards.service.balanceCents(userId)),
      negotiations: () => negotiations.service.offersOf(userId),
      cancellations: () => cancellations.service.list(userId),
    }),
    ...clock,
  });
  const calendar = createCalendarModule({
    db,
    cipher,
    publicUrl: config.publicUrl,
    upcomingCharges: (userId, from, until) =>
      subscriptions.service.upcomingCharges(userId, from, until),
    paidCharges: (userId, from, until) => subscriptions.service.paidCharges(userId, from, until),
    todayOf: (userId) => subscriptions.service.todayOf(userId),
    ...clock,
  });
  const insights = createInsightsModule({
    chargeHistory: (userId, from) => subscriptions.service.chargeHistory(userId, from),
    withPriceIncreases: (userId) => subscriptions.service.withPriceIncreases(userId),
    todayOf: (userId) => subscriptions.service.todayOf(userId),
  });
  const analytics = createAnalyticsModule({ db, ...clock });
  const accessTokens = createAccessTokensModule({ db, ...clock });
  const users = createUsersModule({
    db,
    email,
    sms,
    isRecentSignIn: (authorization, withinMs) =>
      auth.service.isRecentSignIn(authorization, withinMs),
    ...clock,
    codes: codes.service,
    linkedAccounts,
    lifetimeAccruedRewardsCents: rewards.service.lifetimeAccruedCents,
    onSettingsChanged: async (userId, changes) => {
      if (changes.is_bill_negotiation_enabled === true) {
        await negotiations.service.startPendingCalls(userId);
      }
    },
    others: [
      banking,
      codes,
      analytics,
      subscriptions,
      negotiations,
      cancellations,
      payments,
      rewards,
      savings,
      calendar,
      accessTokens,
      dev,
    ],
  });

  const dataExport = createExportModule({
    sources: {
      banking: banking.exportRows,
      subscriptions: subscriptions.exportRows,
      negotiations: negotiations.exportRows,
      payments: payments.exportRows,
      giftCards: giftCards.exportRows,
      rewards: rewards.exportRows,
    },
    profile: users.service.profile,
    bills: (userId) => subscriptions.service.list(userId),
    ...clock,
  });
  const imports = createImportsModule({
    db,
    jobs,
    charsPerHour: config.importCharsPerHour,
    afterImport: (userId) => banking.service.recogniseSameAccounts(userId),
    ...clock,
  });

  const vapid = loadVapidKeys(config.push, config.dataDir);
  const reminders = createRemindersModule({
    db,
    jobs,
    sms,
    email,
    pushSender: await createPushSender(
      config.push,
      vapid,
      sandbox,
      options.pushAgent ? { agent: options.pushAgent } : {},
    ),
    vapidPublicKey: vapid.publicKey,
    publicUrl: config.publicUrl,
    cipher,
    people: users.contacts,
    bills: subscriptions.published,
    sources: {
      bills: {
        ...subscriptions.published,
        billOf: (userId, subscriptionId) => subscriptions.service.billOf(userId, subscriptionId),
      },
      banking: banking.published,
      people: { personOf: users.personOf, overdraftProtectedAfter: users.overdraftProtectedAfter },
    },
    ...clock,
  });

  const modules: FeatureModule[] = [
    createHealthModule({ database }),
    createDocsModule({ version: API_VERSION }),
    auth,
    users,
    accessTokens,
    dataExport,
    imports,
    analytics,
    subscriptions,
    negotiations,
    cancellations,
    createCallWebhookModule({
      agent: callAgent,
      listeners: [negotiations.onCallEvents, cancellations.onCallEvents],
    }),
    savings,
    rewards,
    ledgers,
    banking,
    payments,
    giftCards,
    chat,
    calendar,
    insights,
    reminders,
    createSmsStatusModule({
      db,
      sms: config.sms,
      ...(options.log ? { log: options.log } : {}),
    }),
    dev,
  ];
  return {
    modules,
    /**
     * The signed-in user behind a bearer token (every protected route asks): a session token, or
     * a personal access token where the route allows one.
     */
    authenticate: (authorization: string | undefined, access?: RouteAccess) => {
      const accessToken = accessTokenIn(authorization);
      return accessToken
        ? accessTokens.service.authenticate(accessToken, access)
        : auth.service.authenticate(authorization);
    },
    /** Origins the web app may load from, beyond its own, for the providers' web parts. */
    webOrigins: bank.sources.flatMap((source) =>
      source.start.kind === 'link-dialog' ? source.start.webOrigins : [],
    ),
    jobHandlers: Object.assign({}, ...modules.map((m) => m.jobs)) as JobHandlers<AppJobMap>,
    /** The services, for tests that drive a module directly. */
    services: {
      auth: auth.service,
      accessTokens: accessTokens.service,
      users: users.service,
      banking: banking.service,
      subscriptions: subscriptions.service,
      negotiations: negotiations.service,
      negotiationsRepo: negotiations.repo,
      cancellations: cancellations.service,
      savings: savings.service,
      rewards: rewards.service,
      ledgers: ledgers.service,
      ledgerFigures,
      analytics: analytics.service,
      bankProvider: bank.provider,
      bankingRepo: banking.repo,
      payments: payments.service,
      giftCards: giftCards.service,
      reminders: reminders.service,
      alerts: reminders.alerts,
    },
  };
}

export type Billow = Awaited<ReturnType<typeof composeBillow>>;
export type Services = Billow['services'];
