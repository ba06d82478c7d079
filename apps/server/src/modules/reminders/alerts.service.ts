/**
 * Alerts beside the reminders: subscription status changes (recorded as events, the timeline of
 * the subscription detail), failed payments (a return or NSF fee just after a subscription's
 * charge), and overdraft protection (the primary account's available balance against the bills
 * due before the next expected paycheck). Each is keyed so a job run twice records and sends once.
 */
import { desc, inArray } from 'drizzle-orm';
import {
  centsToDollars,
  formatDollars,
  type OverdraftRisk,
  type SubscriptionStatus,
  type SubscriptionStatusChange,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { Db } from '../../db/database';
import { JOB_LIMITS } from '../../jobs/job-map';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { PublishedBanking } from '../banking/banking.published';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';
import type { SubscriptionsRepo } from '../subscriptions/subscriptions.repo';
import type { UserRow } from '../users/users.repo';
import { daysBetween } from './reminder-events';
import type { RemindersService } from './reminders.service';
import { overdraftAlerts, subscriptionStatusEvents } from './reminders.tables';

export type AlertsService = ReturnType<typeof createAlertsService>;

/** A bank's fee or return for a payment that did not go through. */
const FAILED_PAYMENT_FEE =
  /\b(NSF|NON-?SUFFICIENT|INSUFFICIENT FUNDS|RETURNED (ITEM|PAYMENT)|RETURN(ED)? ITEM FEE|OVERDRAFT FEE)\b/i;
/** How many days after a charge its return or fee may post. */
const FAILED_PAYMENT_WINDOW_DAYS = 5;
/** Inflows from this much count towards paychecks. */
const PAYCHECK_MIN_CENTS = 100_00;

const dollars = (cents: number) => formatDollars(centsToDollars(cents));
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** When the next paycheck is expected: from recurring inflows of the last 100 days. */
export function nextPaycheck(
  inflows: { name: string; date: string; amountCents: number }[],
  today: string,
): string | null {
  const groups = new Map<string, string[]>();
  for (const inflow of inflows) {
    if (inflow.amountCents > -PAYCHECK_MIN_CENTS) continue;
    const key = inflow.name
      .replace(/[\d#*]+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toUpperCase();
    groups.set(key, [...(groups.get(key) ?? []), inflow.date]);
  }
  let best: string | null = null;
  for (const dates of groups.values()) {
    const sorted = [...new Set(dates)].sort();
    if (sorted.length < 2) continue;
    const gaps = sorted.slice(1).map((d, i) => daysBetween(sorted[i]!, d));
    const gap = gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    if (gap < 6 || gap > 35) continue;
    let next = addDays(sorted.at(-1)!, gap);
    while (next <= today) next = addDays(next, gap);
    if (!best || next < best) best = next;
  }
  return best;
}

/** What alerts read of other modules' rows, each through the module that owns them. */
export type AlertSources = {
  bills: Pick<PublishedSubscriptions, 'statusFactsOf' | 'dueBetween' | 'byId'> &
    Pick<SubscriptionsRepo, 'chargesSince' | 'lastChargeBetween'> & {
      /** One of the person's subscriptions, or undefined when it is not theirs. */
      billOf: (userId: string, subscriptionId: string) => Promise<{ id: string } | undefined>;
    };
  banking: Pick<
    PublishedBanking,
    'transactionsSince' | 'transactionDateOf' | 'activeAccountsOf' | 'inflowsOf'
  >;
  people: {
    personOf: (userId: string) => Promise<UserRow | undefined>;
    /** The next people (by id, after `cursor`) with overdraft protection on. */
    overdraftProtectedAfter: (
      cursor: string | undefined,
      limit: number,
    ) => Promise<{ id: string }[]>;
  };
};

export function createAlertsService(
  deps: AlertSources & {
    db: Db;
    jobs: JobQueue<AppJobMap>;
    reminders: RemindersService;
    clock?: () => Date;
  },
) {
  const { db, jobs, reminders } = deps;
  const now = deps.clock ?? (() => new Date());
  const todayUtc = () => now().toISOString().slice(0, 10);

  async function recordStatusChange(change: {
    subscriptionId: string;
    newStatus: string;
    previousStatus: string;
    reason?: string | undefined;
    effectiveDate: string;
  }) {
    await db
      .insert(subscriptionStatusEvents)
      .values({ ...change, reason: change.reason ?? null })
      .onConflictDoNothing();
  }

  /**
   * A person's subscriptions whose status differs from the last one recorded: one "handle status
   * change" job each. A subscription seen for the first time is recorded from UNKNOWN.
   */
  async function queueStatusChanges(userId: string, tx: Db) {
    const bills = await deps.bills.statusFactsOf(userId, tx);
    const ids = bills.map((bill) => bill.id);
    // The last status recorded for each, and the day of its latest failed payment.
    const events =
      ids.length === 0
        ? []
        : await tx
            .select({
              subscriptionId: subscriptionStatusEvents.subscriptionId,
              newStatus: subscriptionStatusEvents.newStatus,
              effectiveDate: subscriptionStatusEvents.effectiveDate,
            })
            .from(subscriptionStatusEvents)
            .where(inArray(subscriptionStatusEvents.subscriptionId, ids))
            .orderBy(
              desc(subscriptionStatusEvents.effectiveDate),
              desc(subscriptionStatusEvents.createdAt),
            );
    const rows = bills.map((bill) => {
      const own = events.filter((e) => e.subscriptionId === bill.id);
      const failed = own
        .filter((e) => e.newStatus === 'FAILED_PAYMENT')
        .map((e) => e.effectiveDate);
      return {
        ...bill,
        last: own[0]?.newStatus ?? null,
        failedOn: failed.length > 0 ? failed.reduce((a, b) => (a > b ? a : b)) : null,
      };
    });
    for (const row of rows) {
      if (row.last === row.status) continue;
      // A failed payment (a bank's return or fee) stands until the bill is paid again: a charge
      // after the one that failed.
      const isPaidAgain = row.failedOn !== null && row.lastChargeDate > row.failedOn;
      if (row.last === 'FAILED_PAYMENT' && row.status === 'ACTIVE' && !isPaidAgain) continue;
      const isFirst = row.last === null;
      await jobs.send(
        'subscription-handle-status-change',
        {
          subscriptionId: row.id,
          newStatus: row.status,
          previousStatus: row.last ?? 'UNKNOWN',
          reason: isFirst
            ? 'Found in your bank transactions'
            : row.last === 'FAILED_PAYMENT' && isPaidAgain
              ? 'Paid again after the failed payment'
              : 'Seen in your latest transactions',
          effectiveDate:
            isFirst && row.status !== 'FAILED_PAYMENT'
              ? row.firstChargeDate
              : row.status === 'CANCELLED' && row.cancelDate
                ? row.cancelDate
                : row.status === 'FAILED_PAYMENT' || isPaidAgain
                  ? // Dated by the charge that failed, or the one that paid it again.
                    row.lastChargeDate
                  : todayUtc(),
        },
        { tx, singletonKey: `${row.id}:${row.status}` },
      );
    }
  }

  /** Returns or NSF fees posted within days after a subscription's charge: one job each. */
  async function queueFailedPayments(userId: string, tx: Db) {
    const since = addDays(todayUtc(), -30);
    const fees = await deps.banking.transactionsSince(userId, since, tx);
    const failed = fees.filter((f) => FAILED_PAYMENT_FEE.test(f.name));
    if (failed.length === 0) return;
    const charges = await deps.bills.chargesSince(
      userId,
      addDays(since, -FAILED_PAYMENT_WINDOW_DAYS),
      tx,
    );
    for (const fee of failed) {
      const charge = charges
        .filter((c) => {
          const days = daysBetween(c.date, fee.date);
          return days >= 0 && days <= FAILED_PAYMENT_WINDOW_DAYS;
        })
        .sort((a, b) => (a.date < b.date ? 1 : -1))[0];
      if (!charge) continue;
      await jobs.send(
        'subscription-handle-failed-payment',
        {
          subscriptionId: charge.subscriptionId,
          transactionId: fee.id,
          ...(charge.amountCents > 0 ? { amount: centsToDollars(charge.amountCents) } : {}),
        },
        { tx, singletonKey: fee.id },
      );
    }
  }

  /** The account bills come out of: the primary payment account, else a checking account. */
  async function primaryAccount(userId: string) {
    const accounts = await deps.banking.activeAccountsOf(userId);
    return (
      accounts.find((a) => a.isPrimaryPaymentAccount) ??
      accounts.find((a) => a.type === 'depository' && a.subtype === 'checking') ??
      accounts.find((a) => a.type === 'depository')
    );
  }

  /**
   * The primary account against the bills due before the next paycheck, when it falls short and
   * the person has overdraft protection on: what the alert texts and the dashboard shows.
   */
  async function shortfallOf(userId: string) {
    const person = await deps.people.personOf(userId);
    if (!person?.isOverdraftProtectionEnabled) return null;
    const account = await primaryAccount(userId);
    if (!account) return null;
    const available = account.availableBalanceCents ?? account.currentBalanceCents;
    if (available === null) return null;
    const today = reminders.localTime((await reminders.preferencesOf(userId)).timeZone).date;
    const inflows = await deps.banking.inflowsOf(account.id, addDays(today, -100));
    const payday = nextPaycheck(inflows, today);
    if (!payday) return null;
    const bills = (await deps.bills.dueBetween(userId, today, payday))
      .filter((b) => b.paymentAccountId === null || b.paymentAccountId === account.id)
      .map((b) => ({
        merchantName: b.merchantName,
        amountCents: b.amountCents,
        dueDate: b.dueDate!,
      }));
    const due = bills.reduce((sum, b) => sum + b.amountCents, 0);
    const shortfall = due - available;
    if (shortfall <= 0) return null;
    return { account, available, today, payday, bills, due, shortfall };
  }

  async function checkBalanceOf(userId: string) {
    const risk = await shortfallOf(userId);
    if (!risk) return false;
    const { account, available, today, payday, bills, due, shortfall } = risk;
    const list = bills.map(
      (b) => `${b.merchantName} ${dollars(b.amountCents)} (${shortDate(b.dueDate)})`,
    );
    const summary =
      `${account.name} has ${dollars(available)} available, but ${dollars(due)} in bills are due ` +
      `before your next paycheck (${shortDate(payday)}): ${list.join(', ')}. ` +
      `You are ${dollars(shortfall)} short.`;
    return db.transaction(async (tx) => {
      const [alert] = await tx
        .insert(overdraftAlerts)
        .values({
          userId,
          shortfallKey: `${account.id}:${payday}`,
          shortfallCents: shortfall,
          bills,
        })
        .onConflictDoNothing()
        .returning({ id: overdraftAlerts.id });
      if (!alert) return false;
      await reminders.alertOnce(
        tx,
        userId,
        'overdraft',
        today,
        {
          sms: `Billow overdraft alert: ${summary}`,
          subject: 'Billow: you may overdraw before payday',
          email: `${summary}\n\nMoving money into ${account.name} before these bills keeps it from overdrawing.\n\nBillow`,
          title: 'Overdraft alert',
          push: summary,
          badge: bills.length,
        },
        { textsAllowed: true },
      );
      return true;
    });
  }

  return {
    /** The overdraft risk as it stands now, for the dashboard (null when nothing is short). */
    async overdraftRisk(userId: string): Promise<OverdraftRisk | null> {
      const risk = await shortfallOf(userId);
      if (!risk) return null;
      return {
        accountName: risk.account.name,
        available: centsToDollars(risk.available),
        payday: risk.payday,
        bills: risk.bills.map((b) => ({
          merchantName: b.merchantName,
          amount: centsToDollars(b.amountCents),
          dueDate: b.dueDate,
        })),
        due: centsToDollars(risk.due),
        shortfall: centsToDollars(risk.shortfall),
      };
    },

    /**
     * A merchant charged after the person's cancellation was confirmed (issue 39): an alert at
     * once by their channels, with the date, the amount, the confirmation number and how to
     * dispute it. Once per cancellation and charge day (the digest key), however often the job
     * runs.
     */
    async chargedAfterCancel(charge: {
      /** Absent in a job queued before the key had it. */
      cancellationId?: string;
      userId: string;
      merchantName: string;
      date: string;
      amount: number;
      confirmationNumber: string | null;
    }) {
      const amount = formatDollars(charge.amount);
      const day = shortDate(charge.date);
      const reference = charge.confirmationNumber
        ? ` Your cancellation confirmation number is ${charge.confirmationNumber}.`
        : '';
      const summary = `${charge.merchantName} charged you ${amount} on ${day}, after you cancelled.${reference}`;
      const dispute = `Ask ${charge.merchantName} to refund it${charge.confirmationNumber ? ', quoting the confirmation number' : ''}; if they will not, dispute the charge with your bank as one you did not authorise.`;
      await db.transaction((tx) =>
        reminders.alertOnce(
          tx,
          charge.userId,
          'charged_after_cancel',
          charge.date,
          {
            sms: `Billow alert: ${summary} ${dispute}`,
            subject: `Billow: ${charge.merchantName} charged you after you cancelled`,
            email: `${summary}\n\n${dispute}\n\nBillow`,
            title: 'Charged after cancelling',
            push: `${summary} ${dispute}`,
            badge: 1,
          },
          { textsAllowed: true, subjectKey: charge.cancellationId ?? '' },
        ),
      );
    },
    recordStatusChange,
    queueStatusChanges,
    queueFailedPayments,

    /** handle failed payment: the subscription's status moves to FAILED_PAYMENT from the fee's day. */
    async handleFailedPayment(payload: { subscriptionId: string; transactionId: string }) {
      const bill = await deps.bills.byId(payload.subscriptionId);
      const feeDate =
        bill && (await deps.banking.transactionDateOf(bill.userId, payload.transactionId));
      if (!bill || !feeDate) return;
      const row = { status: bill.status, date: feeDate };
      const chargedOn = await deps.bills.lastChargeBetween(
        payload.subscriptionId,
        addDays(row.date, -FAILED_PAYMENT_WINDOW_DAYS),
        row.date,
      );
      await recordStatusChange({
        subscriptionId: payload.subscriptionId,
        newStatus: 'FAILED_PAYMENT',
        previousStatus: row.status === 'FAILED_PAYMENT' ? 'ACTIVE' : row.status,
        reason: 'The bank returned the payment or charged a fee for it',
        effectiveDate: chargedOn ?? row.date,
      });
      const owner = bill;
      const { timeZone } = await reminders.preferencesOf(owner.userId);
      const localDate = reminders.localTime(timeZone).date;
      // Keyed like the scan's: the queue keeps one waiting job per key, and without one a
      // second person's reminder would be dropped while the first's waits.
      await jobs.send(
        'subscription-send-renewal-reminder',
        { userId: owner.userId, localDate },
        { singletonKey: `${owner.userId}:${localDate}` },
      );
    },

    /** check account balance: people with overdraft protection on, in batches. */
    async checkBalances(payload: { batchSize?: number; afterUserId?: string }) {
      const batchSize = payload.batchSize ?? JOB_LIMITS.scanBatchSizeDefault;
      let cursor = payload.afterUserId;
      let alerts = 0;
      for (;;) {
        const batch = await deps.people.overdraftProtectedAfter(cursor, batchSize);
        for (const person of batch) if (await checkBalanceOf(person.id)) alerts++;
        if (batch.length < batchSize) return alerts;
        cursor = batch.at(-1)!.id;
      }
    },

    /** The status timeline of one of the person's subscriptions, newest first. */
    async timeline(userId: string, subscriptionId: string): Promise<SubscriptionStatusChange[]> {
      const owned = await deps.bills.billOf(userId, subscriptionId);
      if (!owned)
        throw new ProblemError('subscription-not-found', 'Subscription not found.', {
          code: 'subscription-not-found',
        });
      const rows = await db
        .select()
        .from(subscriptionStatusEvents)
        .where(inArray(subscriptionStatusEvents.subscriptionId, [subscriptionId]))
        .orderBy(
          desc(subscriptionStatusEvents.effectiveDate),
          desc(subscriptionStatusEvents.createdAt),
        );
      return rows.map((r) => ({
        new_status: r.newStatus as SubscriptionStatus,
        previous_status: r.previousStatus as SubscriptionStatus,
        reason: r.reason,
        effective_date: r.effectiveDate,
      }));
    },
  };
}
