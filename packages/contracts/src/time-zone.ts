/**
 * A person's time zone: an IANA name such as "Europe/Paris", the one every "today"
 * Billow decides for them is counted in (days until a bill, this week's and this month's bills,
 * when reminders go out). Validated by the runtime's own zone data, so any zone the browser
 * names is accepted and a made-up one is not.
 */
import { z } from 'zod';

export const DEFAULT_TIME_ZONE = 'UTC';

export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zones the API documents: the runtime's canonical IANA names and UTC. The server also takes
 * the IANA database's other names for them (links such as "US/Eastern"), as browsers may send.
 */
function documentedZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, ...zones])];
}

export const timeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine(isKnownTimeZone, 'Unknown time zone')
  .meta({
    description: 'An IANA time-zone name, such as "Europe/Paris".',
    enum: documentedZones(),
  });

type WallClock = { date: string; hour: number };

/**
 * Per zone, its formatter and its last answer. Building an Intl.DateTimeFormat costs far more
 * than formatting with one, and "today" is asked on every list a person opens. Every zone's
 * offset from UTC, and every daylight-saving switch, falls on a quarter hour, so the wall
 * clock's date and hour cannot change inside a quarter hour of UTC: the last answer stands for
 * the quarter hour it was asked in.
 */
const zones = new Map<string, { formatter: Intl.DateTimeFormat; slot: number; time: WallClock }>();
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The wall clock in `zone` at `at`: its calendar date (YYYY-MM-DD) and hour (0–23). */
export function localTimeIn(zone: string, at: Date): WallClock {
  const slot = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  let kept = zones.get(zone);
  if (kept?.slot === slot) return kept.time;
  kept ??= {
    formatter: new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }),
    slot,
    time: { date: '', hour: 0 },
  };
  const parts = kept.formatter.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  kept.slot = slot;
  kept.time = {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
  };
  zones.set(zone, kept);
  return kept.time;
}

/** The calendar date (YYYY-MM-DD) it is in `zone` at `at`. */
export function localDateIn(zone: string, at: Date): string {
  return localTimeIn(zone, at).date;
}
