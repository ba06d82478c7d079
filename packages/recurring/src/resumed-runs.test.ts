import { describe, expect, it } from 'vitest';
import { candidateFrom, type Candidate, type GroupContext } from './candidate';
import { byDay, toCharge, type Charge } from './charges';
import { unnamedMerchant } from './normalize';
import { findResumedRuns } from './resumed-runs';
import { bestFit, FIXED_AMOUNT_LIMITS } from './schedule-fit';
import type { KnownCadence } from './cadence';
import { charges, everyDays } from '../test/series';

/** The charges of a $40 weekly box on the given dates. */
const box = (dates: readonly string[]): Charge[] =>
  charges(dates, 'CRISP CRATE MEALS', 40).map(toCharge).sort(byDay);

/** A piece of the given charges read on one cadence, as fixed-streams.ts finds it. */
function piece(run: readonly Charge[], cadence: KnownCadence): Candidate {
  const fit = bestFit(run, [cadence], FIXED_AMOUNT_LIMITS);
  if (!fit) throw new Error(`no ${cadence} fit`);
  return candidateFrom(run, fit);
}

describe(findResumedRuns.name, () => {
  it('never reads a piece it gave way to as a plan of its own', () => {
    // Ten weeks, a pause, twelve weeks back that one slower piece holds every other week of,
    // a pause, then four boxes a fortnight apart.
    const weekly = box(everyDays('2025-01-06', 7, 10));
    const back = box(everyDays('2025-05-05', 7, 12));
    const fortnightly = back.filter((_, index) => index % 2 === 0);
    const latest = box(everyDays('2025-10-06', 14, 4));
    const plan = piece(weekly, 'WEEKLY');
    const slower = piece(fortnightly, 'BIWEEKLY');
    const paid = [...weekly, ...back, ...latest].sort(byDay);
    const context: GroupContext = {
      merchant: unnamedMerchant('CRISP CRATE MEALS'),
      reversed: [],
      active: paid,
      paid,
      isHabitual: false,
    };
    const consumed = new Set([...plan.members, ...slower.members]);

    const result = findResumedRuns([plan, slower], context, consumed);

    // The slower piece gives way to the plan's weeks since it came back; the boxes after them
    // are no one's, and stay free for what detection reads next.
    expect(result).toHaveLength(1);
    expect(result[0]?.members).toEqual([...weekly, ...back]);
    const held = new Set(
      result.flatMap((candidate) => [...candidate.members, ...candidate.extras]),
    );
    expect([...consumed].filter((charge) => !held.has(charge))).toEqual([]);
  });
});
