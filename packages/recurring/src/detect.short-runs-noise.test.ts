import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, charges } from '../test/series';

const AS_OF = '2026-10-31';

describe(`${detectRecurring.name} — equal payments to a person among others are not a plan`, () => {
  it('reads three equal Zelle payments a month apart, among assorted ones to the same person, as none', () => {
    const to = 'Zelle payment to JAMES GARCIA Conf# 3q1qpwyxn';
    const assorted = (
      [
        ['2025-06-19', 20],
        ['2025-09-09', 20],
        ['2025-10-07', 50],
        ['2025-11-12', 100],
        ['2025-12-06', 20],
        ['2025-12-12', 50],
        ['2026-05-14', 150],
        ['2026-10-26', 100],
      ] as const
    ).map(([date, amount]) => charge(date, to, amount));
    const equal = charges(['2026-08-11', '2026-09-10', '2026-10-10'], to, 25);
    expect(detectRecurring([...assorted, ...equal], { asOf: AS_OF })).toEqual([]);
  });

  it('still finds rent paid through Zelle, one amount month after month', () => {
    const rent = charges(
      ['2026-01-01', '2026-02-01', '2026-03-02', '2026-04-01', '2026-05-01', '2026-06-01'],
      'Zelle payment to MARIA LOPEZ Conf# 8hq2k1',
      1450,
    );
    const streams = detectRecurring(rent, { asOf: '2026-06-15' });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['MONTHLY', 1450],
    ]);
  });
});

describe(`${detectRecurring.name} — short runs of one plan at stepped prices`, () => {
  it('joins an introductory price and a rise after skipped months to the plan on the same billing day', () => {
    const gym = 'Recurring Card Purchase IRON WORKS GYM Card 8000';
    const history = [
      ...charges(['2025-10-06', '2025-11-05', '2025-12-05'], gym, 37.19),
      ...charges(
        ['2026-01-05', '2026-02-05', '2026-03-05', '2026-04-06', '2026-05-05'],
        gym,
        61.99,
      ),
      ...charges(['2026-08-05', '2026-09-05', '2026-10-05'], gym, 70.48),
    ];
    const streams = detectRecurring(history, { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids.length])).toEqual([
      ['MONTHLY', 11],
    ]);
  });
});
