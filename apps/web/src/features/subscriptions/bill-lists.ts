/**
 * Which subscriptions the bills card and the subscriptions section show, in what order
 * (docs/subscriptions.md, "The bills card"). Bills are ACTIVE subscriptions only: a paused or
 * cancelled one bills nobody.
 */
import type { Subscription } from '@billow/contracts';
import { sumAmounts } from '@/lib/bill-totals';
import { isDueThisMonth } from '@/lib/due-dates';

/**
 * One collator for every comparison, made on first use: `localeCompare` given a locale and
 * options builds one per call, about 30 times the cost of comparing with one kept, and the
 * dashboard sorts its lists as it draws on a phone.
 */
let merchantNames: Intl.Collator | undefined;

const byMerchantName = (a: Subscription, b: Subscription) => {
  merchantNames ??= new Intl.Collator('en', { sensitivity: 'base' });
  return merchantNames.compare(a.merchant_name, b.merchant_name) || a.id.localeCompare(b.id);
};

function activeOnly(subscriptions: readonly Subscription[]): Subscription[] {
  return subscriptions.filter((s) => s.status === 'ACTIVE');
}

/** Upcoming: ACTIVE, due after today, soonest first (ties by name, so the order holds still). */
export function upcomingBills(subscriptions: readonly Subscription[]): Subscription[] {
  return activeOnly(subscriptions)
    .filter((s) => s.days_until_due !== null && s.days_until_due > 0)
    .sort((a, b) => a.days_until_due! - b.days_until_due! || byMerchantName(a, b));
}

/** Splits an upcoming list into 'This month' and 'Later on', keeping its order. */
export function groupByMonth(bills: readonly Subscription[], today = new Date()) {
  return {
    thisMonth: bills.filter((bill) => isDueThisMonth(bill, today)),
    later: bills.filter((bill) => !isDueThisMonth(bill, today)),
  };
}

/** All: every ACTIVE subscription by merchant name. */
export function allBills(subscriptions: readonly Subscription[]): Subscription[] {
  return activeOnly(subscriptions).sort(byMerchantName);
}

/** The subscriptions section lists every status, by merchant name. */
export function byName(subscriptions: readonly Subscription[]): Subscription[] {
  return [...subscriptions].sort(byMerchantName);
}

/**
 * 'Monthly total spend' (the subscriptions section's figure): what the ACTIVE, MONTHLY
 * subscriptions charge each month. Not what the person pays a month: that is `monthlyTotal`
 * (docs/figures.md), which counts weekly and yearly bills too.
 */
export function monthlyTotalSpend(subscriptions: readonly Subscription[]): number {
  return sumAmounts(activeOnly(subscriptions).filter((s) => s.cadence === 'MONTHLY'));
}

export function activeCount(subscriptions: readonly Subscription[]): number {
  return activeOnly(subscriptions).length;
}
