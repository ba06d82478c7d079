/**
 * The bills card's sums (spec part 2 §9). Added in whole cents so that a column of prices like
 * 15.49 never totals 25.479999.
 */
import type { Subscription } from '@billow/contracts';
import { isDueThisMonth, type DueBill } from './due-dates';

function sumCents(amounts: readonly number[]): number {
  return amounts.reduce((cents, amount) => cents + Math.round(amount * 100), 0) / 100;
}

/** 'Due this month': the amounts whose renewal date falls on or before the month's last day. */
export function dueThisMonth(
  bills: readonly (DueBill & Pick<Subscription, 'amount'>)[],
  today = new Date(),
): number {
  return sumCents(bills.filter((bill) => isDueThisMonth(bill, today)).map((bill) => bill.amount));
}

/** 'Average per month': the bills' monthly equivalents added up. */
export function averagePerMonth(
  bills: readonly Pick<Subscription, 'normalized_monthly_amount'>[],
): number {
  return sumCents(bills.map((bill) => bill.normalized_monthly_amount));
}

export function sumAmounts(bills: readonly Pick<Subscription, 'amount'>[]): number {
  return sumCents(bills.map((bill) => bill.amount));
}
