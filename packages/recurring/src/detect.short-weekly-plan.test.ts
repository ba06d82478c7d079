import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charges } from '../test/series';

/**
 * A meal kit tried for five weeks: an introductory box, then the plan's price with extras some
 * weeks. Every amount is one or two charges, yet they fill a weekly grid at a merchant the
 * catalogue knows sells plans: one weekly stream, not two-charge pieces read as monthly.
 */
describe(`${detectRecurring.name} — a meal kit tried for a few weeks`, () => {
  const amounts = [25.98, 64.95, 76.93, 64.95, 75.99];

  it('reads an introductory box and four weeks with and without extras as one weekly plan', () => {
    const dates = ['2026-03-13', '2026-03-20', '2026-03-27', '2026-04-03', '2026-04-10'];
    const streams = detectRecurring(charges(dates, 'HELLOFRESH', amounts), {
      asOf: '2026-04-12',
    });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toHaveLength(5);
  });

  it('reads no weekly plan into orders a week or two apart on assorted days', () => {
    const dates = ['2026-03-13', '2026-03-22', '2026-03-27', '2026-04-09', '2026-04-14'];
    const streams = detectRecurring(charges(dates, 'HELLOFRESH', amounts), {
      asOf: '2026-04-16',
    });
    expect(streams.filter((stream) => stream.cadence === 'WEEKLY')).toHaveLength(0);
  });
});
