/**
 * Whether a normalised number can exist, with libphonenumber's country metadata. Its own entry
 * (`@billow/contracts/phone-plausible`, not re-exported from the index): the web loads it only
 * when someone asks for a code, so the metadata stays off the first paint of the sign-in pages.
 */
import { isPossiblePhoneNumber } from 'libphonenumber-js';

/**
 * E.164 (a + and 8 to 15 digits, not starting with 0) and a length its country's numbers can
 * have: '+15551234' is refused, a US number needs ten digits. Possible, not valid: the sandbox's
 * 555 numbers must pass, and libphonenumber's "valid" would refuse them.
 */
export function isPlausiblePhoneNumber(normalized: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(normalized) && isPossiblePhoneNumber(normalized);
}
