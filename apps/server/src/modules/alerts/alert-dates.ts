/** Calendar days as the alerts count them: ISO dates (YYYY-MM-DD) in UTC. */
import { centsToDollars, formatDollars } from '@billow/contracts';

export const dollars = (cents: number) => formatDollars(centsToDollars(cents));

export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "Nov 20": the day as a text or an email names it. */
export const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
