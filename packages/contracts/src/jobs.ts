/**
 * The background job catalogue (docs/jobs.md): 16 job kinds on 9 named queues, each kind with its
 * payload shape (validated as docs/jobs.md, "Payloads", says: emails valid, ids uuids, amounts
 * positive, attempts at least 1, batch sizes positive integers defaulting to 100, push badges
 * integers of at least 0) and the limits its options must keep.
 *
 * pg-boss has one queue per job name, so each kind is its own pg-boss queue (its own retry, expiry
 * and concurrency); the catalogue's 9 queues are the groups below (`JOB_CATALOGUE[kind].queue`),
 * which the operator view (`npm run jobs`) and the queue figures in the logs count by.
 */
import { z } from 'zod';
import { JOB_LIMITS } from './constants';
import { reminderType } from './enums';

export const JOB_QUEUES = [
  'notification',
  'payment',
  'ACH payment',
  'subscription',
  'pending events scanner',
  'negotiation request',
  'negotiation status',
  'balance check',
  'bank transaction sync',
] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

const id = z.string().uuid();
const positiveAmount = z.number().positive();
const attempt = z.number().int().min(1);
const batchSize = z.number().int().positive().default(JOB_LIMITS.scanBatchSizeDefault);

/** The reminder types (`reminderType`) and price_increase (docs/reminders.md, "Reminders"). */
export const reminderKind = z.enum([...reminderType.options, 'price_increase']);
export type ReminderKind = z.infer<typeof reminderKind>;

/** What a notification is for: a reminder digest (claimed once) or a one-off message. */
const notificationRef = z.object({ digestId: id.optional(), userId: id.optional() });

export const jobPayloads = {
  /** send email */
  'notification-send-email': notificationRef.extend({
    to: z.string().email(),
    subject: z.string().min(1),
    text: z.string().min(1),
  }),
  /** send SMS */
  'notification-send-sms': notificationRef.extend({
    to: z.string().regex(/^\+[1-9]\d{7,14}$/),
    body: z.string().min(1),
  }),
  /** send push notification */
  'notification-send-push': notificationRef.extend({
    userId: id,
    title: z.string().min(1),
    body: z.string().min(1),
    url: z.string().optional(),
    badge: z.number().int().min(0).optional(),
  }),
  /** fund card */
  'payment-fund-card': z.object({ paymentId: id }),
  /** calculate rewards */
  'rewards-calculate': z.object({
    userId: id,
    source: z.enum(['annual_plan', 'negotiation']),
    /** The payment's or the negotiation's id. */
    sourceId: z.string().min(1).max(200),
    subscriptionId: id.nullable(),
    baseAmountCents: z.number().int().positive(),
  }),
  /** initiate ACH payment: the debit on an approved authorization */
  'payment-initiate-ach': z.object({ paymentId: id }),
  /** process renewal */
  'payment-process-renewal': z.object({ paymentId: id }),
  /** handle status change */
  'subscription-handle-status-change': z.object({
    subscriptionId: id,
    newStatus: z.string().min(1),
    previousStatus: z.string().min(1),
    reason: z.string().optional(),
    effectiveDate: z.string().date(),
  }),
  /** send renewal reminder: a person's reminders due today, gathered into one digest a channel */
  'subscription-send-renewal-reminder': z.object({ userId: id, localDate: z.string().date() }),
  /** handle failed payment */
  'subscription-handle-failed-payment': z.object({
    subscriptionId: id,
    transactionId: id,
    amount: positiveAmount.optional(),
  }),
  /** scan pending events */
  'pending-events-scan': z.object({ batchSize, afterUserId: id.optional() }),
  /** process negotiation request */
  'negotiation-process-request': z.object({
    negotiationId: id,
    /** The call's number in this negotiation (one row per number). */
    attempt,
    /** Which try of this round (`NEGOTIATION_CALL_DEFAULTS`: at most 3 attempts). */
    try: z.number().int().min(1).max(JOB_LIMITS.attemptsMax),
  }),
  /** handle negotiation status */
  'negotiation-handle-status': z.object({ callId: id }),
  /** handle negotiation error */
  'negotiation-handle-error': z.object({ callId: id }),
  /** check account balance */
  'balance-check': z.object({ batchSize, afterUserId: id.optional() }),
  /** sync bank transactions */
  'bank-transaction-sync': z.object({
    itemId: id,
    reason: z.enum(['initial', 'webhook', 'daily', 'repair']),
  }),
} as const;

