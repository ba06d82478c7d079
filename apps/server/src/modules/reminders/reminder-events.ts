/**
 * Which reminders are due for a person on a day: pure, so the rules are read and tested in one
 * place. An event (a renewal on a date, a trial ending on a date, a failed charge, a price rise)
 * has a key that stays the same across scans; each offset of it is reminded once per channel.
 */
import {
  centsToDollars,
  findMerchant,
  formatDollars,
  priceIncreaseOf,
  type ReminderKind,
} from '@billow/contracts';

export const DEFAULT_OFFSETS_DAYS = [3, 1] as const;
/** A plan Billow paid for a year is reminded of earlier: a month, then a week, before it ends. */
const ANNUAL_PLAN_OFFSETS_DAYS = [30, 7] as const;

export type SubscriptionFacts = {
  id: string;
  merchantName: string;
  status: string;
  amountCents: number;
  previousAmountCents: number | null;
  renewalDate: string | null;
  lastChargeDate: string;
  isPriceIncrease: boolean;
  /** The first charge at the latest price, when detection saw the price change. */
  priceChangedOn: string | null;
  /** A plan Billow paid for a year: its renewal date is when the monthly bill resumes. */
  isBillowManaged: boolean;
  /** The day of a payment the bank returned (or charged a fee for), when recent. */
  failedPaymentDate: string | null;
};

export type DueReminder = {
  eventKey: string;
  type: ReminderKind;
  offsetDays: number;
  subscriptionId: string;
  /** The line this reminder adds to the day's digest. */
  line: string;
  /** Sorts the digest: soonest first. */
  daysUntil: number;
};

const TRIAL_STATUSES = new Set(['FREE_TRIAL', 'FREE_TRIAL_UPCOMING_EXPIRATION']);
const RENEWING_STATUSES = new Set(['ACTIVE', 'RESUMED']);

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function when(days: number, date: string): string {
  const short = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  if (days === 0) return `today (${short})`;
  if (days === 1) return `tomorrow (${short})`;
  return `in ${days} days (${short})`;
}

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

/** A trial's own charge ($0 or $1, as detection finds trials) is not what the plan costs. */
const TRIAL_CHARGE_MAX_CENTS = 100;

/**
 * What a trial costs once it converts (docs/cancellations.md): the price it was already
 * charged at when that is a real price, else the catalogue's typical price for the merchant,
 * else unknown (null) — never the trial's own $0 or $1.
 */
function priceAfterTrial(s: SubscriptionFacts): string | null {
  if (s.amountCents > TRIAL_CHARGE_MAX_CENTS) return dollars(s.amountCents);
  const typical = findMerchant({
    merchantName: s.merchantName,
    merchantWebsite: null,
  })?.typicalMonthlyPrice;
  return typical === undefined ? null : formatDollars(typical);
}

/**
 * Every (event, offset) due on `today`. An offset is due from its day until the event: a scan
 * that missed a day still reminds once, and two offsets that fall due together (say after a
 * late link) make one line, reminded under both so neither comes back.
 */
export function dueReminders(
  subscriptions: SubscriptionFacts[],
  offsetsDays: readonly number[],
  today: string,
  /** Where a trial about to convert is cancelled (docs/cancellations.md); absent: no link. */
  cancelLinkOf?: (subscriptionId: string) => string,
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const s of subscriptions) {
    const amount = dollars(s.amountCents);
    if (s.renewalDate && (RENEWING_STATUSES.has(s.status) || TRIAL_STATUSES.has(s.status))) {
      const isTrial = TRIAL_STATUSES.has(s.status);
      const days = daysBetween(today, s.renewalDate);
      const type: ReminderKind = isTrial ? 'trial_expiring' : 'upcoming_renewal';
      const thenPrice = isTrial ? priceAfterTrial(s) : null;
      const line = isTrial
        ? `${s.merchantName} free trial ends ${when(days, s.renewalDate)}` +
          (thenPrice ? `, then ${thenPrice}` : '') +
          (cancelLinkOf ? `. To cancel it: ${cancelLinkOf(s.id)}` : '')
        : s.isBillowManaged
          ? `${s.merchantName} annual plan Billow paid for ends ${when(days, s.renewalDate)}, then the monthly ${amount} bill resumes`
          : `${s.merchantName} ${amount} renews ${when(days, s.renewalDate)}`;
      for (const offset of s.isBillowManaged && !isTrial ? ANNUAL_PLAN_OFFSETS_DAYS : offsetsDays) {
        if (days >= 0 && days <= offset) {
          due.push({
            eventKey: `${type}:${s.id}:${s.renewalDate}`,
            type,
            offsetDays: offset,
            subscriptionId: s.id,
            line,
            daysUntil: days,
          });
        }
      }
    }
    // Keyed by the charge that failed: detection's FAILED_PAYMENT is its last charge, and a
    // bank's return or fee is dated by the charge before it, so both name the same event.
    const failedOn = s.status === 'FAILED_PAYMENT' ? s.lastChargeDate : s.failedPaymentDate;
    if (failedOn) {
      due.push({
        eventKey: `failed_payment:${s.id}:${failedOn}`,
        type: 'failed_payment',
        offsetDays: 0,
        subscriptionId: s.id,
        line: `${s.merchantName} payment of ${amount} failed: check the card or account it is paid from`,
        daysUntil: -1,
      });
    }
    // The same rule as every screen's price increases (docs/figures.md): old news is not news.
    const raised = RENEWING_STATUSES.has(s.status) ? priceIncreaseOf(s, today) : null;
    if (raised) {
      due.push({
        eventKey: `price_increase:${s.id}:${s.amountCents}`,
        type: 'price_increase',
        offsetDays: 0,
        subscriptionId: s.id,
        line: `${s.merchantName} went up from ${dollars(raised.previousCents)} to ${amount}`,
        daysUntil: 1000,
      });
    }
  }
  return due.sort((a, b) => a.daysUntil - b.daysUntil);
}

/** One line per event, however many of its offsets fall due together. */
export function digestLines(due: DueReminder[]): string[] {
  return [...new Map(due.map((d) => [d.eventKey, d.line])).values()];
}

export function isQuietHour(hour: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}
