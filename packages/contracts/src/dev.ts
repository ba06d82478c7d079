/** Sandbox-only endpoints (`/api/dev/*`): the outbox where texts and emails land instead of being sent. */
import { z } from 'zod';
import { defineRoute } from './route';
import { text } from './text';

export const outboxMessage = z.object({
  channel: z.enum(['sms', 'email', 'push']),
  to: z.string(),
  subject: z.string().optional(),
  body: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** One broken rule of the money ledgers (docs/savings.md, "The nightly reconciliation"). */
export const ledgerViolation = z.object({
  rule: z.enum(['reward-without-verified-source', 'balance-mismatch', 'saving-above-bound']),
  user_id: z.string(),
  source_key: z.string().optional(),
  detail: z.string(),
});

export const devRoutes = {
  outbox: defineRoute({
    method: 'GET',
    path: '/api/dev/outbox',
    auth: false,
    query: z.object({ to: text().trim().min(1).max(320).optional() }),
    response: z.array(outboxMessage),
  }),
  /**
   * Runs the reminders scan and the overdraft check now, as their schedules would (for trying
   * reminders and alerts out in sandbox).
   */
  scanReminders: defineRoute({
    method: 'POST',
    path: '/api/dev/reminders/scan',
    response: z.object({ queued: z.literal(true) }),
  }),
  /**
   * Reads the payment provider's transfer events now, as the schedule would (settlements release
   * gift cards, returns take them back), so a payment's whole path can be walked in sandbox.
   */
  syncTransferEvents: defineRoute({
    method: 'POST',
    path: '/api/dev/payments/sync-transfer-events',
    response: z.object({ synced: z.literal(true) }),
  }),
  /**
   * Ends the bank watch of one of the person's confirmed cancellations today, as if its next
   * expected charge date and the grace had passed, so the next sync can verify it in sandbox.
   */
  endCancellationWatch: defineRoute({
    method: 'POST',
    path: '/api/dev/cancellations/end-watch',
    body: z.object({ cancellationId: z.string().uuid() }),
    response: z.object({ watch_until: z.string() }),
  }),
  /**
   * Runs the money ledgers' reconciliation now, as its nightly schedule would, and answers what
   * it found: the browser journeys end with it. It names people, so it answers this machine only.
   */
  reconcileLedgers: defineRoute({
    method: 'POST',
    path: '/api/dev/ledgers/reconcile',
    auth: false,
    response: z.object({
      people: z.number().int(),
      savings_entries: z.number().int(),
      reward_entries: z.number().int(),
      violations: z.array(ledgerViolation),
    }),
  }),
} as const;
