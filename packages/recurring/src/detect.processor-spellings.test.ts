import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charges, monthly } from '../test/series';

/**
 * A merchant the catalogue does not know, billed through a processor that prints its own short
 * form first, is one merchant under every spelling: after a check card's purchase date the
 * processor's prefix ("CHECKCARD 0708 SQ *…") is still a prefix, and a name whose brand follows
 * the processor's code ("TNW*TUNEWAVE PREMIUM") is the brand's.
 */
describe(`${detectRecurring.name} — one merchant behind a processor's spellings`, () => {
  it('reads a check card purchase through Square as the studio it paid', () => {
    const dates = monthly('2025-01-08', 14);
    const history = dates.flatMap((date, index) => {
      const made = `${date.slice(5, 7)}${date.slice(8, 10)}`;
      const name = index % 3 === 1 ? 'LITTLE STARS BALLET ACADEMY' : 'SQ *LITTLE STARS BALLET';
      return charges(
        [date],
        `CHECKCARD ${made} ${name} 2324919487066725432431${index % 10}`,
        139.49,
      );
    });
    const streams = detectRecurring(history, { asOf: '2026-03-01' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ merchant: 'Little Stars Ballet', cadence: 'MONTHLY' });
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });

  it("joins a brand printed after the processor's code to the brand's own spellings", () => {
    // Ten months of eleven (one skipped) under three spellings, none holding a stream alone.
    const dates = monthly('2025-12-08', 11).filter((_, index) => index !== 3);
    const names = [
      'TUNEWAVE',
      'TUNEWAVE.COM PARIS',
      'TNW*TUNEWAVE PREMIUM',
      'TNW*TUNEWAVE PREMIUM',
    ];
    const history = dates.flatMap((date, index) =>
      charges([date], names[index % names.length] ?? '', 14.99),
    );
    const streams = detectRecurring(history, { asOf: '2026-11-01' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });
});
