import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, everyDays } from '../test/series';
import type { Transaction } from './types';

/**
 * A weekly plan skips a few weeks just as its merchant changes the descriptor: the two pieces
 * are further apart than two cycles, under two merchant keys, but the gap is no pause. One
 * stream, active, rather than a cancelled plan beside a new one.
 */
describe(`${detectRecurring.name} — a weekly plan renamed across skipped weeks`, () => {
  const weekly = (start: string, weeks: number, descriptor: string): Transaction[] =>
    everyDays(start, 7, weeks).map((date) => charge(date, descriptor, 64.99));

  it('joins the pieces before and after four skipped weeks under a new descriptor', () => {
    // Thursdays: 20 weeks from 2025-05-01, four skipped, 20 more under the new name (the
    // catalogue knows the new one; the old one, with its asterisk, is a name of its own).
    const history = [
      ...weekly('2025-05-01', 20, 'FACTOR* MEALS'),
      ...weekly('2025-10-16', 20, 'FACTOR75'),
    ];
    const streams = detectRecurring(history, { asOf: '2026-02-28' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toHaveLength(40);
  });
});
