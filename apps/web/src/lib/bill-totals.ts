/**
 * The bills card's sums (docs/figures.md; the monthly figure is `monthlyTotal` in
 * @billow/contracts, docs/figures.md), added in whole cents (`sumDollars`) so that a column of
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

export function sumAmounts(bills: readonly Pick<Subscription, 'amount'>[]): number {
  return sumDollars(bills.map((bill) => bill.amount));
}
