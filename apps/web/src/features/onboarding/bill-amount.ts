/**
 * The funnel's monthly bill field (docs/onboarding.md, "The signup funnel"): only digits and one
 * decimal point are kept, at most 2 decimals and 5 digits of dollars (a monthly bill of $100,000 is
 * no bill to negotiate, and the savings it made did not fit the screen), and the amount counts only
 * when it is above 0. The field is sanitised keystroke by keystroke, so an edit that breaks a rule
 * is refused and the field keeps what it had, instead of being rewritten under the cursor.
 */
const AMOUNT_MAX_DECIMALS = 2;
const AMOUNT_MAX_DOLLAR_DIGITS = 5;
/** The largest amount the field holds, as the hint says it. */
export const AMOUNT_MAX_TEXT = '$99,999.99';

/** What the field shows after an edit from `previous` to `next`. */
export function sanitizeAmountInput(previous: string, next: string): string {
  const kept = next.replace(/[^\d.]/g, '');
  const [dollars = '', decimals, ...extraPoints] = kept.split('.');
  if (extraPoints.length > 0) return previous;
  if (dollars.length > AMOUNT_MAX_DOLLAR_DIGITS) return previous;
  if (decimals !== undefined && decimals.length > AMOUNT_MAX_DECIMALS) return previous;
  return kept;
}

/** The amount in dollars, or null when the text is not a number ('' or '.'). */
export function parseAmount(value: string): number | null {
  if (!/\d/.test(value)) return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}

/** Next and Enter only go ahead with an amount above 0. */
export function isValidAmount(value: string): boolean {
  const amount = parseAmount(value);
  return amount !== null && amount > 0;
}
