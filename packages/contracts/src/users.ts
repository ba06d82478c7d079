/** The user API and the profile shapes (docs/profile.md). */
import {
  deleteAccountProblemCode,
  sendEmailVerificationProblemCode,
  verifyEmailProblemCode,
} from './problem-codes';
import { z } from 'zod';
import { FEEDBACK_MAX_LENGTH, LEGAL_NAME_MAX_LENGTH } from './constants';
import { legalNameProblem } from './legal-name';
import { accountType, bankSource } from './enums';
import { defineRoute } from './route';
import { text } from './text';
import { timeZoneName } from './time-zone';

export const linkedAccount = z.object({
  id: z.string(),
  bankName: z.string(),
  bankWebsiteUrl: z.string().nullable(),
  lastFour: z.string(),
  accountType: accountType,
  accountSubType: z.string().nullable(),
  active: z.boolean(),
  is_primary_payment_account: z.boolean(),
  /**
   * What the bank said was available at the last sync (dollars), for choosing the account that
   * pays; null when the bank gave no balance, and for a card (what is owed is not money to pay).
   */
  availableBalance: z.number().nullable(),
  /** Where the account's transactions come from. */
  source: bankSource,
  /**
   * What the source says needs the person's attention for this account (e.g. the SimpleFIN
   * Bridge's messages about a bank to log in to again), or null when nothing does.
   */
  attention: z.string().nullable(),
});
export type LinkedAccount = z.infer<typeof linkedAccount>;

export const gender = z.enum(['male', 'female', 'non-binary']);
export type Gender = z.infer<typeof gender>;

export const profileSettings = z.object({
  is_auto_apply_rewards_enabled: z.boolean(),
  is_subscription_notifications_enabled: z.boolean(),
  is_overdraft_protection_enabled: z.boolean(),
  is_bill_negotiation_enabled: z.boolean(),
});
export type ProfileSettings = z.infer<typeof profileSettings>;

export const profileInfo = z.object({
  user_legal_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string(),
  is_email_verified: z.boolean(),
  is_plaid_update_mode_required: z.boolean(),
  lifetime_accrued_rewards: z.number(),
  linkedAccounts: z.array(linkedAccount),
  profile_settings: profileSettings,
  gender: gender.nullable(),
  /**
   * The IANA time zone the person's days are counted in: set from the browser until
   * the person picks one in the profile; "UTC" for an account that never told.
   */
  time_zone: z.string(),
});
export type ProfileInfo = z.infer<typeof profileInfo>;

const legalName = text()
  .trim()
  .max(LEGAL_NAME_MAX_LENGTH)
  .superRefine((name, context) => {
    const problem = legalNameProblem(name);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const updateProfileInfoBody = z
  .object({
    user_legal_name: legalName.optional(),
    email: text().trim().toLowerCase().pipe(z.email()).meta({ format: 'email' }).optional(),
    /** Accepted for compatibility; only the email verification flow can make it true. */
    is_email_verified: z.boolean().optional(),
    /** The zone the person picked: it stays until they pick another. */
    time_zone: timeZoneName.optional(),
    /**
     * The zone the browser is in, sent at sign-in and onboarding: kept only while the person
     * has not picked one, so a phone that travels keeps their days in step.
     */
    browser_time_zone: timeZoneName.optional(),
  })
  .refine(
    (body) =>
      body.user_legal_name !== undefined ||
      body.email !== undefined ||
      body.time_zone !== undefined ||
      body.browser_time_zone !== undefined,
    { message: 'Required', path: ['user_legal_name'] },
  );

export const updateProfileSettingsBody = profileSettings.partial();

export const onboardingProfileBody = z.object({
  gender: gender.nullable(),
  profile_settings: profileSettings.pick({
    is_bill_negotiation_enabled: true,
    is_subscription_notifications_enabled: true,
  }),
});

export const feedbackBody = z.object({
  feedback: text().trim().min(1).max(FEEDBACK_MAX_LENGTH),
});

export const fetchUserResponse = z.object({
  userId: z.string(),
  user_legal_name: z.string().nullable(),
  linkedAccounts: z.array(linkedAccount),
});

export const successResponse = z.object({ success: z.literal(true) });

export const userRoutes = {
  fetchOrCreateUser: defineRoute({
    method: 'POST',
    path: '/api/user/fetch-or-create-user',
    body: z.object({ phoneNumber: text().trim().min(1).max(32) }),
    response: z.object({ existingUser: z.boolean(), userId: z.string() }),
  }),
  fetchUser: defineRoute({
    method: 'POST',
    path: '/api/user/fetch-user',
    response: fetchUserResponse,
  }),
  profileInfo: defineRoute({
    method: 'GET',
    path: '/api/user/profile-info',
    response: profileInfo,
  }),
  updateProfileSettings: defineRoute({
    method: 'POST',
    path: '/api/user/update-profile-settings',
    body: updateProfileSettingsBody,
    response: profileSettings,
  }),
  updateProfileInfo: defineRoute({
    method: 'POST',
    path: '/api/user/update-profile-info',
    tokenScope: 'sensitive',
    body: updateProfileInfoBody,
    response: profileInfo,
  }),
  updateProfileInfoFromOnboarding: defineRoute({
    method: 'POST',
    path: '/api/user/update-profile-info-from-onboarding',
    tokenScope: 'sensitive',
    body: onboardingProfileBody,
    response: profileInfo,
  }),
  submitFeedback: defineRoute({
    method: 'POST',
    path: '/api/user/submit-feedback',
    body: feedbackBody,
    response: successResponse,
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/user/delete-account',
    // Deleting everything needs the person, not a script holding one of their tokens: someone
    // who signed in a moment ago, or who gives the code just texted to their phone.
    acceptsAccessTokens: false,
    body: z.object({ code: text().trim().min(1).max(12).optional() }).nullish(),
    response: z.object({ success: z.boolean(), message: z.string() }),
    problemCodes: deleteAccountProblemCode,
  }),
  /** Texts the code that confirms deleting the account (see deleteAccount). */
  sendDeleteAccountCode: defineRoute({
    method: 'POST',
    path: '/api/user/delete-account/send-code',
    acceptsAccessTokens: false,
    /** The last four digits of the number it went to. */
    response: z.object({ sent: z.literal(true), phoneLastFour: z.string() }),
    problemCodes: deleteAccountProblemCode,
  }),
  sendEmailVerification: defineRoute({
    method: 'POST',
    path: '/api/user/send-email-verification',
    tokenScope: 'sensitive',
    response: z.object({ sent: z.literal(true), email: z.string() }),
    problemCodes: sendEmailVerificationProblemCode,
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/api/user/verify-email',
    tokenScope: 'sensitive',
    body: z.object({ code: text().trim().min(1).max(12) }),
    response: profileInfo,
    problemCodes: verifyEmailProblemCode,
  }),
  /**
   * Everything Billow keeps about the person, as a ZIP of JSON and CSV files with a README of
   * the fields. The answer is application/zip, not JSON: the server serves it from a
   * plain route, and this contract lists it for the route suites (the schema stands in for the
   * bytes, as the calendar feed's does for its text).
   */
  exportData: defineRoute({
    method: 'GET',
    path: '/api/user/export',
    response: z.string(),
    responseType: 'application/zip',
  }),
} as const;

/** Problem details for the recovery email, worded for the screen. */
export const emailFailureDetail = {
  noEmail: 'Unable to verify email. Please ensure you have an email address set.',
  wrongCode: 'Invalid verification code. Please try again.',
} as const;
