/**
 * Turns a candidate into the stream the app shows: applies the minimum-charge rules, predicts
 * the next charge from the most recent billing days, and derives status, confidence and the
 * evidence sentences. Status order: CANCELLED when the predicted charge is overdue past the
 * cadence's grace period, else FREE_TRIAL for a trial still running, else FAILED_PAYMENT when
 * the latest attempt was reversed, else ACTIVE.
 */
import { CADENCE_RULES, monthlyAmount, type KnownCadence } from './cadence';
import { byDay, type Charge } from './charges';
import { formatIsoDate } from './dates';
import type { Candidate } from './candidate';
import { describeStream } from './evidence';
import { latestPosting, postingOffset, slotOfLatest } from './posting';
import {
  candidateSchedules,
  fixedPeriodOf,
  nearestSlotDate,
  nearestSlotIndex,
  slotDate,
  type Schedule,
} from './schedule';
import type { NormalizedMerchant, RecurringStream, StreamStatus } from './types';

/** Cadences whose grace period is shorter than a cycle, so one skipped cycle is forgiven. */
const SKIPPABLE: ReadonlySet<KnownCadence> = new Set<KnownCadence>(['WEEKLY', 'BIWEEKLY']);

/** The prediction re-anchors on this many latest charges, so a moved billing day is followed. */
const RECENT_CHARGES = 12;

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function isSameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.02, 0.01 * Math.min(a, b));
}

/**
 * docs/subscriptions.md, "How a subscription is found": 3 charges for weekly, biweekly,
 * semi-monthly, monthly and quarterly streams, 2 monthly charges at a catalogue subscription
 * merchant, and 2 yearly charges when the merchant is known or the amounts are identical; daily
 * needs 10 so a busy week isn't a "daily" stream.
 */
function hasEnoughCharges(candidate: Candidate, merchant: NormalizedMerchant): boolean {
  if (candidate.isTrialOnly || !candidate.fit) return merchant.isRecurringMerchant === true;
  const isKnown = merchant.isRecurringMerchant === true;
  const paid = candidate.members.length + (candidate.trial ? 1 : 0);
  const rule = CADENCE_RULES[candidate.cadence];
  if (candidate.cadence === 'YEARLY') {
    const amounts = candidate.members.map((charge) => charge.amount);
    const isIdentical = amounts.every((amount) => Math.abs(amount - (amounts[0] ?? 0)) < 0.005);
    return (
      candidate.members.length >= 3 || (candidate.members.length >= 2 && (isKnown || isIdentical))
    );
  }
  if (candidate.cadence === 'MONTHLY' && isKnown) return paid >= 2;
  return paid >= rule.minCharges;
}

/**
 * The grid the next charge is predicted on. Charges post on their billing day or a little
 * later (lag, weekends), so the day most charges land on exactly — the mode, not the median —
 * is the billing day; the capped distance breaks ties.
 */
function billingDaySchedule(
  recent: readonly Charge[],
  cadence: KnownCadence,
  fixedPeriod: number | undefined,
): Schedule | null {
  const cap = CADENCE_RULES[cadence].lateDays + 1;
  let best: Schedule | null = null;
  let bestScore = -Infinity;
  for (const schedule of candidateSchedules(recent, cadence, fixedPeriod)) {
    let exact = 0;
    let cost = 0;
    for (const charge of recent) {
      const distance = Math.abs(charge.day - nearestSlotDate(schedule, charge));
      if (distance === 0) exact++;
      cost += Math.min(cap, distance);
    }
    const score = exact * 1000 - cost;
    if (score > bestScore) {
      bestScore = score;
      best = schedule;
    }
  }
  return best;
}

/** Charges a weekly or biweekly plan made since its latest pause need to name its billing day. */
const RESUMED_CHARGES = 3;

/**
 * The charges since a weekly or biweekly plan's latest pause (several cycles without a charge),
 * when there are enough of them to show its billing day: a paused meal kit often comes back on
 * another weekday, and the weeks before the pause would outvote it.
 */
function sinceResumed(recent: readonly Charge[], cadence: KnownCadence): readonly Charge[] {
  if (!SKIPPABLE.has(cadence)) return recent;
  const pauseDays = 3 * CADENCE_RULES[cadence].periodDays;
  for (let i = recent.length - 1; i >= RESUMED_CHARGES; i--) {
    const before = recent[i - 1];
    const after = recent[i];
    if (before && after && after.day - before.day > pauseDays) {
      return recent.length - i >= RESUMED_CHARGES ? recent.slice(i) : recent;
    }
  }
  return recent;
}

