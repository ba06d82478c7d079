import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import type { Transaction } from './types';
import { charge, charges, everyDays, monthly, shiftDays } from '../test/series';

/**
 * A plan paused (or cancelled) and taken up again: the run after the gap carries the plan on
 * even when, skipping weeks, it fills fewer of its slots than a new stream needs on its own
 * (resumed-runs.ts). And the next date lands where the bank is likely to post it.
 */
describe(`${detectRecurring.name} — a plan resumed after a pause`, () => {
  /** Weekly Mondays from 2025-06-02: the given week numbers, at `price` unless `dearer` says. */
  const kit = (weeks: readonly number[], dearer: Readonly<Record<number, number>> = {}) => {
    const all = everyDays('2025-06-02', 7, 70);
    return charges(
      weeks.map((week) => all[week] ?? ''),
      'CRISP CRATE MEALS',
      weeks.map((week) => dearer[week] ?? 84.99),
    );
  };
  // 40 weeks with five skipped, 13 weeks paused, then 8 of 11 weeks (three skipped).
  const before = Array.from({ length: 40 }, (_, week) => week).filter(
    (week) => ![5, 12, 19, 26, 33].includes(week),
  );
  const after = [53, 54, 56, 58, 59, 61, 62, 63];
  const asOf = shiftDays(everyDays('2025-06-02', 7, 64)[63] ?? '', 2);

  it('carries a weekly plan on through a pause when the weeks since skip as before', () => {
    const history = kit([...before, ...after]);
    const streams = detectRecurring(history, { asOf });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      cadence: 'WEEKLY',
      status: 'ACTIVE',
      predicted_next_date: everyDays('2025-06-02', 7, 65)[64],
    });
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });

  it("reads two dearer weeks a year apart as the plan's, not as a yearly stream", () => {
    // Weeks 8 and 60 (364 days apart) with extras in the box.
    const history = kit(
      [...before, ...after, 60].sort((a, b) => a - b),
      { 8: 94.99, 60: 94.99 },
    );
    const streams = detectRecurring(history, { asOf });
    expect(streams.map((stream) => stream.cadence)).toEqual(['WEEKLY']);
    expect(streams[0]).toMatchObject({ status: 'ACTIVE' });
  });

  it('carries a plan on through a long pause when its last weeks before it were dearer ones', () => {
    // Ten weeks, the last two with extras in the box ($109.99, as in week 3), twelve weeks
    // paused, then the plan back on its weekday for the rest of the history (extras once more in
    // its second week back).
    const first = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const back = Array.from({ length: 30 }, (_, week) => 22 + week).filter(
      (week) => ![27, 35, 44].includes(week),
    );
    const history = kit([...first, ...back], { 3: 109.99, 8: 109.99, 9: 109.99, 23: 109.99 });
    const streams = detectRecurring(history, {
      asOf: shiftDays(everyDays('2025-06-02', 7, 52)[51] ?? '', 2),
    });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });

  it("keeps a week at the old price inside the plan taken up again, not as the old plan's return", () => {
    // Twelve weeks at $84.99, a year and more away, then the plan again at $94.99 whose second
    // week is at the old price.
    const first = Array.from({ length: 12 }, (_, week) => week);
    const back = Array.from({ length: 24 }, (_, week) => 70 + week).filter(
      (week) => ![75, 84].includes(week),
    );
    const dearer = Object.fromEntries(
      back.filter((week) => week !== 71).map((week) => [week, 94.99]),
    );
    const all = everyDays('2025-06-02', 7, 100);
    const history = charges(
      [...first, ...back].map((week) => all[week] ?? ''),
      'CRISP CRATE MEALS',
      [...first, ...back].map((week) => dearer[week] ?? 84.99),
    );
    const streams = detectRecurring(history, { asOf: shiftDays(all[93] ?? '', 2) });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE', last_amount: 94.99 });
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });

  /** The history is one monthly plan, active on 2026-10-31 and due next on `next`. */
  const expectOneActivePlan = (history: Transaction[], next: string): void => {
    const streams = detectRecurring(history, { asOf: '2026-10-31' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      cadence: 'MONTHLY',
      status: 'ACTIVE',
      predicted_next_date: next,
    });
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  };

  it('carries a monthly plan on when it comes back at its very price for two bills on another day', () => {
    // Ten monthly bills of $319 on the 8th (one month skipped), six months of nothing, then the
    // same $319 on the 25th twice: the plan taken up again, not a plan cancelled in the spring.
    const before = monthly('2025-05-08', 11).filter((_, index) => index !== 3);
    const back = ['2026-09-25', '2026-10-25'];
    expectOneActivePlan(
      charges([...before, ...back], 'KICKSTEP MARTIAL ARTS PAYMENT', 319),
      '2026-11-25',
    );
  });

  it('carries a plan of four on when it comes back at the price of its last bill for two bills', () => {
    // Three months of tutoring at $233.95 on the 14th, a fourth at $258.42, nine months of
    // nothing, then $258.42 on the 26th twice.
    const dates = [...monthly('2025-09-14', 4), '2026-09-26', '2026-10-26'];
    const amounts = [233.95, 233.95, 233.95, 258.42, 258.42, 258.42];
    expectOneActivePlan(charges(dates, 'BRIGHTPATH TUTORING CENTER', amounts), '2026-11-26');
  });

  it('predicts the middle of the posting lags seen, leaving room for a later one', () => {
    // Billed on the 11th and posted 0–3 days later, mostly on the day: the 13th is within three
    // days of every posting seen and of one five days late; the 11th is not.
    const lags = [0, 0, 2, 0, 3, 0, 1, 0, 3, 0, 0, 0];
    const dates = monthly('2025-10-11', 12).map((date, index) => shiftDays(date, lags[index] ?? 0));
    const [stream] = detectRecurring(charges(dates, 'STREAMLY TV', 12.99), { asOf: '2026-09-30' });
    expect(stream).toMatchObject({ status: 'ACTIVE', predicted_next_date: '2026-10-13' });
  });
});

