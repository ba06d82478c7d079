/**
 * The bills card's sums (spec part 2 §9), added in whole cents (`sumDollars`) so that a column of
 * prices like 15.49 never totals 25.479999.
 */
import { sumDollars, type Subscription } from '@billow/contracts';
import { isDueThisMonth, type DueBill } from './due-dates';

/** 'Due this month': the amounts whose renewal date falls on or before the month's last day. */
export function dueThisMonth(
  bills: readonly (DueBill & Pick<Subscription, 'amount'>)[],
  today = new Date(),
): number {
  return sumDollars(bills.filter((bill) => isDueThisMonth(bill, today)).map((bill) => bill.amount));
}

/** 'Average per month': the bills' monthly equivalents added up. */
export function averagePerMonth(
  bills: readonly Pick<Subscription, 'normalized_monthly_amount'>[],
): number {
  return sumDollars(bills.map((bill) => bill.normalized_monthly_amount));
}

export function sumAmounts(bills: readonly Pick<Subscription, 'amount'>[]): number {
  return sumDollars(bills.map((bill) => bill.amount));
}
