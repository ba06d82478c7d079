import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, charges, everyDays, monthly, shiftDays } from '../test/series';
import type { Transaction } from './types';

const AS_OF = '2026-10-31';

function onAccount(account: string, transactions: readonly Transaction[]): Transaction[] {
  return transactions.map((transaction) => ({ ...transaction, account_id: account }));
}

/** One-off orders on random days at amounts to the cent, each with its own order reference. */
function orders(prefix: string, count: number, from = '2025-01-03'): Transaction[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(start + (index * 9 + (index % 4)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const amount = Math.round((12 + ((index * 37.13) % 90)) * 100) / 100;
    return charge(date, `${prefix}${(index * 7919).toString(36).toUpperCase()}Q${index}`, amount);
  });
}

const shapes = (streams: ReturnType<typeof detectRecurring>) =>
  streams.map((stream) => [stream.cadence, stream.last_amount, stream.transaction_ids.length]);

describe(`${detectRecurring.name} — a plan under a store's services descriptor`, () => {
  it('finds a yearly membership and a monthly plan billed under one descriptor beside orders', () => {
    const history = [
      ...orders('AMAZON.COM*', 70),
      ...orders('AMAZON MKTPL*', 50, '2025-02-11'),
      ...charges(['2025-03-14', '2026-03-14'], 'AMAZON.COM SERVICES', 139),
      ...charges(monthly('2025-11-02', 12), 'DEBIT CARD PURCHASE - AMAZON.COM SERVICES', 11.99),
    ];
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([
      ['YEARLY', 139, 2],
      ['MONTHLY', 11.99, 12],
    ]);
  });
});

describe(`${detectRecurring.name} — one plan per person, paid from two accounts`, () => {
  it('reads two plans at one price on two accounts as two monthly streams', () => {
    const history = [
      ...onAccount('a', charges(monthly('2025-11-01', 12), 'LUMENREAD PLAN', 9.99)),
      ...onAccount('b', charges(monthly('2025-11-16', 12), 'LUMENREAD PLAN', 9.99)),
    ];
    const streams = detectRecurring(history, { asOf: AS_OF });
    expect(shapes(streams)).toEqual([
      ['MONTHLY', 9.99, 12],
      ['MONTHLY', 9.99, 12],
    ]);
  });

  it('keeps a plan moved to another card whole, however few bills the first card paid', () => {
    const moved = (dates: string[], description: string, amount: number) => {
      const bills = charges(dates, description, amount);
      return [...onAccount('a', bills.slice(0, 2)), ...onAccount('b', bills.slice(2))];
    };
    const fortnightly = everyDays('2026-05-05', 14, 8);
    const twiceMonthly = monthly('2026-07-01', 4).flatMap((first) => [first, shiftDays(first, 14)]);
    const history = [
      ...moved(fortnightly, 'GREENLEAF LAWN CARE', 65),
      ...moved(twiceMonthly, 'BRIGHTPATH TUTORING', 120),
    ];
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([
      ['SEMI_MONTHLY', 120, 8],
      ['BIWEEKLY', 65, 8],
    ]);
  });
});

describe(`${detectRecurring.name} — a warehouse club's yearly fee`, () => {
  /** Shopping at the warehouse, amounts to the cent. */
  const shopping = (): Transaction[] => orders('COSTCO WHSE #0481 ', 30);

  it('joins the fee paid at the till to the membership it renews', () => {
    const history = [
      ...shopping(),
      charge('2024-06-04', 'COSTCO WHSE #0481', 65),
      charge('2025-06-04', 'COSTCO WHSE #0481', 65),
      charge('2026-06-04', 'COSTCO MEMBERSHIP', 65),
    ];
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([['YEARLY', 65, 3]]);
  });

  it("leaves an order at a monthly membership's price among the orders", () => {
    const history = [
      ...orders('AMAZON.COM*', 40),
      charge('2025-10-15', 'AMAZON.COM*ORDER7Q', 14.99),
      ...charges(monthly('2024-10-08', 14), 'Amazon Prime*PLAN', 14.99),
    ];
    const prime = detectRecurring(history, { asOf: '2025-11-20' }).filter(
      (stream) => stream.cadence === 'MONTHLY',
    );
    expect(prime.map((stream) => stream.transaction_ids.length)).toEqual([14]);
  });

  it('reads two equal charges a year apart at a store where nothing else is bought as its fee', () => {
    const history = charges(['2025-03-07', '2026-03-06'], 'NORTHGATE MARKET #12', 120);
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([['YEARLY', 120, 2]]);
  });

  it('still reads two equal charges a year apart among other shopping as chance', () => {
    const history = [
      ...orders('NORTHGATE MARKET #12 ', 30),
      ...charges(['2025-03-07', '2026-03-06'], 'NORTHGATE MARKET #12', 120),
    ];
    expect(detectRecurring(history, { asOf: AS_OF })).toEqual([]);
  });
});

describe(`${detectRecurring.name} — spellings of one brand with no shared start`, () => {
  it('joins a monthly plan alternating between three spellings of its brand', () => {
    const dates = monthly('2025-01-12', 22);
    const names = ['ZENTUTOR NORTH AMERICA', 'ZENTUTOR OF EASTSIDE', 'ZENTUTOR CENTER 4411'];
    const history = dates.map((date, index) =>
      charge(date, `Card Purchase ${names[(index * 7) % 3]}`, 150),
    );
    expect(shapes(detectRecurring(history, { asOf: '2026-10-20' }))).toEqual([
      ['MONTHLY', 150, 22],
    ]);
  });

  it('joins a yearly membership renewed under another spelling', () => {
    const history = [
      charge('2025-03-19', 'RAMBLER CLUB ALLIANCE', 113),
      charge('2026-03-23', 'RAMBLER NORTHEAST DUES', 113),
    ];
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([['YEARLY', 113, 2]]);
  });

  it("joins a brand's short form before its product to the product's own name", () => {
    const dates = monthly('2025-11-26', 12);
    const names = ['WOOF*WOOFCRATE', 'WOOFCRATE.COM NY', 'WOOFSHOP WOOFCRATE'];
    const history = dates.map((date, index) => charge(date, names[(index * 5) % 3] ?? '', 48));
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([['MONTHLY', 48, 12]]);
  });

  it('keeps two plans at one price under two spellings of a brand apart', () => {
    const history = [
      ...charges(monthly('2025-11-01', 12), 'ZENTUTOR NORTH AMERICA', 150),
      ...charges(monthly('2025-11-06', 12), 'ZENTUTOR OF EASTSIDE', 150),
    ];
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([
      ['MONTHLY', 150, 12],
      ['MONTHLY', 150, 12],
    ]);
  });
});

describe(`${detectRecurring.name} — the Y`, () => {
  it('reads dues alternating between "THE Y …" and "YMCA OF …" as one membership', () => {
    // Paid by ACH, posted up to three days after the billing day: a habit's strict window
    // (transit, for METRO) would read that as a visit habit.
    const lags = [0, 3, 1, 3, 2, 0, 3, 1, 3, 2, 0, 3, 3, 1];
    const dates = monthly('2025-09-08', 14).map((date, index) => shiftDays(date, lags[index] ?? 0));
    const history = dates.map((date, index) =>
      charge(
        date,
        index % 3 === 0
          ? `ACH DEBIT THE Y METRO BRANCH WEB PMT ${1000 + index}`
          : `YMCA OF METRO DES:PAYMENT ID:${2000 + index} PPD`,
        64,
      ),
    );
    expect(shapes(detectRecurring(history, { asOf: AS_OF }))).toEqual([['MONTHLY', 64, 14]]);
  });
});
