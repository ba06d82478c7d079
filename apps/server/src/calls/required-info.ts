/**
 * Checks a person's answers to what a merchant asked for, field by field, so one problem can list
 * every bad field. Values are never echoed back in the messages.
 */
import {
  genderValues,
  requiredUserInfoField,
  type ProblemFieldError,
  type RequiredUserInfoField,
} from '@billow/contracts';

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

type Check = (value: string, prompt: string, today: string) => string | undefined;

const checks: Partial<Record<RequiredUserInfoField, Check>> = {
  date_of_birth: (v, _p, today) =>
    !isCalendarDate(v)
      ? 'Enter the date as YYYY-MM-DD'
      : v >= today
        ? 'Date of birth must be in the past'
        : undefined,
  driver_license_expiration_date: (v) =>
    isCalendarDate(v) ? undefined : 'Enter the date as YYYY-MM-DD',
  payment_method_last_four: (v) => (/^\d{4}$/.test(v) ? undefined : 'Enter exactly 4 digits'),
  driver_license_state: (v) =>
    US_STATES.has(v.toUpperCase()) ? undefined : 'Enter a two-letter US state code',
  social_security_number: (v) =>
    /^\d{9}$/.test(v.replaceAll('-', '')) ? undefined : 'Enter the 9 digits of the number',
  eligibility_confirmation: (v) =>
    v === 'true' || v === 'false' ? undefined : 'Must be true or false',
  service_selection: (v, prompt) =>
    serviceOptions(prompt).includes(v) ? undefined : 'Choose one of the offered services',
  gender: (v) =>
    (genderValues as readonly string[]).includes(v)
      ? undefined
      : 'Must be male, female or non-binary',
  email: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : 'Enter a valid email'),
  phone_number: (v) =>
    /^\+?1?\d{10}$/.test(v.replace(/[\s().-]/g, '')) ? undefined : 'Enter a 10-digit US number',
  verification_code: (v) => (/^\d{4,8}$/.test(v) ? undefined : 'Enter the 4 to 8 digit code'),
  account_pin: (v) => (/^\d{4,8}$/.test(v) ? undefined : 'Enter the 4 to 8 digit PIN'),
};

/** The options of a service_selection prompt: its comma-separated list. */
function serviceOptions(prompt: string): string[] {
  return prompt
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
}

export function validateRequiredInfo(
  asked: Partial<Record<RequiredUserInfoField, string>>,
  given: Record<string, string>,
  today: string,
): { answers: Partial<Record<RequiredUserInfoField, string>>; errors: ProblemFieldError[] } {
  const errors: ProblemFieldError[] = [];
  const answers: Partial<Record<RequiredUserInfoField, string>> = {};
  for (const field of Object.keys(given)) {
    const known = requiredUserInfoField.safeParse(field);
    if (!known.success || !(known.data in asked)) {
      errors.push({ field, message: 'This information was not asked for', code: 'unexpected' });
    }
  }
  for (const [field, prompt] of Object.entries(asked) as [RequiredUserInfoField, string][]) {
    const value = given[field]?.trim() ?? '';
    if (value === '') {
      errors.push({ field, message: 'Required', code: 'required' });
      continue;
    }
    if (value.length > 200) {
      errors.push({ field, message: 'Must be at most 200 characters', code: 'too_long' });
      continue;
    }
    const message = checks[field]?.(value, prompt, today);
    if (message) errors.push({ field, message, code: 'invalid' });
    else answers[field] = field === 'driver_license_state' ? value.toUpperCase() : value;
  }
  return { answers, errors };
}
