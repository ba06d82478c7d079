/**
 * Money, one way on both sides. Billow stores integer cents and the API speaks dollars; every
 * conversion and every dollar figure a person reads goes through here, so a column of 15.49s never
 * totals 25.479999 and '$1,200.00' looks the same wherever it is shown.
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

/*
 * Dollar figures are written here rather than by Intl.NumberFormat. A page's first Intl call loads
 * the browser's locale data, 30–80 ms on a 2-core machine and four times that on the phone
 * Lighthouse emulates, in the middle of the page's start. The output is Intl's en-US
 * format to the character (`money.test.ts` compares the two over many amounts); Intl itself
 * still writes what the short path does not cover: no number, infinities, 10^15 and beyond, and
 * sizes under a millionth.
 */

let intlUsd: Intl.NumberFormat | undefined;

function intlDollars(amount: number): string {
  intlUsd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return intlUsd.format(amount);
}

/** '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Whether the number's shortest decimal form is plain digits that the short path can round. */
function isPlain(size: number): boolean {
  return size < 1e15 && (size === 0 || size >= 1e-6);
}

/**
 * `size` (plain, ≥ 0) as whole dollars and cents the way Intl rounds: half away from zero on the
 * number's shortest decimal form, so 1.005 → ['1', '01'] where `toFixed` would say 1.00.
 */
function dollarsAndCents(size: number): [string, string] {
  const [whole = '0', fraction = ''] = String(size).split('.');
  if (fraction.length <= 2) return [whole, fraction.padEnd(2, '0')];
  const cents = String(Number(whole + fraction.slice(0, 2)) + (fraction[2]! >= '5' ? 1 : 0));
  const padded = cents.padStart(3, '0');
  return [padded.slice(0, -2), padded.slice(-2)];
}

/** US dollars with cents: '$120.00', '$1,200.00', '-$4.50'. */
export function formatDollars(amount: number): string {
  const size = Math.abs(amount);
  if (!isPlain(size)) return intlDollars(amount);
  const [whole, cents] = dollarsAndCents(size);
  // Intl writes the sign of any negative, -0 included.
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${groupThousands(whole)}.${cents}`;
}

/** A payment's size whatever its sign: '$15.49' for a charge or a refund of 15.49. */
export function formatAbsoluteDollars(amount: number): string {
  return formatDollars(Math.abs(amount));
}

/** A whole number as `toLocaleString('en-US')` writes it: '1,200', '-0'. */
function wholeNumber(value: number): string {
  if (!isPlain(Math.abs(value))) return value.toLocaleString('en-US');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return sign + groupThousands(String(Math.abs(value)));
}

/** Whole-dollar headline figures ('$45'), as on the merchant landings. */
export function formatWholeDollars(amount: number): string {
  return `$${wholeNumber(Math.round(amount))}`;
}

/**
 * Floored to whole dollars ('$12' for 12.99), as lifetime savings are (docs/dashboard.md,
 * "Lifetime savings").
 */
export function formatFlooredDollars(amount: number): string {
  return `$${wholeNumber(Math.floor(amount))}`;
}