function isOtherWeekday(a: Schedule, b: Schedule): boolean {
  return a.kind === 'days' && b.kind === 'days' && (a.period !== b.period || a.phase !== b.phase);
}

function latestPriceChange(
  members: readonly Charge[],
): { from: number; to: number; day: number } | null {
  for (let i = members.length - 1; i > 0; i--) {
    const current = members[i];
    const previous = members[i - 1];
    if (current && previous && !isSameAmount(current.amount, previous.amount)) {
      return { from: previous.amount, to: current.amount, day: current.day };
    }
  }
  return null;
}

function confidenceOf(
  candidate: Candidate,
  merchant: NormalizedMerchant,
  misfitShare: number,
): number {
  if (candidate.isTrialOnly) return 0.6;
  const fit = candidate.fit;
  const members = candidate.members.length;
  const coverage = fit ? fit.coverage : 0.5;
  const onTime = fit && fit.members.length > 0 ? fit.onTimeCount / fit.members.length : 0.5;
  let score = 0.3 + 0.25 * coverage + 0.15 * Math.min(1, (members - 1) / 6) + 0.1 * onTime;
  if (merchant.isRecurringMerchant === true) score += 0.12;
  else if (merchant.catalogueId === null && merchant.category !== 'other') score += 0.05;
  if (!candidate.isVariable) score += 0.06;
  score -= 0.3 * misfitShare;
  return round2(Math.min(0.99, Math.max(0.05, score)));
}

