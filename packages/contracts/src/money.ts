/**
 * Money, one way on both sides. Billow stores integer cents and the API speaks dollars (spec part
 * 2 shapes); every conversion and every dollar figure a person reads goes through here, so a
 * column of 15.49s never totals 25.479999 and '$1,200.00' looks the same wherever it is shown.
 */

/** Dollars → whole cents. Rounds away the float noise of `15.49 * 100`. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars rounded to whole cents: 12.345678 → 12.35. */
export function roundToCents(dollars: number): number {
  return centsToDollars(dollarsToCents(dollars));
}

/** Adds dollar amounts in whole cents, so the total has no float residue. */
export function sumDollars(amounts: readonly number[]): number {
  return centsToDollars(amounts.reduce((cents, amount) => cents + dollarsToCents(amount), 0));
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US dollars with cents: '$120.00', '$1,200.00', '-$4.50'. */
export function formatDollars(amount: number): string {
  return usd.format(amount);
}

/** A payment's size whatever its sign: '$15.49' for a charge or a refund of 15.49. */
export function formatAbsoluteDollars(amount: number): string {
  return usd.format(Math.abs(amount));
}

/** Whole-dollar headline figures ('$45'), as on the merchant landings. */
export function formatWholeDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/** Floored to whole dollars ('$12' for 12.99), as lifetime savings are (spec part 2 §9). */
export function formatFlooredDollars(amount: number): string {
  return `$${Math.floor(amount).toLocaleString('en-US')}`;
}
