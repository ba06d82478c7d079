/**
 * How a stream's bank posts its charges: which slot the latest charge was made for, how late
 * its charges have posted, and the offset from a slot to the day the next one should post.
 * Banks post a charge on its billing day or some days later, never before.
 */
import type { Charge } from './charges';
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

/**
 * Days from a slot to the day its charge posts, as this stream's charges have posted: the
 * offset whose window of ±`POSTING_WINDOW_DAYS` holds the most of its recent postings, then
 * the most of all its postings on the current billing day. Where several offsets hold as many
 * (every lag seen spans less than the window), the middle one: it leaves room for a lag not
 * yet seen on either side, and on a half day it rounds late, as banks post late, never early.
 * A merchant that bills on the 11th at a bank that posts 0–3 days later is predicted on the
 * 13th, within three days of a posting five days late; the nearest-the-median rule took the
 * 11th when most postings were on time and missed the late one.
 */
export function postingOffset(
  recent: readonly Charge[],
  all: readonly Charge[],
  schedule: Schedule,
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
  return Math.ceil((tiedFrom + tiedTo) / 2);
}
