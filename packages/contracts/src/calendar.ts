/**
 * The bills calendar feed: a private, revocable iCal URL per person. The secret in the
 * URL is the only key the feed asks for, so calendar apps can subscribe without a sign-in.
 */
import { z } from 'zod';
import { cadence, subscriptionCategory } from './enums';
import { defineRoute } from './route';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expected a date as YYYY-MM-DD' });

/** One charge an ACTIVE subscription will make, on a date the detection engine's schedule gives. */
export const upcomingCharge = z.object({
  subscription_id: z.string(),
  merchant_name: z.string(),
  /** For the merchant's logo. */
  merchant_website_url: z.string().nullable(),
  amount: z.number(),
  date: isoDate,
  cadence,
  category: subscriptionCategory,
  /**
   * Rewards applied toward this charge (dollars, 0 when none): the person pays `amount −
   * reward_credit`, as the bill's row says. Always 0 for a charge already paid.
   */
  reward_credit: z.number().min(0),
});
export type UpcomingCharge = z.infer<typeof upcomingCharge>;

/** At most this many days per request (a year and a bit: a calendar shows a month at a time). */
export const UPCOMING_CHARGES_MAX_DAYS = 400;

export const calendarFeedUrl = z.object({ url: z.url() });
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrl>;

/** How far ahead the feed lists upcoming charges. */
export const CALENDAR_FEED_MONTHS_AHEAD = 6;

export const calendarRoutes = {
  /** Every upcoming charge from `from` through `until` (inclusive). */
  upcoming: defineRoute({
    method: 'GET',
    path: '/api/calendar/upcoming',
    query: z.object({ from: isoDate, until: isoDate }).refine((q) => q.from <= q.until, {
      message: 'from must not be after until',
      path: ['until'],
    }),
    response: z.array(upcomingCharge),
  }),
  /**
   * The charges already paid from `from` through `until` (inclusive), by the day they were
   * charged: with `upcoming`, a month's paid bills and the ones still due, apart.
   */
  paid: defineRoute({
    method: 'GET',
    path: '/api/calendar/paid',
    query: z.object({ from: isoDate, until: isoDate }).refine((q) => q.from <= q.until, {
      message: 'from must not be after until',
      path: ['until'],
    }),
    response: z.array(upcomingCharge),
  }),
  /** Creates the person's feed URL, or returns the one they have. */
  feedUrl: defineRoute({
    method: 'POST',
    path: '/api/calendar/feed-url',
    response: calendarFeedUrl,
  }),
  /** Replaces the feed URL: the old one answers 404 from then on. */
  resetFeedUrl: defineRoute({
    method: 'POST',
    path: '/api/calendar/reset-feed-url',
    response: calendarFeedUrl,
  }),
  /** The feed itself, text/calendar, answered to whoever holds the secret. */
  feed: defineRoute({
    method: 'GET',
    path: '/api/calendar/feed/:secret',
    auth: false,
    response: z.string(),
    responseType: 'text/calendar',
  }),
} as const;
