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
