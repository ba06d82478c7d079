/**
 * Cancelling a subscription for the person (docs/cancellations.md): the options a
 * subscription's merchant offers, the cancellation itself as it moves from REQUESTED to VERIFIED
 * (or FAILED), and the routes. The merchant's facts live in merchants.ts.
 */
import { z } from 'zod';
import { CANCELLATION_CHANNELS, type MerchantCancellation } from './merchant-cancellations';
import { negotiationCallView } from './negotiations';
import { cancellationProblemCode } from './problem-codes';
import { defineRoute } from './route';
import { text } from './text';

/**
 * REQUESTED → IN_PROGRESS → CONFIRMED → VERIFIED; FAILED from any open state. A cancellation is
 * open until it is VERIFIED or FAILED; the subscription becomes CANCELLED once it is VERIFIED.
 */
export const cancellationStatus = z.enum([
  'REQUESTED',
  'IN_PROGRESS',
  'CONFIRMED',
  'VERIFIED',
  'FAILED',
]);
export type CancellationStatus = z.infer<typeof cancellationStatus>;
export const OPEN_CANCELLATION_STATUSES = ['REQUESTED', 'IN_PROGRESS', 'CONFIRMED'] as const;

/** Billow calls for the person, the person does it, or the person sends Billow's letter. */
export const cancellationWay = z.enum(['call', 'self', 'letter']);
export type CancellationWay = z.infer<typeof cancellationWay>;

/** Days after the next expected charge date that the bank is watched before VERIFIED. */
export const CANCELLATION_GRACE_DAYS = 5;

export const cancellationGuide = z.object({
  channels: z.array(z.enum(CANCELLATION_CHANNELS)),
  page_url: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notice: z.string().nullable(),
  notes: z.array(z.string()),
  /** True when Billow does not know this merchant and shows the generic guide. */
  is_generic: z.boolean(),
});
export type CancellationGuide = z.infer<typeof cancellationGuide>;

/** A merchant's cancellation facts as the API and the assistant's tool give them. */
export function cancellationGuideOf(
  guide: MerchantCancellation,
  isGeneric: boolean,
): CancellationGuide {
  return {
    channels: guide.channels,
    page_url: guide.pageUrl ?? null,
    phone: guide.phone ?? null,
    email: guide.email ?? null,
    notice: guide.notice ?? null,
    notes: guide.notes,
    is_generic: isGeneric,
  };
}

export const cancellationWayOption = z.object({
  way: cancellationWay,
  is_available: z.boolean(),
  /** Why a way is not offered for this merchant, in words for the person. */
  unavailable_reason: z.string().nullable(),
});

export type CancellationWayOption = z.infer<typeof cancellationWayOption>;

/**
 * Which ways a merchant's facts allow, and why not when they do not: the cancel sheet's ways and
 * what the assistant offers (docs/cancellations.md).
 */
export function cancellationWaysFor(guide: MerchantCancellation): CancellationWayOption[] {
  const canCall = guide.channels.includes('phone') && Boolean(guide.phone);
  const canWrite = guide.channels.includes('email') || guide.channels.includes('letter');
  return [
    {
      way: 'call',
      is_available: canCall,
      unavailable_reason: canCall ? null : 'This merchant does not cancel by phone.',
    },
    { way: 'self', is_available: true, unavailable_reason: null },
    {
      way: 'letter',
      is_available: canWrite,
      unavailable_reason: canWrite
        ? null
        : 'This merchant does not take a cancellation by email or letter.',
    },
  ];
}

export const cancellation = z.object({
  id: z.string(),
  subscription_id: z.string(),
  merchant_name: z.string(),
  way: cancellationWay,
  status: cancellationStatus,
  allow_retention_offer: z.boolean(),
  confirmation_number: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** For FAILED: what to try next. */
  next_step: z.string().nullable(),
  yearly_cost: z.number(),
  requested_at: z.string(),
  confirmed_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** The day until which the bank is watched for another charge (after CONFIRMED). */
  watch_until: z.string().nullable(),
  /** Charges the bank showed after the cancellation was confirmed. */
  charged_after: z.array(z.object({ date: z.string(), amount: z.number() })),
  call: negotiationCallView.nullable(),
});
export type Cancellation = z.infer<typeof cancellation>;

export const cancellationOptions = z.object({
  subscription_id: z.string(),
  merchant_name: z.string(),
  yearly_cost: z.number(),
  guide: cancellationGuide,
  ways: z.array(cancellationWayOption),
  /** "I'll do it myself": the steps, in order. */
  steps: z.array(z.string()),
  /** A ready email or letter with the person's details filled in. */
  letter: z.object({ subject: z.string(), body: z.string() }),
  /** What the merchant asks before it talks, for a call: field → prompt. */
  required_user_info: z.record(z.string(), z.string()),
  /** The open cancellation of this subscription, or the latest one. */
  cancellation: cancellation.nullable(),
});
export type CancellationOptions = z.infer<typeof cancellationOptions>;

export const cancelBody = z.object({
  subscriptionId: z.string().uuid(),
  method: cancellationWay,
  /** For a call: the answers to what the merchant asks (same rules as negotiations). */
  requiredInfo: z.record(text().max(200), text().max(500)).default({}),
  /** Whether the call may take a retention offer instead of cancelling (never by default). */
  allowRetentionOffer: z.boolean().default(false),
});
export type CancelBody = z.input<typeof cancelBody>;

export const cancellationRoutes = {
  options: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/cancellation-options',
    query: z.object({ subscriptionId: z.string().uuid() }),
    response: cancellationOptions,
    problemCodes: cancellationProblemCode,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/cancel',
    body: cancelBody,
    response: cancellation,
    problemCodes: cancellationProblemCode,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/cancellations',
    response: z.array(cancellation),
  }),
  /** "I've cancelled": the person's word for a self or letter cancellation. */
  confirm: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/cancellations/confirm',
    body: z.object({
      cancellationId: z.string().uuid(),
      confirmationNumber: text().trim().max(100).optional(),
    }),
    response: cancellation,
    problemCodes: cancellationProblemCode,
  }),
} as const;
