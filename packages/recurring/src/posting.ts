/**
 * How a stream's bank posts its charges: which slot the latest charge was made for, how late
 * its charges have posted, and the offset from a slot to the day the next one should post.
 * Banks post a charge on its billing day or some days later, never before.
 */
import type { Charge } from './charges';
import { weekday } from './dates';
import { nearestSlotDate, nearestSlotIndex, slotDate, type Schedule } from './schedule';

/**
 * The slot of the latest charge. It is the nearest one unless that makes the charge earlier
 * before its slot than any of the stream's recent charges came, while the slot before it is
 * still empty: banks post late, so a charge four days after a Monday slot and three before the
 * next is that Monday's, posted late, and the next Monday's charge is still to come.
 */
export function slotOfLatest(
  schedule: Schedule,
  latest: Charge,
  recent: readonly Charge[],
): number {
  const slot = nearestSlotIndex(schedule, latest);
  const early = slotDate(schedule, slot) - latest.day;
  if (early <= 0) return slot;
  let earliest = 0;
  for (const charge of recent) {
    if (charge === latest) continue;
    const index = nearestSlotIndex(schedule, charge);
    if (index === slot - 1) return slot;
    earliest = Math.max(earliest, slotDate(schedule, index) - charge.day);
  }
  return early > earliest ? slot - 1 : slot;
}

/** The most days after its slot any of these charges posted. */
export function latestPosting(charges: readonly Charge[], schedule: Schedule): number {
  let latest = 0;
  for (const charge of charges) {
    latest = Math.max(latest, charge.postedDay - nearestSlotDate(schedule, charge));
  }
  return latest;
}

/** A predicted date counts as met when the charge posts within this many days of it. */
const POSTING_WINDOW_DAYS = 3;

/** Postings all on weekdays, this many at least, show a bank that does not post on weekends. */
const WEEKDAY_BANK_CHARGES = 6;

/**
 * Days from a slot to the day its charge posts, as this stream's charges have posted: the
 * offset whose window of ±`POSTING_WINDOW_DAYS` holds the most of its recent postings, then
 * the most of all its postings on the current billing day. Where several offsets hold as many
 * (every lag seen spans less than the window), the middle one: it leaves room for a lag not
 * yet seen on either side, and on a half day it rounds late, as banks post late, never early.
 * A merchant that bills on the 11th at a bank that posts 0–3 days later is predicted on the
 * 13th, within three days of a posting five days late; the nearest-the-median rule took the
 * 11th when most postings were on time and missed the late one.
 *
 * Given `slotDay` (weekly and biweekly plans), at a bank that never posts on weekends a later
 * weekday is taken when its window holds as many postings and more weekdays on or after the
 * earliest lag seen: a Wednesday charge posted Wednesday or Thursday is predicted on Friday,
 * whose window reaches the Monday a charge three days late posts on, where Thursday's window
 * spends its days on a weekend and on days before the charge is made.
 */
export function postingOffset(
  recent: readonly Charge[],
  all: readonly Charge[],
  schedule: Schedule,
  slotDay?: number,
): number {
  if (recent.length === 0) return 0;
  const lagsOf = (charges: readonly Charge[]): number[] =>
    charges.map((charge) => charge.postedDay - nearestSlotDate(schedule, charge));
  const lags = lagsOf(recent);
  const allLags = all.length > recent.length ? lagsOf(all) : lags;
  const within = (values: readonly number[], offset: number): number => {
    let count = 0;
    for (const value of values) if (Math.abs(value - offset) <= POSTING_WINDOW_DAYS) count++;
    return count;
  };
  const low = Math.min(...lags);
  const high = Math.max(...lags);
  let bestCount = -1;
  let bestAll = -1;
  let tiedFrom = low;
  let tiedTo = low;
  for (let offset = low; offset <= high; offset++) {
    const count = within(lags, offset);
    const countAll = allLags === lags ? count : within(allLags, offset);
    if (count > bestCount || (count === bestCount && countAll > bestAll)) {
      bestCount = count;
      bestAll = countAll;
      tiedFrom = offset;
      tiedTo = offset;
    } else if (count === bestCount && countAll === bestAll && tiedTo === offset - 1) {
      tiedTo = offset;
    }
  }
  const middle = Math.ceil((tiedFrom + tiedTo) / 2);
  const isWeekdayBank =
    all.length >= WEEKDAY_BANK_CHARGES && all.every((charge) => isWeekday(charge.postedDay));
  // A stream that posts on one day every time is predicted on that day.
  if (slotDay === undefined || !isWeekdayBank || high === low) return middle;
  // The weekdays a prediction's window holds from the earliest lag seen on.
  const reach = (offset: number): number =>
    businessDays(
      slotDay + Math.max(low, offset - POSTING_WINDOW_DAYS),
      slotDay + offset + POSTING_WINDOW_DAYS,
    );
  let best = middle;
  for (let offset = middle + 1; offset <= Math.max(tiedTo, low + POSTING_WINDOW_DAYS); offset++) {
    if (!isWeekday(slotDay + offset) || within(lags, offset) !== bestCount) continue;
    if ((allLags === lags ? bestCount : within(allLags, offset)) !== bestAll) continue;
    if (reach(offset) > reach(best)) best = offset;
  }
  return best;
}

function isWeekday(day: number): boolean {
  const dayOfWeek = weekday(day);
  return dayOfWeek !== 0 && dayOfWeek !== 6;
}

/** The weekdays from `from` through `to`, the days a bank that never posts on weekends posts on. */
function businessDays(from: number, to: number): number {
  let count = 0;
  for (let day = from; day <= to; day++) if (isWeekday(day)) count++;
  return count;
}
