/**
 * What texting a sign-in code adds to the code rules, because a text costs money and reaches a
 * stranger's phone (SMS pumping): codes go only to numbers of the allowed countries, one client
 * address may have only so many numbers texted an hour, and Billow as a whole texts at most its
 * hourly budget. Addresses are counted as keyed hashes, through the one-time-code records.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import {
  COUNTRY_NOT_ALLOWED,
  countryNotAllowedDetail,
  otpStartFailureDetail,
  type ProblemCode,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import type { SentInLastHour } from '../one-time-codes/one-time-codes.service';

export type SmsLimits = {
  /** Codes one client address may have texted, to any numbers, per hour. */
  maxPerAddressPerHour: number;
  /** Codes texted per hour by the whole of Billow. */
  budgetPerHour: number;
  allowedCountries: readonly CountryCode[];
};

const HOUR_SECONDS = 3600;

export function tooManyRequests(code: ProblemCode, detail: string, retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ProblemError('too-many-requests', detail, {
    code,
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * The country of a number. NANP numbers whose area code names no country (the 555 numbers of
 * tests and fiction) count as the plan's main country, the US.
 */
function countryOf(phoneNumber: string): CountryCode | undefined {
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (parsed?.country) return parsed.country;
  return parsed?.countryCallingCode === '1' ? 'US' : undefined;
}

/** NANP area codes that reach no personal phone: toll-free numbers and premium-rate 900. */
const NOT_PERSONAL_AREA_CODES = new Set(['800', '833', '844', '855', '866', '877', '888', '900']);

/**
 * A North American number that cannot receive a personal text: toll-free, premium-rate (900), or
 * unassigned (an area code or exchange starting with 0 or 1, which the plan never gives out).
 */
function isUntextableNanpNumber(phoneNumber: string): boolean {
  const match = /^\+1(\d{3})(\d{3})\d{4}$/.exec(phoneNumber);
  if (!match) return false;
  const [, area, exchange] = match as unknown as [string, string, string];
  return /^[01]/.test(area) || /^[01]/.test(exchange) || NOT_PERSONAL_AREA_CODES.has(area);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function createTextingLimits(deps: { limits: SmsLimits; clock?: () => Date }) {
  const now = deps.clock ?? (() => new Date());
  const { limits } = deps;
  const countryNames = limits.allowedCountries.map((code) => regionNames.of(code) ?? code);

  /** Seconds until the oldest of an hour's codes stops counting. */
  const untilOldestExpires = (oldest: Date | null) =>
    oldest ? HOUR_SECONDS - (now().getTime() - oldest.getTime()) / 1000 : HOUR_SECONDS;

  return {
    /** Refuses a number codes may not be texted to (400), before anything counts or is sent. */
    assertTextable(phoneNumber: string) {
      if (isUntextableNanpNumber(phoneNumber)) {
        // Said as an invalid number: a sign-in code goes only to a person's own phone.
        throw new ProblemError('validation', 'phoneNumber: Invalid phone number', {
          code: 'phone-invalid',
          errors: [
            { field: 'phoneNumber', message: 'Invalid phone number', code: 'invalid_format' },
          ],
        });
      }
      const country = countryOf(phoneNumber);
      if (country && limits.allowedCountries.includes(country)) return;
      const detail = countryNotAllowedDetail(countryNames);
      throw new ProblemError('bad-request', detail, {
        code: 'country-not-allowed',
        errors: [{ field: 'phoneNumber', message: detail, code: COUNTRY_NOT_ALLOWED }],
      });
    },

    /**
     * Refuses (429) once the requester's address, or Billow as a whole, has texted enough;
     * counted by the code mechanism inside its locked issuing step (see one-time-codes).
     */
    async assertWithinLimits(requester: string, sentInLastHour: SentInLastHour) {
      const fromAddress = await sentInLastHour({ requester });
      if (fromAddress.count >= limits.maxPerAddressPerHour) {
        throw tooManyRequests(
          'too-many-codes-from-address',
          otpStartFailureDetail.tooManyFromAddress,
          untilOldestExpires(fromAddress.oldest),
        );
      }
      const everyone = await sentInLastHour();
      if (everyone.count >= limits.budgetPerHour) {
        throw tooManyRequests(
          'sms-budget-spent',
          otpStartFailureDetail.overBudget,
          untilOldestExpires(everyone.oldest),
        );
      }
    },
  };
}
