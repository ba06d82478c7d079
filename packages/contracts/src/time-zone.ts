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

/** The calendar date (YYYY-MM-DD) it is in `zone` at `at`. */
export function localDateIn(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
