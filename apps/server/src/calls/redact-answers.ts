/**
 * Takes the person's sensitive answers (SSN, PIN, account number, date of birth, licence and
 * passport numbers, …) out of whatever comes back from a call (a negotiation's or a cancellation's) before Billow stores,
 * returns, exports or logs it (docs/negotiations.md, "What a call keeps"). The agent reads these
 * values to the merchant, so the merchant and the agent may repeat them: in the transcript, the
 * messages, the summary or the analysis. Values are matched themselves, not by a field name, in
 * any spacing or digit grouping ("123-45-6789", "123 45 6789", "1 2 3 4 5 6 7 8 9", "one two
 * three …"), and dates in the usual written forms.
 */
import type { RequiredUserInfoField } from '@billow/contracts';

export const REDACTED = '[redacted]';

/** The answers that are secrets; a name, an address or a yes/no is said openly on the call. */
const SENSITIVE_FIELDS: ReadonlySet<RequiredUserInfoField> = new Set([
  'account_number',
  'account_pin',
  'verification_code',
  'date_of_birth',
  'social_security_number',
  'driver_license_number',
  'driver_license_expiration_date',
  'passport_number',
  'payment_method_last_four',
  'student_verification',
]);
/** Identity numbers whose last four digits alone are still worth hiding ("ending in 6789"). */
const LAST_FOUR_TOO: ReadonlySet<string> = new Set(['social_security_number', 'account_number']);
const DATE_FIELDS: ReadonlySet<string> = new Set([
  'date_of_birth',
  'driver_license_expiration_date',
]);

const DIGIT_WORDS = [
  '(?:zero|oh|o)',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
];
const MONTHS = [
  'jan(?:uary)?',
  'feb(?:ruary)?',
  'mar(?:ch)?',
  'apr(?:il)?',
  'may',
  'june?',
  'july?',
  'aug(?:ust)?',
  'sep(?:t(?:ember)?)?',
  'oct(?:ober)?',
  'nov(?:ember)?',
  'dec(?:ember)?',
];
/** What may stand between two characters of a value when it is said or written. */
const GAP = '[\\s\\-./,_()]*';
const BEFORE = '(?<![\\p{L}\\p{N}])';
const AFTER = '(?![\\p{L}\\p{N}])';

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One character of a value: a digit as a digit or its word, anything else as itself. */
function charPattern(char: string): string {
  return /\d/.test(char) ? `(?:${char}|${DIGIT_WORDS[Number(char)]})` : escape(char);
}

/** The value's letters and digits in order, with any gap between them. */
function spacedPattern(value: string): string | undefined {
  const chars = [...value.toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c));
  // Too short to tell from ordinary text ("a", "12"): the field's other forms still apply.
  if (chars.length < 4) return undefined;
  return chars.map(charPattern).join(GAP);
}

/** A number with or without its leading zeros ("03", "3"). */
function numberPattern(n: number, width: number): string {
  return `0{0,${width - 1}}${n}`;
}

function datePatterns(value: string): string[] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return [];
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const y = `(?:${year}|${String(year).slice(2)})`;
  const m = numberPattern(month, 2);
  const d = numberPattern(day, 2);
  const name = MONTHS[month - 1];
  const ordinal = `${d}(?:st|nd|rd|th)?`;
  const sep = '[\\s\\-./,]*';
  return [
    [y, m, d],
    [m, d, y],
    [d, m, y],
  ]
    .map((parts) => parts.join(sep))
    .concat([`${name}${sep}${ordinal}${sep}${y}`, `${ordinal}${sep}(?:of\\s+)?${name}${sep}${y}`]);
}

export type Redact = (text: string) => string;

/** A redactor for one negotiation's answers (field → value as the person typed it). */
export function redactorFor(answers: Partial<Record<string, string>>): Redact {
  const patterns: string[] = [];
  for (const [field, raw] of Object.entries(answers)) {
    const value = raw?.trim();
    if (!value || !SENSITIVE_FIELDS.has(field as RequiredUserInfoField)) continue;
    const spaced = spacedPattern(value);
    if (spaced) patterns.push(spaced);
    if (DATE_FIELDS.has(field)) patterns.push(...datePatterns(value));
    const digits = value.replace(/\D/g, '');
    if (LAST_FOUR_TOO.has(field) && digits.length > 4) {
      const lastFour = spacedPattern(digits.slice(-4));
      if (lastFour) patterns.push(lastFour);
    }
  }
  if (patterns.length === 0) return (text) => text;
  // Longest first, so a whole number goes before a part of it.
  patterns.sort((a, b) => b.length - a.length);
  const regex = new RegExp(`${BEFORE}(?:${patterns.join('|')})${AFTER}`, 'giu');
  return (text) => text.replace(regex, REDACTED);
}

/** Redacts every string inside a JSON-like value (the vendor's structured analysis). */
export function redactDeep<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        redactDeep(item, redact),
      ]),
    ) as T;
  }
  return value;
}
