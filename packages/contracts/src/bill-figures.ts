/**
 * The money figures Billow shows in more than one place, each defined once (docs/figures.md):
 * what a person pays a month, a price said in its bill's own cadence, the bills still due this
 * month, and how a due date and a payment date read. The server (chat, export, texts) and the web
 * (dashboard, bills, spending, calendar) both take them from here, so no two screens can disagree.
 */
import type { Cadence } from './enums';
import { formatDollars, sumDollars } from './money';
import type { Subscription } from './subscriptions';

/** A bill is an ACTIVE subscription: a paused, cancelled or trial one charges nobody now. */
export const isActiveBill = (subscription: Pick<Subscription, 'status'>) =>
  subscription.status === 'ACTIVE';

/**
 * What I pay a month: the normalized monthly amounts of the ACTIVE bills added up (weekly and
 * yearly ones at their monthly equivalent), in whole cents.
 */
export function monthlyTotal(
  subscriptions: readonly Pick<Subscription, 'status' | 'normalized_monthly_amount'>[],
): number {
  return sumDollars(subscriptions.filter(isActiveBill).map((s) => s.normalized_monthly_amount));
}

/** Charges in a year by cadence; an unknown cadence counts as monthly. */
export const CHARGES_PER_YEAR: Record<Cadence, number> = {
  DAILY: 365,
  WEEKLY: 52,
  BIWEEKLY: 26,
  SEMI_MONTHLY: 24,
  MONTHLY: 12,
  QUARTERLY: 4,
  YEARLY: 1,
  UNKNOWN: 12,
};

/** A price per charge as a month's worth: $79.99 a week is $346.62 a month (not rounded). */
export function monthlyEquivalent(amount: number, cadence: Cadence): number {
  return (amount * CHARGES_PER_YEAR[cadence]) / 12;
}

const PER_CHARGE: Record<Cadence, string> = {
  DAILY: 'a day',
  WEEKLY: 'a week',
  BIWEEKLY: 'every 2 weeks',
  SEMI_MONTHLY: 'twice a month',
  MONTHLY: 'a month',
  QUARTERLY: 'a quarter',
  YEARLY: 'a year',
  UNKNOWN: 'a charge',
};

/** A bill's price in its own cadence: '$71.99 a week', '$139.00 a year'. */
export function formatPrice(amount: number, cadence: Cadence): string {
  return `${formatDollars(amount)} ${PER_CHARGE[cadence]}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function partsOf(isoDay: string): [number, number, number] | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? [year, month, day] : undefined;
}

const ordinal = (day: number) => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
};

/** 'Dec 4' in today's year, 'Jan 5, 2027' in another: a due date in a list. */
export function formatShortDay(isoDay: string, today: string): string {
  const parts = partsOf(isoDay);
  if (!parts) return 'Invalid date';
  const [year, month, day] = parts;
  const short = `${MONTHS[month - 1]!.slice(0, 3)} ${day}`;
  return year === partsOf(today)?.[0] ? short : `${short}, ${year}`;
}

/** 'March 3rd' in today's year, 'December 3rd, 2025' in another: a payment in a list. */
export function formatPaymentDay(isoDay: string, today: string): string {
  const parts = partsOf(isoDay);
  if (!parts) return 'Invalid date';
  const [year, month, day] = parts;
  const long = `${MONTHS[month - 1]} ${ordinal(day)}`;
  return year === partsOf(today)?.[0] ? long : `${long}, ${year}`;
}

/** The last day count spelled out; from 30 days on a due date is said as a date. */
export const DUE_IN_DAYS_MAX = 29;

/** 'due today', 'due in 1 day', 'due in 12 days', or undefined past DUE_IN_DAYS_MAX. */
export function dueInDays(days: number): string | undefined {
  if (days === 0) return 'due today';
  if (days >= 1 && days <= DUE_IN_DAYS_MAX) return `due in ${days} ${days === 1 ? 'day' : 'days'}`;
  return undefined;
}

/** When a bill is due, as the bill rows say it: 'due in 4 days', or its date, 'Jan 5, 2027'. */
export function dueWords(
  bill: Pick<Subscription, 'days_until_due' | 'renewal_date'>,
  today: string,
): string {
  const words = bill.days_until_due === null ? undefined : dueInDays(bill.days_until_due);
  if (words) return words;
  return bill.renewal_date ? formatShortDay(bill.renewal_date, today) : 'Unknown';
}

/** The last day of today's month, YYYY-MM-DD. */
function endOfMonth(today: string): string {
  const [year, month] = partsOf(today) ?? [1970, 1];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The bills still due this month, soonest first: ACTIVE ones due after today and on or before
 * the month's last day. Their amounts add up to 'Due this month'.
 */
export function billsDueThisMonth<
  T extends Pick<Subscription, 'status' | 'days_until_due' | 'renewal_date'>,
>(subscriptions: readonly T[], today: string): T[] {
  const last = endOfMonth(today);
  return subscriptions
    .filter((s) => isActiveBill(s) && s.days_until_due !== null && s.days_until_due > 0)
    .filter((s) => s.renewal_date !== null && s.renewal_date <= last)
    .sort((a, b) => a.days_until_due! - b.days_until_due!);
}

/** '$10.00 covered by rewards': what rewards pay of a bill, wherever the bill is shown. */
export const coveredByRewardsText = (credit: number) =>
  `${formatDollars(credit)} covered by rewards`;

/** What the person pays for a bill's next charge: its amount less the rewards applied to it. */
export function amountDue(bill: Pick<Subscription, 'amount' | 'reward_credit'>): number {
  return Math.max(0, Math.round((bill.amount - bill.reward_credit) * 100) / 100);
}

/** 'Nov 20, 2027': a date that stands alone. */
export function formatLongDay(isoDay: string): string {
  const parts = partsOf(isoDay);
  if (!parts) return 'Invalid date';
  const [year, month, day] = parts;
  return `${MONTHS[month - 1]!.slice(0, 3)} ${day}, ${year}`;
}

/**
 * A bill's price after a negotiated deal, in its own cadence: the deal's rates are monthly (the
 * call speaks in months), so the bill's price scales by the same share, to the cent.
 */
export function priceAfterDeal(amount: number, originalRate: number, finalRate: number): number {
  return Math.round((Math.round(amount * 100) * finalRate) / originalRate) / 100;
}

/** What a negotiation did to a bill: 'Verizon lowered your bill to $72.99 a month, from $82.99.' */
export function negotiatedPriceText(
  merchant: string,
  before: number,
  after: number,
  cadence: Cadence,
): string {
  return `${merchant} lowered your bill to ${formatPrice(after, cadence)}, from ${formatDollars(before)}.`;
}