export function buildStream(
  candidate: Candidate,
  merchant: NormalizedMerchant,
  asOf: number,
): RecurringStream | null {
  if (!hasEnoughCharges(candidate, merchant)) return null;
  const { cadence, trial } = candidate;
  const rule = CADENCE_RULES[cadence];
  const regular = [...candidate.members, ...candidate.extras].sort(byDay);
  const paid = trial ? [trial, ...regular].sort(byDay) : regular;
  const attempts = [...candidate.members, ...candidate.reversed].sort(byDay);
  const lastAttempt = attempts[attempts.length - 1] ?? trial;
  if (!lastAttempt) return null;

  const movedOn = candidate.fit?.earlier?.untilDay ?? -Infinity;
  // The charges on the current billing day, and the latest of them.
  const sinceMoved = candidate.members.filter((charge) => charge.day >= movedOn);
  const scheduleOf = (charges: readonly Charge[]): Schedule =>
    (charges.length >= 2 || (charges.length === 1 && movedOn > -Infinity)
      ? billingDaySchedule(charges, cadence, fixedPeriodOf(candidate.schedule))
      : null) ?? candidate.schedule;
  let recent: readonly Charge[] = sinceMoved.slice(-RECENT_CHARGES);
  let schedule = scheduleOf(recent);
  // A plan that came back from a pause on another weekday bills on that one from then on; one
  // that came back on the same day keeps every recent charge to show how late its bank posts.
  const resumed = sinceResumed(recent, cadence);
  if (resumed !== recent) {
    const resumedSchedule = scheduleOf(resumed);
    if (isOtherWeekday(resumedSchedule, schedule)) {
      recent = resumed;
      schedule = resumedSchedule;
    }
  }
  let nextSlot = slotOfLatest(schedule, lastAttempt, recent) + 1;
  let nextDay = slotDate(schedule, nextSlot);
  while (nextDay <= lastAttempt.day) nextDay = slotDate(schedule, ++nextSlot);

  const lastMember = candidate.members[candidate.members.length - 1];
  const failedLast =
    lastAttempt.isReversed && (!lastMember || lastAttempt.day > lastMember.day)
      ? lastAttempt
      : null;
  const filledSlots = new Set(
    candidate.members.map((charge) => nearestSlotIndex(candidate.schedule, charge)),
  );
  const slots = [...filledSlots];
  const skippedCount =
    slots.length > 0 ? Math.max(...slots) - Math.min(...slots) + 1 - slots.length : 0;
  // A weekly or biweekly plan that has skipped cycles before (a meal kit's paused week) may
  // skip the one just before "as of" too — the grace period is shorter than a cycle — as long
  // as that is the only charge missed so far: the one after it is still to come.
  // A charge this stream's bank has posted as late as that before may still be on its way.
  if (
    asOf - nextDay > rule.graceDays &&
    skippedCount > 0 &&
    SKIPPABLE.has(cadence) &&
    asOf - nextDay > latestPosting(sinceMoved, schedule)
  ) {
    const following = slotDate(schedule, nextSlot + 1);
    if (following > asOf) nextDay = following;
  }
  // Slots are on the days the merchant charges; the bank posts the next one as late as it
  // usually posts this stream's charges (a purchase date read from the descriptor).
  const duePosted =
    nextDay +
    postingOffset(
      recent.length > 0 ? recent : candidate.members,
      sinceMoved,
      schedule,
      SKIPPABLE.has(cadence) ? nextDay : undefined,
    );
  const isOverdue = asOf - duePosted > rule.graceDays;
  // A charge still expected that has not posted by "as of" posts no earlier: the history's last
  // day may hold only part of what the bank posts that day.
  const nextPosted = isOverdue ? duePosted : Math.max(duePosted, asOf);
  const status: StreamStatus = isOverdue
    ? 'CANCELLED'
    : candidate.isTrialOnly
      ? 'FREE_TRIAL'
      : failedLast
        ? 'FAILED_PAYMENT'
        : 'ACTIVE';

  const retries = candidate.reversed.flatMap((failed) => {
    const slot = nearestSlotIndex(candidate.schedule, failed);
    const retry = candidate.members.find(
      (member) => member.day >= failed.day && nearestSlotIndex(candidate.schedule, member) === slot,
    );
    return retry ? [{ failed, retry }] : [];
  });
  const priceChange = candidate.isVariable ? null : latestPriceChange(candidate.members);
  const amounts = regular.map((charge) => charge.amount);
  const lastAmount = lastMember?.amount ?? trial?.amount ?? 0;
  const recentAmounts = amounts.slice(-12);
  const typicalAmount = candidate.isVariable
    ? recentAmounts.reduce((sum, amount) => sum + amount, 0) / recentAmounts.length
    : lastAmount;
  const fit = candidate.fit;
  const misfitShare = fit
    ? (fit.offCount + fit.extras.length) /
      Math.max(1, fit.members.length + fit.offCount + fit.extras.length)
    : 0;

  const all = [...paid, ...candidate.reversed].sort(byDay);
  const firstCharge = all[0] ?? lastAttempt;
  const lastCharge = all[all.length - 1] ?? lastAttempt;
  return {
    merchant: merchant.name,
    website: merchant.website,
    category: merchant.category,
    cadence,
    transaction_ids: all.map((charge) => charge.id),
    average_amount: round2(
      amounts.length > 0 ? amounts.reduce((a, b) => a + b, 0) / amounts.length : lastAmount,
    ),
    last_amount: round2(lastAmount),
    amounts: paid.map((charge) => ({
      date: formatIsoDate(charge.postedDay),
      amount: round2(charge.amount),
    })),
    price_increase: priceChange !== null && priceChange.to > priceChange.from,
    price_change: priceChange && {
      from: round2(priceChange.from),
      to: round2(priceChange.to),
      date: formatIsoDate(priceChange.day),
    },
    first_date: formatIsoDate(firstCharge.postedDay),
    last_date: formatIsoDate(lastCharge.postedDay),
    predicted_next_date: formatIsoDate(nextPosted),
    period_days: schedule.kind === 'days' ? schedule.period : null,
    days_until_due: nextPosted - asOf,
    normalized_monthly_amount: round2(monthlyAmount(typicalAmount, cadence)),
    status,
    confidence: confidenceOf(candidate, merchant, misfitShare),
    evidence: describeStream({
      merchantName: merchant.name,
      cadence,
      paid,
      trial,
      isTrialOnly: candidate.isTrialOnly,
      isVariable: candidate.isVariable,
      isKnownSubscriptionMerchant: merchant.isRecurringMerchant === true,
      priceChange,
      retries,
      failedLast,
      skippedCount,
      cancelledSince: isOverdue
        ? { lastDay: lastAttempt.postedDay, expectedDay: nextPosted }
        : null,
      trialEndsDay: candidate.isTrialOnly ? nextPosted : null,
    }),
  };
}