/**
 * A meal kit tried for a month (three boxes, a fortnight skipped), then taken up again ten
 * months later at the very same price: the first three boxes fit every two weeks as well as
 * weekly with skips, but they are the plan's earlier run, not a fortnightly plan of their own.
 */
describe(`${detectRecurring.name} — a short first run read on another grid`, () => {
  it('joins three boxes before a long pause to the weekly plan taken up again at their price', () => {
    const first = charges(['2024-12-26', '2025-01-09', '2025-01-28'], 'HELLOFRESH.COM', 111.99);
    const later = charges(everyDays('2025-12-02', 7, 48), 'HELLOFRESH.COM', 111.99);
    const streams = detectRecurring([...first, ...later], { asOf: '2026-11-02' });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids.length])).toEqual([
      ['WEEKLY', first.length + later.length],
    ]);
  });
});

/**
 * A meal kit with extras in two boxes of five and a week skipped now and then, for 40 weeks, then
 * five months paused and taken up again: its plan price alone fills under half the weeks, and
 * the five weeks since the pause were read as the plan while its earlier 29 boxes were left as
 * purchases, so the merchant read as a store and nothing stood.
 */
describe(`${detectRecurring.name} — a plan with many dearer weeks, resumed`, () => {
  it('finds the weeks before the pause with their extras as the same weekly plan', () => {
    const weeks: Array<[string, number]> = [
      ['2025-07-24', 100.99],
      ['2025-07-28', 109.98],
      ['2025-08-04', 100.99],
      ['2025-08-13', 106.98],
      ['2025-08-18', 109.98],
      ['2025-09-03', 124.95],
      ['2025-09-08', 100.99],
      ['2025-09-15', 100.99],
      ['2025-09-23', 124.95],
      ['2025-10-13', 109.98],
      ['2025-11-10', 100.99],
      ['2025-11-17', 100.99],
      ['2025-12-15', 100.99],
      ['2025-12-24', 100.99],
      ['2026-01-01', 112.97],
      ['2026-01-05', 100.99],
      ['2026-01-13', 112.97],
      ['2026-01-21', 100.99],
      ['2026-01-26', 100.99],
      ['2026-02-09', 100.99],
      ['2026-02-18', 109.98],
      ['2026-03-05', 100.99],
      ['2026-03-10', 100.99],
      ['2026-03-17', 109.98],
      ['2026-03-23', 112.97],
      ['2026-03-30', 100.99],
      ['2026-04-07', 100.99],
      ['2026-04-13', 100.99],
      ['2026-04-20', 124.95],
      ['2026-09-28', 100.99],
      ['2026-10-08', 100.99],
      ['2026-10-19', 100.99],
      ['2026-10-26', 100.99],
      ['2026-10-30', 124.95],
    ];
    const history = weeks.map(([date, amount]) => charge(date, 'HOMECHEF*ORDER', amount));
    const streams = detectRecurring(history, { asOf: '2026-11-03' });
    expect(streams.map((stream) => [stream.cadence, stream.status])).toEqual([
      ['WEEKLY', 'ACTIVE'],
    ]);
    expect(streams[0]?.transaction_ids).toHaveLength(history.length);
  });
});
