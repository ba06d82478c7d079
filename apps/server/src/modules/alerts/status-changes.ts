/**
 * Status changes of subscriptions, recorded as events (the timeline of a subscription's detail),
 * and failed payments: a bank's return or NSF fee within days after a subscription's charge
 * moves it to FAILED_PAYMENT until it is paid again. The hourly scan queues one job per change
 * and per fee, keyed so a job run twice records once.
 */
import {
  centsToDollars,
  type SubscriptionStatus,
  type SubscriptionStatusChange,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import { addDays, daysBetween } from './alert-dates';
import type { AlertsRepo } from './alerts.repo';
import { groupBy } from './group-by';
import type { AlertSources, ReminderChannels } from './alerts.service';

/** A bank's fee or return for a payment that did not go through. */
const FAILED_PAYMENT_FEE =
  /\b(NSF|NON-?SUFFICIENT|INSUFFICIENT FUNDS|RETURNED (ITEM|PAYMENT)|RETURN(ED)? ITEM FEE|OVERDRAFT FEE)\b/i;
/** How many days after a charge its return or fee may post. */
const FAILED_PAYMENT_WINDOW_DAYS = 5;

export function createStatusChanges(deps: {
  repo: AlertsRepo;
  jobs: JobQueue<AppJobMap>;
  bills: AlertSources['bills'];
  banking: AlertSources['banking'];
  reminders: ReminderChannels;
  todayUtc: () => string;
}) {
  const { repo, jobs, reminders, todayUtc } = deps;

  /**
   * These people's subscriptions whose status differs from the last one recorded: one "handle
   * status change" job each. A subscription seen for the first time is recorded from UNKNOWN.
   * A page of the hourly scan at once: its reads and its sends are a statement each.
   */
  async function queueStatusChanges(userIds: string[], tx: Db) {
    if (userIds.length === 0) return;
    const bills = await deps.bills.statusFactsOf(userIds, tx);
    // The last status recorded for each, and the day of its latest failed payment.
    const events = await repo.statusEventsOf(
      bills.map((bill) => bill.id),
      tx,
    );
    const eventsOf = groupBy(events, (e) => e.subscriptionId);
    const rows = bills.map((bill) => {
      const own = eventsOf.get(bill.id) ?? [];
      const failed = own
        .filter((e) => e.newStatus === 'FAILED_PAYMENT')
        .map((e) => e.effectiveDate);
      return {
        ...bill,
        last: own[0]?.newStatus ?? null,
        failedOn: failed.length > 0 ? failed.reduce((a, b) => (a > b ? a : b)) : null,
      };
    });
    const changes = [];
    for (const row of rows) {
      if (row.last === row.status) continue;
      // A failed payment (a bank's return or fee) stands until the bill is paid again: a charge
      // after the one that failed.
      const isPaidAgain = row.failedOn !== null && row.lastChargeDate > row.failedOn;
      if (row.last === 'FAILED_PAYMENT' && row.status === 'ACTIVE' && !isPaidAgain) continue;
      const isFirst = row.last === null;
      changes.push({
        payload: {
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
        singletonKey: `${row.id}:${row.status}`,
      });
    }
    await jobs.sendMany('subscription-handle-status-change', changes, { tx });
  }

  /**
   * Returns or NSF fees posted within days after a subscription's charge of the same person:
   * one job each. A page of the hourly scan at once.
   */
  async function queueFailedPayments(userIds: string[], tx: Db) {
    if (userIds.length === 0) return;
    const since = addDays(todayUtc(), -30);
    const fees = await deps.banking.transactionsSince(userIds, since, tx);
    const failed = fees.filter((f) => FAILED_PAYMENT_FEE.test(f.name));
    if (failed.length === 0) return;
    const charges = await deps.bills.chargesSince(
      [...new Set(failed.map((fee) => fee.userId))],
      addDays(since, -FAILED_PAYMENT_WINDOW_DAYS),
      tx,
    );
    const chargesOf = groupBy(charges, (c) => c.userId);
    const found = [];
    for (const fee of failed) {
      const charge = (chargesOf.get(fee.userId) ?? [])
        .filter((c) => {
          const days = daysBetween(c.date, fee.date);
          return days >= 0 && days <= FAILED_PAYMENT_WINDOW_DAYS;
        })
        .sort((a, b) => (a.date < b.date ? 1 : -1))[0];
      if (!charge) continue;
      found.push({
        payload: {
          subscriptionId: charge.subscriptionId,
          transactionId: fee.id,
          ...(charge.amountCents > 0 ? { amount: centsToDollars(charge.amountCents) } : {}),
        },
        singletonKey: fee.id,
      });
    }
    await jobs.sendMany('subscription-handle-failed-payment', found, { tx });
  }

  /** handle failed payment: the subscription's status moves to FAILED_PAYMENT from the fee's day. */
  async function handleFailedPayment(payload: { subscriptionId: string; transactionId: string }) {
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
    await repo.recordStatusChange({
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
  }

  /** The status timeline of one of the person's subscriptions, newest first. */
  async function timeline(
    userId: string,
    subscriptionId: string,
  ): Promise<SubscriptionStatusChange[]> {
    const owned = await deps.bills.billOf(userId, subscriptionId);
    if (!owned)
      throw new ProblemError('subscription-not-found', 'Subscription not found.', {
        code: 'subscription-not-found',
      });
    const rows = await repo.statusEventsOf([subscriptionId]);
    return rows.map((r) => ({
      new_status: r.newStatus as SubscriptionStatus,
      previous_status: r.previousStatus as SubscriptionStatus,
      reason: r.reason,
      effective_date: r.effectiveDate,
    }));
  }

  return {
    recordStatusChange: repo.recordStatusChange,
    queueStatusChanges,
    queueFailedPayments,
    handleFailedPayment,
    timeline,
  };
}
