/** Reminders and alerts: the profile's reminder settings and web-push opt-in. */
import { z } from 'zod';
import { defineRoute } from './route';
import { timeZoneName } from './time-zone';
import { subscriptionStatus } from './enums';
import { subscriptionProblemCode } from './problem-codes';

export const REMINDER_OFFSET_MAX_DAYS = 30;
export const QUIET_HOURS_SAME_MESSAGE = 'Quiet hours need different start and end times.';
/** Turning email reminders on without a verified address to send them to. */
export const EMAIL_REMINDERS_NEED_EMAIL_MESSAGE =
  'Add and verify an email in Security to get reminders by email.';

export const reminderPreferences = z.object({
  /** Days before a bill or a trial's end to remind (default 3 and 1). */
  offsetsDays: z.array(z.number().int().min(0).max(REMINDER_OFFSET_MAX_DAYS)).min(1).max(5),
  /** Local hours when nothing is sent: from start up to (not including) end. */
  quietHoursStart: z.number().int().min(0).max(23),
  quietHoursEnd: z.number().int().min(0).max(23),
  /**
   * The profile's time zone (`time_zone` of profile-info), read here for compatibility: the
   * profile is its one source, and a zone sent with an update is not stored.
   */
  timeZone: timeZoneName,
  isEmailEnabled: z.boolean(),
});
export type ReminderPreferences = z.infer<typeof reminderPreferences>;

/** What an update sets: the preferences without the zone (older clients may still send it). */
export const reminderPreferencesUpdate = reminderPreferences
  .extend({ timeZone: timeZoneName.optional() })
  // From an hour to the same hour is no window at all, or all day: neither is what was meant.
  .refine((prefs) => prefs.quietHoursStart !== prefs.quietHoursEnd, {
    message: QUIET_HOURS_SAME_MESSAGE,
    path: ['quietHoursEnd'],
  });
export type ReminderPreferencesUpdate = z.infer<typeof reminderPreferencesUpdate>;

export const pushSubscriptionBody = z.object({
  endpoint: z.string().url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const subscriptionStatusChange = z.object({
  new_status: subscriptionStatus,
  previous_status: subscriptionStatus,
  reason: z.string().nullable(),
  effective_date: z.string(),
});
export type SubscriptionStatusChange = z.infer<typeof subscriptionStatusChange>;

/**
 * The overdraft risk the dashboard shows (the same check that texts the overdraft alert): the
 * account bills come out of, what it has available, the bills due before the next paycheck, and
 * how much short it is. Null when nothing is short, or overdraft protection is off.
 */
export const overdraftRisk = z.object({
  accountName: z.string(),
  available: z.number(),
  payday: z.string().date(),
  bills: z.array(z.object({ merchantName: z.string(), amount: z.number(), dueDate: z.string() })),
  due: z.number(),
  shortfall: z.number(),
});
export type OverdraftRisk = z.infer<typeof overdraftRisk>;

export const reminderRoutes = {
  preferences: defineRoute({
    method: 'GET',
    path: '/api/reminders/preferences',
    response: reminderPreferences,
  }),
  updatePreferences: defineRoute({
    method: 'POST',
    path: '/api/reminders/preferences',
    body: reminderPreferencesUpdate,
    response: reminderPreferences,
  }),
  pushKey: defineRoute({
    method: 'GET',
    path: '/api/reminders/push/key',
    response: z.object({ publicKey: z.string(), subscribed: z.boolean() }),
  }),
  pushSubscribe: defineRoute({
    method: 'POST',
    path: '/api/reminders/push/subscribe',
    body: pushSubscriptionBody,
    response: z.object({ success: z.literal(true) }),
  }),
  pushTest: defineRoute({
    method: 'POST',
    path: '/api/reminders/push/test',
    response: z.object({ sent: z.number().int().min(0) }),
  }),
  overdraftRisk: defineRoute({
    method: 'GET',
    path: '/api/alerts/overdraft',
    response: overdraftRisk.nullable(),
  }),
  statusTimeline: defineRoute({
    method: 'POST',
    path: '/api/subscriptions/status-timeline',
    body: z.object({ subscriptionId: z.string().uuid() }),
    response: z.array(subscriptionStatusChange),
    problemCodes: subscriptionProblemCode,
  }),
} as const;
