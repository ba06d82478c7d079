/**
 * The private calendar feed: a URL with a random secret per person, and the iCal document served
 * at it — one all-day event per upcoming charge, with a UID made of the subscription and the date,
 * so a calendar app that fetches again updates its events instead of adding copies.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  amountDue,
  CALENDAR_FEED_MONTHS_AHEAD,
  coveredByRewardsText,
  formatDollars,
  formatPrice,
  UPCOMING_CHARGES_MAX_DAYS,
  type UpcomingCharge,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { addMonths, formatIsoDate, parseIsoDate } from '@billow/recurring/dates';
import type { FieldCipher } from '../../security/encryption';
import type { CalendarRepo } from './calendar.repo';

const FEED_PATH_PREFIX = '/api/calendar/feed/';

const covered = (charge: UpcomingCharge) =>
  charge.reward_credit > 0 ? ` (${coveredByRewardsText(charge.reward_credit)})` : '';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
/** A secret is 32 random bytes in base64url: 43 characters of [A-Za-z0-9_-]. */
const isSecretShaped = (secret: string) => /^[A-Za-z0-9_-]{43}$/.test(secret);

function checkSpan(from: string, until: string) {
  const days = parseIsoDate(until) - parseIsoDate(from);
  if (Number.isNaN(days)) throw new ProblemError('validation', 'Dates must be real dates.');
  if (days > UPCOMING_CHARGES_MAX_DAYS) {
    throw new ProblemError('validation', `At most ${UPCOMING_CHARGES_MAX_DAYS} days at once.`);
  }
}

export function createCalendarService(deps: {
  repo: CalendarRepo;
  cipher: FieldCipher;
  publicUrl: string;
  upcomingCharges: (userId: string, from: string, until: string) => Promise<UpcomingCharge[]>;
  paidCharges: (userId: string, from: string, until: string) => Promise<UpcomingCharge[]>;
  /** Today where the person is (their profile's zone): the feed starts from their today. */
  todayOf: (userId: string) => Promise<string>;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const urlOf = (secret: string) => `${deps.publicUrl}${FEED_PATH_PREFIX}${secret}`;

  async function issue(userId: string, replace: boolean) {
    const secret = randomBytes(32).toString('base64url');
    const saved = await deps.repo.save(
      { userId, secretHash: hashOf(secret), secretEncrypted: deps.cipher.encrypt(secret) },
      replace,
    );
    return saved ? deps.cipher.decrypt(saved.secretEncrypted) : undefined;
  }

  return {
    /** The charges in [from, until], for the calendar screen: the same dates the feed lists. */
    async upcoming(userId: string, from: string, until: string) {
      checkSpan(from, until);
      return deps.upcomingCharges(userId, from, until);
    },

    /** The charges already paid in [from, until]: a month's paid bills, apart from those due. */
    async paid(userId: string, from: string, until: string) {
      checkSpan(from, until);
      return deps.paidCharges(userId, from, until);
    },

    async feedUrl(userId: string) {
      const existing = await deps.repo.feedOf(userId);
      if (existing) return { url: urlOf(deps.cipher.decrypt(existing.secretEncrypted)) };
      // Two tabs asking at once: the second insert yields, and both show the first one's URL.
      const secret =
        (await issue(userId, false)) ??
        deps.cipher.decrypt((await deps.repo.feedOf(userId))!.secretEncrypted);
      return { url: urlOf(secret) };
    },

    async resetFeedUrl(userId: string) {
      return { url: urlOf((await issue(userId, true))!) };
    },

    /** The iCal text for a secret, or undefined when no feed has it (reset, deleted, unknown). */
    async feed(secret: string): Promise<string | undefined> {
      if (!isSecretShaped(secret)) return undefined;
      const userId = await deps.repo.ownerOf(hashOf(secret));
      if (!userId) return undefined;
      const today = parseIsoDate(await deps.todayOf(userId));
      const from = formatIsoDate(today);
      const until = formatIsoDate(addMonths(today, CALENDAR_FEED_MONTHS_AHEAD));
      const charges = await deps.upcomingCharges(userId, from, until);
      // Loaded when a calendar app first asks for a feed.
      const { default: icalGenerator } = await import('ical-generator');
      const calendar = icalGenerator({
        name: 'Billow bills',
        prodId: { company: 'Billow', product: 'bills-calendar', language: 'EN' },
        ttl: 60 * 60 * 6,
      });
      for (const charge of charges) {
        const [year, month, day] = charge.date.split('-').map(Number) as [number, number, number];
        calendar.createEvent({
          id: `${charge.subscription_id}-${charge.date}@billow`,
          start: new Date(Date.UTC(year, month - 1, day)),
          allDay: true,
          // What the person pays, as the bill's row says it: rewards cover part of it.
          summary: `${charge.merchant_name} ${formatDollars(amountDue(charge))}${covered(charge)}`,
          description: `${charge.merchant_name} charges ${formatPrice(charge.amount, charge.cadence)}.${covered(charge)}`,
          stamp: now(),
        });
      }
      return calendar.toString();
    },

    forget: (userId: string) => deps.repo.forget(userId),
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
