/**
 * Payment jobs (docs/jobs.md, "Kinds and queues": initiate ACH payment, fund card, process
 * renewal), plus reading the provider's transfer events (settlements, returns). Every
 * handler is safe to run twice: each moves a payment on only from the status it expects, and the
 * provider sees the payment's idempotency key. The reminders before a plan year ends are the
 * reminders feature's (send renewal reminder), like every other renewal.
 */
import { defineJobOptions, type JobHandlersOf } from '../../jobs/job-payloads';
import type { PaymentsService } from './payments.service';

export const paymentsJobs = defineJobOptions({
  /** initiate ACH payment: the debit on an approved authorization. */
  'payment-initiate-ach': {
    retryLimit: 9,
    retryDelaySeconds: 15,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  /** fund card: the reserved gift card becomes the person's; the plan year starts. */
  'payment-fund-card': {
    retryLimit: 9,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  },
  /** process renewal: a year on, the monthly bill resumes. */
  'payment-process-renewal': { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true },
  /** Reads transfer events (settled debits release their cards, returned ones claw back). */
  'payment-sync-transfer-events': {
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    policy: 'short',
    schedule: '*/15 * * * *',
  },
});

export function paymentsJobHandlers(service: PaymentsService): JobHandlersOf<typeof paymentsJobs> {
  return {
    'payment-initiate-ach': (payload) => service.initiateAch(payload.paymentId),
    'payment-fund-card': (payload) => service.fundCard(payload.paymentId),
    'payment-process-renewal': (payload) => service.processRenewal(payload.paymentId),
    'payment-sync-transfer-events': () => service.syncTransferEvents(),
  };
}
