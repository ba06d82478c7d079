/**
 * The words of the negotiation screens' form fields and card (docs/negotiations.md,
 * "Required information"). No zod: the dashboard's first screen uses these without loading the
 * schemas.
 */
import type { RequiredUserInfoField } from './negotiations';

/** Each field's human label. */
export const requiredUserInfoLabels: Record<RequiredUserInfoField, string> = {
  billing_address: 'Complete billing address including zip code',
  account_number: 'Account number',
  name_on_account: 'Name on account',
  gender: 'Gender',
  verification_code: 'Verification code',
  email: 'Email',
  phone_number: 'Phone number',
  date_of_birth: 'Date of birth',
  social_security_number: 'Social Security number',
  driver_license_number: "Driver's license number",
  driver_license_state: "Driver's license state",
  driver_license_expiration_date: "Driver's license expiration date",
  passport_number: 'Passport number',
  student_verification: 'Student verification',
  eligibility_confirmation: 'Eligibility confirmation',
  payment_method_last_four: 'Last 4 digits of payment method',
  service_selection: 'Service selection',
  account_pin: 'Account PIN',
};

/** Lower case, letters and digits only: 'Last 4 digits' and 'last 4 digits.' are the same words. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * A field's prompt as the help under its label, or nothing when it only says the label again
 * (a negotiation keeps the prompts it was created with, from before they said more).
 */
export function fieldHelp(label: string, prompt: string | undefined): string | undefined {
  if (!prompt?.trim()) return undefined;
  return wordsOf(label).includes(wordsOf(prompt)) ? undefined : prompt;
}

export const genderValues = ['male', 'female', 'non-binary'] as const;

export const ELIGIBILITY_CONFIRMATION_LABEL =
  'I confirm that I have reviewed the eligibility criteria and am eligible for these savings';
export const SERVICE_SELECTION_PLACEHOLDER = 'Select service';

export const NEGOTIATIONS_CARD_LIMIT = 3;

/** Screen texts of the negotiation area (docs/negotiations.md, "Required information"). */
export const negotiationMessages = {
  cardTitle: 'Negotiations',
  cardEmptyTitle: 'No Active Negotiations',
  howItWorks: 'How it works',
  viewAll: 'View All Negotiations',
  explore: 'Explore Negotiations',
  letsDoIt: "Let's do it",
  loadFailedTitle: 'Unable to Load Negotiations',
  loadFailed: 'Failed to load negotiations data. Please try again.',
  tryAgain: 'Try Again',
  requiredInformation: 'Required Information',
  enterInformationFor: (service: string) => `Enter Information for ${service}`,
  badges: { IN_PROGRESS: 'IN PROGRESS', USER_INPUT_REQUIRED: 'INPUT REQUIRED' },
} as const;
