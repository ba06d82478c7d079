/**
 * A person's time zone (issue 17): an IANA name such as "Europe/Paris", the one every "today"
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

export const timeZoneName = z.string().min(1).max(64).refine(isKnownTimeZone, 'Unknown time zone');

/**
 * Building an Intl.DateTimeFormat costs far more than formatting with one, and "today" is asked
 * on every list a person opens, so one formatter is kept per zone (there are a few hundred).
 */
const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * Every zone's offset from UTC, and every daylight-saving switch, falls on a quarter hour, so
 * the wall clock's date and hour cannot change inside a quarter hour of UTC: each zone keeps
 * its last answer for the quarter hour it was asked in.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const lastWallClock = new Map<string, { slot: number; time: { date: string; hour: number } }>();

/** The wall clock in `zone` at `at`: its calendar date (YYYY-MM-DD) and hour (0–23). */
export function localTimeIn(zone: string, at: Date): { date: string; hour: number } {
  const slot = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  const last = lastWallClock.get(zone);
  if (last?.slot === slot) return last.time;
  const parts = wallClockFormatterFor(zone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const time = {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
  };
  lastWallClock.set(zone, { slot, time });
  return time;
}

/** The calendar date (YYYY-MM-DD) it is in `zone` at `at`. */
export function localDateIn(zone: string, at: Date): string {
  return localTimeIn(zone, at).date;
}
