/**
 * Phone normalisation (docs/sign-in.md, "Phone numbers"): strip every non-digit; 10 digits become
 * +1 and the digits; 11 digits starting with 1 get a + prefix; an input already starting with + is
 * kept (as + and its digits); anything else gets +1 in front. The default country code is +1.
 * Whether a number can exist is `isPlausiblePhoneNumber` in `./phone-plausible`, kept apart so the
 * country metadata it needs loads only where a number is checked.
 */
export const DEFAULT_COUNTRY_CODE = '+1';

export function normalizePhoneNumber(input: string): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `${DEFAULT_COUNTRY_CODE}${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `${DEFAULT_COUNTRY_CODE}${digits}`;
}

/** What a phone field keeps of what is typed: digits and the marks people write numbers with. */
export function phoneInputCharacters(input: string): string {
  return input.replace(/[^\d\s()+.-]/g, '');
}

/** '+15555550100' → '(555) 555-0100' for US numbers; others unchanged. */
export function formatPhoneNumber(normalized: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(normalized);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : normalized;
}