export type JobKind = keyof typeof jobPayloads;

/**
 * Each kind: its name in the catalogue and the queue it runs on (docs/jobs.md, "Kinds and queues").
 */
export const JOB_CATALOGUE = {
  'notification-send-email': { kind: 'send email', queue: 'notification' },
  'notification-send-sms': { kind: 'send SMS', queue: 'notification' },
  'notification-send-push': { kind: 'send push notification', queue: 'notification' },
  'payment-fund-card': { kind: 'fund card', queue: 'payment' },
  'rewards-calculate': { kind: 'calculate rewards', queue: 'payment' },
  'payment-initiate-ach': { kind: 'initiate ACH payment', queue: 'ACH payment' },
  'payment-process-renewal': { kind: 'process renewal', queue: 'payment' },
  'subscription-handle-status-change': { kind: 'handle status change', queue: 'subscription' },
  'subscription-send-renewal-reminder': { kind: 'send renewal reminder', queue: 'subscription' },
  'subscription-handle-failed-payment': { kind: 'handle failed payment', queue: 'subscription' },
  'pending-events-scan': { kind: 'scan pending events', queue: 'pending events scanner' },
  'negotiation-process-request': {
    kind: 'process negotiation request',
    queue: 'negotiation request',
  },
  'negotiation-handle-status': { kind: 'handle negotiation status', queue: 'negotiation status' },
  'negotiation-handle-error': { kind: 'handle negotiation error', queue: 'negotiation status' },
  'balance-check': { kind: 'check account balance', queue: 'balance check' },
  'bank-transaction-sync': { kind: 'sync bank transactions', queue: 'bank transaction sync' },
} as const satisfies Record<JobKind, { kind: string; queue: JobQueueName }>;

/**
 * Helper jobs beyond the catalogue (a schedule's fan-out, a follow-up of a sync) run on the
 * catalogue queue of the work they serve.
 */
export const HELPER_JOB_QUEUES: Record<string, JobQueueName> = {
  'bank-daily-resync': 'bank transaction sync',
  'subscriptions-detect': 'subscription',
  'negotiations-refresh-offers': 'negotiation request',
  'negotiation-watch-call': 'negotiation status',
  'payment-sync-transfer-events': 'ACH payment',
  'rewards-reverse': 'payment',
  'rewards-auto-apply': 'payment',
  'savings-verify': 'payment',
  'ledgers-reconcile': 'payment',
  'subscriptions-mark-cancelled': 'subscription',
  'cancellation-call': 'negotiation request',
  'cancellation-watch-call': 'negotiation status',
  'cancellation-verify': 'subscription',
  'cancellations-verify-person': 'subscription',
  'reminders-charged-after-cancel': 'notification',
};

/** The queue a job name counts under (catalogue queues for the operator view). */
export function catalogueQueueOf(name: string): JobQueueName | undefined {
  return (
    (JOB_CATALOGUE as Record<string, { queue: JobQueueName }>)[name]?.queue ??
    HELPER_JOB_QUEUES[name]
  );
}

/** Job options as the catalogue bounds them (docs/jobs.md, "Limits"). */
export const jobOptionsSchema = z.object({
  priority: z.number().int().min(JOB_LIMITS.priorityMin).max(JOB_LIMITS.priorityMax).optional(),
  attempts: z.number().int().min(JOB_LIMITS.attemptsMin).max(JOB_LIMITS.attemptsMax),
  delaySeconds: z.number().min(0),
  backoff: z.enum(['exponential', 'fixed']),
  concurrency: z.number().int().min(1).max(JOB_LIMITS.concurrencyMax),
  limiterDurationMs: z.number().int().min(JOB_LIMITS.rateLimiterMinDurationMs).optional(),
});
