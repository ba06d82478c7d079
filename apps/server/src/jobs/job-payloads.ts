/**
 * Every background job, declared once (docs/jobs.md): its name, its payload (checked when the job
 * is sent and when it runs) and the queue it counts under. The options a job runs with and its
 * handler belong to the module that owns the work (`<module>.jobs.ts`); `catalog.ts` puts the two
 * together and checks them at start-up.
 *
 * The queue's type (`JobQueue<AppJobMap>`) is derived from the payloads here, so a
 * module that sends jobs imports this file and nothing that imports modules back. This is
 * server-only: the web neither sends nor reads jobs.
 *
 * The catalogue has 16 kinds of job on 9 named queues (`JOB_CATALOGUE`); the other jobs (a
 * schedule's fan-out, a follow-up of a sync, the cancellations' calls, the nightly
 * reconciliation) count under the queue of the work they serve (`HELPER_JOB_QUEUES`). pg-boss
 * keeps one queue per job name, so each job has its own retry policy, expiry and concurrency; the
 * 9 queues are the groups the operator view (`npm run jobs`) and the logged queue figures count by.
 */
import { z } from 'zod';
import { JOB_LIMITS, type JobHandlers, type JobOptions } from './job-map';

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
type JobQueueName = (typeof JOB_QUEUES)[number];

const id = z.string().uuid();
const positiveAmount = z.number().positive();
const attempt = z.number().int().min(1);
const batchSize = z.number().int().positive().default(JOB_LIMITS.scanBatchSizeDefault);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What a notification is for: a reminder digest (claimed once) or a one-off message. */
const notificationRef = z.object({ digestId: id.optional(), userId: id.optional() });

/** What a reward is earned on (a calculate job), and taken back from (a reverse job). */
const rewardSource = z.object({
  userId: id,
  source: z.enum(['annual_plan', 'negotiation']),
  /** The payment's or the negotiation's id. */
  sourceId: z.string().min(1).max(200),
  subscriptionId: id.nullable(),
  baseAmountCents: z.number().int().positive(),
});

/**
 * The payloads of the catalogue's 16 kinds (docs/jobs.md, "Payloads": emails valid, ids uuids,
 * amounts positive, attempts at least 1, batch sizes positive integers defaulting to 100, push
 * badges integers of at least 0).
 */
const kindPayloads = {
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
  'rewards-calculate': rewardSource,
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
  'pending-events-scan': z.object({ batchSize }),
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

/** The payloads of the other jobs, each beside the catalogue queue it counts under. */
const helperPayloads = {
  /**
   * One batch of the hourly scan: the people with ids after `afterUserId` (from the first) up to
   * `throughUserId` (to the last), `batchSize` at a time. `scanId` is the scan job that queued it.
   */
  'pending-events-scan-batch': z.object({
    scanId: id,
    batchSize,
    afterUserId: id.optional(),
    throughUserId: id.optional(),
  }),
  /** The daily re-sync of every working bank item. */
  'bank-daily-resync': z.object({}),
  /** Detection for one person (at most one waits per person). */
  'subscriptions-detect': z.object({ userId: id }),
  /** A cancellation the bank verified: the subscription becomes CANCELLED. */
  'subscriptions-mark-cancelled': z.object({
    userId: id,
    subscriptionId: id,
    cancelledOn: isoDate,
  }),
  /** The negotiable offers of one person's bills, looked at again. */
  'negotiations-refresh-offers': z.object({ userId: id }),
  /** The watchdog of a negotiation call: a call that never reports its end must not hang. */
  'negotiation-watch-call': z.object({ negotiationId: id, attempt }),
  /** Reads transfer events: settled debits release their cards, returned ones claw back. */
  'payment-sync-transfer-events': z.object({}),
  /** A returned payment takes back the reward earned on it (what it was earned on travels). */
  'rewards-reverse': rewardSource,
  /** Looks again at the bills a person's reward claims went toward. */
  'rewards-auto-apply': z.object({ userId: id }),
  /** Verifies a person's claimed savings against their bank. */
  'savings-verify': z.object({ userId: id }),
  /** The nightly check of the money ledgers. */
  'ledgers-reconcile': z.object({}),
  /** One call attempt of a cancellation. */
  'cancellation-call': z.object({
    cancellationId: id,
    attempt,
    /** Which try of a round of retried failures this attempt is. */
    try: z.number().int().min(1),
  }),
  /** A placed cancellation call's watchdog: a call whose last report never came must not hang. */
  'cancellation-watch-call': z.object({ cancellationId: id, attempt }),
  /** Looks at the bank for the charge a cancellation should have stopped. */
  'cancellation-verify': z.object({ cancellationId: id }),
  /** The same, for every cancellation of one person. */
  'cancellations-verify-person': z.object({ userId: id }),
  /** A charge after a confirmed cancellation: alerted at once on every channel. */
  'reminders-charged-after-cancel': z.object({
    cancellationId: id.optional(),
    userId: id,
    merchantName: z.string(),
    date: isoDate,
    amount: z.number().positive(),
    confirmationNumber: z.string().nullable(),
  }),
} as const;

/** Every job's payload, by job name. */
export const jobPayloads = { ...kindPayloads, ...helperPayloads };

/** A kind of the catalogue. */
type JobKind = keyof typeof kindPayloads;
/** Any job's name. */
export type JobName = keyof typeof jobPayloads;

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

/** The catalogue queue each of the other jobs counts under (the work it serves). */
const HELPER_JOB_QUEUES = {
  'pending-events-scan-batch': 'pending events scanner',
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
} as const satisfies Record<Exclude<JobName, JobKind>, JobQueueName>;

/** The queue a job name counts under (catalogue queues for the operator view). */
export function catalogueQueueOf(name: string): JobQueueName | undefined {
  return (
    (JOB_CATALOGUE as Record<string, { queue: JobQueueName }>)[name]?.queue ??
    (HELPER_JOB_QUEUES as Record<string, JobQueueName>)[name]
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

/** Every job as the job system runs it: its payload here, its options from its module. */
export type AppJobMap = {
  [K in JobName]: { payload: (typeof jobPayloads)[K]; options?: JobOptions };
};

/** A module's options for the jobs it owns, keyed by job name (a name not declared here fails). */
export function defineJobOptions<const O extends Partial<Record<JobName, JobOptions>>>(
  options: O,
): O {
  return options;
}

/** The handlers of a module's jobs (those its `defineJobOptions` names). */
export type JobHandlersOf<O> = JobHandlers<Pick<AppJobMap, keyof O & JobName>>;
