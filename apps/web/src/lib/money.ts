/** Dollars as the funnel shows them: '$120.00', '$1,200.00'. */
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}

/** Whole-dollar headline figures ('$45'), as on the merchant landings. */
export function formatWholeDollars(amount: number): string {
  return `$${Math.round(amount).toLocaleString('en-US')}`;
}

/** A payment's size whatever its sign: '$15.49' for a charge or a refund of 15.49. */
export function formatAbsoluteDollars(amount: number): string {
  return dollars.format(Math.abs(amount));
}

/** Floored to whole dollars ('$12' for 12.99), as lifetime savings are (spec part 2 §9). */
export function formatFlooredDollars(amount: number): string {
  return `$${Math.floor(amount).toLocaleString('en-US')}`;
}
