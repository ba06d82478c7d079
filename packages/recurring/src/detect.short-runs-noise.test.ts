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

describe(`${detectRecurring.name} — a short run at a habit the catalogue knows`, () => {
  it('still finds four Subscribe & Save orders among assorted Amazon orders', () => {
    const orders = (
      [
        ['2026-01-03', 41.2],
        ['2026-01-19', 12.5],
        ['2026-02-07', 88.1],
        ['2026-02-21', 19.99],
        ['2026-03-04', 64.3],
        ['2026-03-26', 7.45],
        ['2026-04-09', 102.6],
        ['2026-04-30', 33.1],
        ['2026-05-12', 55.75],
        ['2026-06-01', 9.99],
      ] as const
    ).map(([date, amount]) => charge(date, `AMZN Mktp US*${date.replaceAll('-', '')}`, amount));
    const subscribeAndSave = charges(
      ['2026-03-14', '2026-04-14', '2026-05-14', '2026-06-15'],
      'AMZN Mktp US*9K2L4M1Q',
      23.47,
    );
    const streams = detectRecurring([...orders, ...subscribeAndSave], { asOf: '2026-06-30' });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['MONTHLY', 23.47],
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

  it('joins two or three months at a third of the price to the plan that follows them', () => {
    const months = [
      '2025-12-08',
      '2026-01-08',
      '2026-02-09',
      '2026-03-09',
      '2026-04-08',
      '2026-05-08',
      '2026-06-08',
      '2026-07-08',
      '2026-08-10',
      '2026-09-08',
    ];
    for (const introductory of [2, 3]) {
      const history = months.map((date, index) =>
        charge(date, 'ZENFLOW YOGA APP', index < introductory ? 4.99 : 14.99),
      );
      const streams = detectRecurring(history, { asOf: '2026-09-20' });
      expect(
        streams.map((stream) => [stream.cadence, stream.first_date, stream.transaction_ids.length]),
      ).toEqual([['MONTHLY', '2025-12-08', 10]]);
    }
  });
});
