import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, everyDays, shiftDays } from '../test/series';
import type { Transaction } from './types';

/**
 * A weekly charge missing at "as of" is not taken for a skipped week while this stream's bank
 * has posted charges as late as that before: it is still on its way, and it posts on "as of"
 * or after — never on a day already past.
 */
describe(`${detectRecurring.name} — a weekly charge still posting at as of`, () => {
  /**
   * A meal kit billed on Tuesdays from 2026-03-03 through 2026-10-20 (the 2026-10-27 charge
   * has not posted yet), posted the next day, except every eighth week six days late (a Monday),
   * with weeks 5 and 17 skipped. The bank prints the purchase date in the descriptor.
   */
  function kit(): Transaction[] {
    return everyDays('2026-03-03', 7, 34).flatMap((billed, week) => {
      if (week === 5 || week === 17) return [];
      const [, month, day] = billed.split('-');
      const posted = shiftDays(billed, week % 8 === 3 ? 6 : 1);
      return [charge(posted, `PURCHASE AUTHORIZED ON ${month}/${day} HELLOFRESH CARD 3426`, 77.95)];
    });
  }

  it('predicts the unposted charge on as of, not the week after it', () => {
    const history = kit();
    expect(history[history.length - 1]?.date).toBe('2026-10-21');
    const [stream] = detectRecurring(history, { asOf: '2026-11-02' });
    expect(stream).toMatchObject({
      cadence: 'WEEKLY',
      status: 'ACTIVE',
      predicted_next_date: '2026-11-02',
    });
  });

  it('takes a charge posted four days after its Monday for that Monday, not early for the next', () => {
    // Dog walks billed on Mondays from 2026-03-02, posted that day or a day or two later (the
    // descriptor prints no purchase date), weeks 6 and 20 skipped; the latest, billed Monday
    // 2026-10-26, posted on Friday the 30th.
    const history = everyDays('2026-03-02', 7, 35).flatMap((billed, week) => {
      if (week === 6 || week === 20) return [];
      const lag = week === 34 ? 4 : ([0, 0, 1, 0, 2][week % 5] ?? 0);
      return [charge(shiftDays(billed, lag), 'DEBIT CARD PURCHASE - ROVER.COM', 25)];
    });
    expect(history[history.length - 1]?.date).toBe('2026-10-30');
    const [stream] = detectRecurring(history, { asOf: '2026-10-31' });
    expect(stream).toMatchObject({
      cadence: 'WEEKLY',
      status: 'ACTIVE',
      predicted_next_date: '2026-11-02',
    });
  });
});

describe(`${detectRecurring.name} — a weekly plan back from a pause on another weekday`, () => {
  it('predicts the weekday it came back on, not the one it billed on before the pause', () => {
    // A meal kit on Fridays from 2026-03-06 through 2026-08-14, paused, and back on Thursdays
    // from 2026-10-15: the nine Fridays in the latest twelve charges outvote three Thursdays.
    // Its bank posts on weekends too (one Friday's charge posted on the Saturday).
    const fridays = everyDays('2026-03-06', 7, 24).map((day, week) =>
      week === 2 ? shiftDays(day, 1) : day,
    );
    const thursdays = everyDays('2026-10-15', 7, 3);
    const history = [...fridays, ...thursdays].map((day) =>
      charge(day, 'FACTOR75.COM CHICAGO IL', 89.99),
    );
    const [stream] = detectRecurring(history, { asOf: '2026-10-31' });
    expect(stream).toMatchObject({
      cadence: 'WEEKLY',
      status: 'ACTIVE',
      predicted_next_date: '2026-11-05',
    });
  });
});

describe(`${detectRecurring.name} — a weekly charge at a bank that never posts on weekends`, () => {
  it('predicts a Wednesday plan posted Wednesday or Thursday on Friday, reaching Monday', () => {
    // Billed on Wednesdays from 2026-03-04, posted that day or the next (no purchase date in
    // the descriptor), never on a weekend: a charge three days late posts on the Monday.
    const history = everyDays('2026-03-04', 7, 35).map((billed, week) =>
      charge(
        shiftDays(billed, week % 3 === 1 ? 1 : 0),
        'DEBIT CARD PURCHASE - GREENCHEF.COM',
        79.9,
      ),
    );
    expect(history[history.length - 1]?.date).toBe('2026-10-29');
    const [stream] = detectRecurring(history, { asOf: '2026-10-31' });
    expect(stream).toMatchObject({
      cadence: 'WEEKLY',
      status: 'ACTIVE',
      predicted_next_date: '2026-11-06',
    });
  });
});
