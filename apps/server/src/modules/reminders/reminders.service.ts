/**
 * Reminders: the scan that finds people with reminders due, the day's digest per channel, and
 * the sends. Delivery is at least once, and never twice from Billow's side, on two keys: a
 * delivery row per (person, event, offset, channel) — the idempotency key of one reminder,
 * which puts it in exactly one digest — and a digest per (person, channel, local day) that a
 * send job takes (pending → sending, stamped) before sending and marks sent after. A send job
 * run twice finds the digest taken or sent and sends nothing. A process that dies mid-send
 * leaves its digest in `sending`: once that is STALE_SENDING_MS old, the next hourly scan queues
 * the send again (and a retry of the original job may take it too; the take lets one through).
 * What no key can cover is a crash in the moment between the provider accepting a message and
 * Billow recording it: that one reminder is sent again (at least once, not at most once). The
 * providers cannot close it either: Twilio's Messages API, SMTP and Web Push take no idempotency
 * key to tell a resend from a new message.
 */
import { localTimeIn } from '@billow/contracts';
import { bindContext } from '../../bind-context';
import { alertOnce, sendDayReminders } from './reminder-digests';
import { preferencesOf, updatePreferences } from './reminder-preferences';
import { scanPendingBatch, scanPendingEvents } from './reminder-scan';
import { deliverOnce } from './reminder-sends';
import type { RemindersContext, RemindersServiceDeps } from './reminders.deps';

export type { RemindersServiceDeps } from './reminders.deps';

/**
 * The service: each path is a plain function of the service's context (its deps and its clock),
 * bound here.
 */
export function createRemindersService(deps: RemindersServiceDeps) {
  const ctx: RemindersContext = { ...deps, now: deps.clock ?? (() => new Date()) };
  const bind = bindContext(ctx);
  return {
    preferencesOf: bind(preferencesOf),
    alertOnce: bind(alertOnce),
    localTime: (timeZone: string) => localTimeIn(timeZone, ctx.now()),
    updatePreferences: bind(updatePreferences),
    scanPendingEvents: bind(scanPendingEvents),
    scanPendingBatch: bind(scanPendingBatch),
    sendDayReminders: bind(sendDayReminders),
    deliverOnce: bind(deliverOnce),
    sms: deps.sms,
    email: deps.email,
    push: deps.push,
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
