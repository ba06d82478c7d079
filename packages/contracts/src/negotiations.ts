/** Bill negotiation: offers, statuses, calls and their errors (docs/negotiations.md). */
import { z } from 'zod';
import {
  cadence,
  callStage,
  negotiationCallErrorCode,
  type negotiationPriority,
  negotiationStatus,
  savingsType,
} from './enums';
import { defineRoute } from './route';
import { text } from './text';
import { genderValues } from './negotiation-fields';
import { requiredInfoProblemCode } from './problem-codes';

/**
 * The information a merchant may ask for before it talks (docs/negotiations.md,
 * "Required information", all optional).
 */
export const requiredUserInfoField = z.enum([
  'billing_address',
  'account_number',
  'name_on_account',
  'gender',
  'verification_code',
  'email',
  'phone_number',
  'date_of_birth',
  'social_security_number',
  'driver_license_number',
  'driver_license_state',
  'driver_license_expiration_date',
  'passport_number',
  'student_verification',
  'eligibility_confirmation',
  'payment_method_last_four',
  'service_selection',
  'account_pin',
]);
export type RequiredUserInfoField = z.infer<typeof requiredUserInfoField>;

/** Call defaults, and how many items the dashboard card shows (docs/negotiations.md). */
export const NEGOTIATION_CALL_DEFAULTS = {
  maxAttempts: 3,
  priority: 'medium',
  maxDurationMinutes: 30,
} as const satisfies {
  maxAttempts: number;
  priority: z.infer<typeof negotiationPriority>;
  maxDurationMinutes: number;
};

/** A message of a call record (docs/negotiations.md). */
export const callMessage = z.object({
  role: z.string(),
  message: z.string(),
  time: z.number(),
  endTime: z.number(),
  secondsFromStart: z.number(),
  duration: z.number(),
  isFiltered: z.boolean().optional(),
  detectedThreats: z.array(z.string()).optional(),
  originalMessage: z.string().optional(),
});
export type CallMessage = z.infer<typeof callMessage>;

/** A negotiation's result: a free-months deal, or a lower monthly rate (docs/savings.md). */
export const negotiationResult = z.union([
  z.object({ successful: z.boolean(), originalRate: z.number(), freeMonths: z.number() }),
  z.object({
    successful: z.boolean(),
    originalRate: z.number(),
    monthlySavings: z.number(),
    finalRate: z.number(),
  }),
]);
export type NegotiationResult = z.infer<typeof negotiationResult>;

export const callRecord = z.object({
  messages: z.array(callMessage),
  recordingUrl: z.string().nullable().optional(),
  stereoRecordingUrl: z.string().nullable().optional(),
  transcript: z.string(),
  performanceMetrics: z.record(z.string(), z.number()).optional(),
  summary: z.string(),
  structuredData: z.record(z.string(), z.unknown()).nullable(),
  successEvaluation: z.string().nullable(),
});
export type CallRecord = z.infer<typeof callRecord>;

/** What the call agent knows when it dials (docs/negotiations.md). */
export const negotiationCallUserInfo = z.object({
  name: z.string(),
  userPhoneNumber: z.string(),
  merchantPhoneNumber: z.string(),
  address: z.string(),
  gender: z.enum(genderValues).default('male'),
  serviceName: z.string(),
  serviceDurationYears: z.number(),
  currentMonthlyRate: z.number(),
  requiredUserInfo: z.record(z.string(), z.string()),
});
export type NegotiationCallUserInfo = z.infer<typeof negotiationCallUserInfo>;

export const statusChangeEvent = z.object({
  newStatus: negotiationStatus,
  previousStatus: negotiationStatus.nullable(),
  reason: z.string().optional(),
  effectiveDate: z.string(),
});
export type StatusChangeEvent = z.infer<typeof statusChangeEvent>;

/** An error event of a negotiation call (docs/negotiations.md). */
export const negotiationCallError = z.object({
  code: negotiationCallErrorCode,
  message: z.string(),
  retryable: z.boolean(),
  nextRetryAt: z.string().optional(),
  currentAttempt: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
});
export type NegotiationCallError = z.infer<typeof negotiationCallError>;

/** Billow's addition to the offer: the call as it runs and once it ended (the live view). */
export const negotiationCallView = z.object({
  stage: callStage,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  messages: z.array(callMessage.pick({ role: true, message: true, secondsFromStart: true })),
  summary: z.string().nullable(),
  /**
   * The process running the call stopped (a crash or a restart) and Billow is picking the call
   * up again: what `stage` says may no longer be happening. False once the call is back under way.
   */
  is_reconnecting: z.boolean(),
});
export type NegotiationCallView = z.infer<typeof negotiationCallView>;

export const negotiationOffer = z.object({
  subscription_id: z.string(),
  service_name: z.string(),
  merchant_id: z.number().int().positive(),
  current_price: z.number(),
  target_price: z.number(),
  status: negotiationStatus,
  start_date: z.string().nullable(),
  estimated_completion: z.string().nullable(),
  merchant_website_url: z.string().nullable(),
  logo: z.string().nullable(),
  estimated_savings: z.number(),
  required_user_info: z.record(z.string(), z.string()).nullable(),
  eligibility_criteria: z.array(z.string()),
  rejection_reason: z.string().nullable(),
  successful_savings: z.number().nullable(),
  /**
   * Billow's addition: the bill's new price per charge, in its own cadence, once a negotiation
   * lowered it (null for free months, and until it succeeded).
   */
  negotiated_price: z.number().nullable(),
  savings_type: savingsType.nullable(),
  negotiated_deal_expiry: z.string().nullable(),
  subscription_cadence: cadence,
  is_annual_conversion_eligible: z.boolean(),
  annual_plan_cost: z.number().positive().nullable(),
  annual_conversion_external_link: z.url().nullable(),
  has_assigned_gift_card: z.boolean(),
  is_pay_with_billow_eligible: z.boolean(),
  call: negotiationCallView.nullable(),
});
export type NegotiationOffer = z.infer<typeof negotiationOffer>;

export const submitRequiredInfoBody = z.object({
  subscriptionId: z.string().uuid(),
  /** Missing counts as empty: every asked field is then listed as required. */
  requiredInfo: z.record(text().max(200), text().max(500)).default({}),
});

export const negotiationRoutes = {
  negotiable: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/negotiable-subscriptions',
    response: z.array(negotiationOffer),
  }),
  submitRequiredInfo: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/submit-required-info',
    tokenScope: 'sensitive',
    body: submitRequiredInfoBody,
    response: z.object({ success: z.literal(true), status: negotiationStatus }),
    problemCodes: requiredInfoProblemCode,
  }),
} as const;
