import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from './corpus/prng';
import { formatIsoDate, parseIsoDate, weekday } from './dates';
import { detectRecurring } from './detect';
import { charge, charges, monthly } from '../test/series';
import type { Transaction } from './types';

const FROM = parseIsoDate('2024-04-01');
const TO = parseIsoDate('2026-03-31');
const AS_OF = '2026-03-31';

/** Visits on random days at `perWeek` on average, each with an amount from `amount`. */
function habit(
  random: Random,
  descriptor: (day: number) => string,
  perWeek: number,
  amount: () => number,
  weekdaysOnly = false,
): Transaction[] {
  const out: Transaction[] = [];
  for (let day = FROM; day <= TO; day++) {
    const dow = weekday(day);
    if (weekdaysOnly && (dow === 0 || dow === 6)) continue;
    if (random.chance(perWeek / (weekdaysOnly ? 5 : 7)))
      out.push(charge(formatIsoDate(day), descriptor(day), Math.round(amount() * 100) / 100));
  }
  return out;
}

/** Visits separated by a random number of days in [min, max]. */
function everyFewDays(
  random: Random,
  descriptor: string,
  min: number,
  max: number,
  amount: () => number,
): Transaction[] {
  const out: Transaction[] = [];
  for (let day = FROM + random.int(0, max); day <= TO; day += random.int(min, max)) {
    out.push(charge(formatIsoDate(day), descriptor, Math.round(amount() * 100) / 100));
  }
  return out;
}

describe(`${detectRecurring.name} — habitual spending is not a subscription`, () => {
  const random = createRandom(424242);
  const ref = (): string => random.reference(9);

  it.each<[string, () => Transaction[]]>([
    [
      'a weekday coffee habit',
      () =>
        habit(
          random,
          () => 'TST* BLUE BOTTLE COFFEE',
          4,
          () => random.between(3.5, 9),
          true,
        ),
    ],
    [
      'the same latte, several times a week',
      () =>
        habit(
          random,
          () => 'SQ *RITUAL COFFEE ROASTERS',
          3,
          () => 4.25,
        ),
    ],
    [
      'weekly groceries',
      () =>
        habit(
          random,
          () => 'TRADER JOE S #552 QPS',
          1.2,
          () => random.between(25, 180),
        ),
    ],
    [
      'a farm stand visited most Saturdays',
      () => everyFewDays(random, 'SQ *GREEN ACRES FARM STAND', 7, 7, () => random.between(12, 48)),
    ],
    [
      'rides',
      () =>
        habit(
          random,
          () => `UBER *TRIP ${ref()}`,
          2,
          () => random.between(7, 45),
        ),
    ],
    ['fuel', () => everyFewDays(random, 'SHELL OIL 57444', 5, 11, () => random.between(30, 70))],
    [
      'Amazon orders',
      () =>
        habit(
          random,
          () => `AMZN Mktp US*${ref()}`,
          2,
          () => (random.chance(0.3) ? 12.99 : random.between(6, 150)),
        ),
    ],
    [
      'restaurants',
      () =>
        habit(
          random,
          () => 'JOES PIZZA #223 BROOKLYN NY',
          0.6,
          () => random.between(14, 42),
        ),
    ],
    [
      'fast food at one price',
      () =>
        habit(
          random,
          () => 'CHIPOTLE 1234',
          1,
          () => (random.chance(0.6) ? 11.85 : random.between(9, 20)),
        ),
    ],
    [
      'irregular transfers to friends',
      () =>
        habit(
          random,
          () => `VENMO PAYMENT ${ref()}`,
          0.7,
          () => random.pick([20, 50, 100]),
        ),
    ],
    [
      'cash withdrawals',
      () =>
        everyFewDays(random, `ATM WITHDRAWAL 1234 MAIN ST`, 5, 20, () =>
          random.pick([60, 100, 200]),
        ),
    ],
    [
      'a haircut every four to seven weeks at one price',
      () => everyFewDays(random, 'GREAT CLIPS #2231', 28, 50, () => 25),
    ],
    [
      // Near the 18th for half a year, near the 26th after: two grids fit these visits as
      // tightly as one fits a plan, though no bill ever moved.
      'a haircut every three to six weeks at one price, drifting later through the month',
      () =>
        charges(
          [
            '2025-02-18',
            '2025-03-17',
            '2025-04-17',
            '2025-05-18',
            '2025-06-16',
            '2025-07-21',
            '2025-08-21',
            '2025-09-26',
            '2025-11-01',
            '2025-11-27',
            '2025-12-26',
            '2026-01-22',
            '2026-02-26',
            '2026-03-26',
          ],
          'SPORT CLIPS TX112',
          65,
        ),
    ],
    [
      'cinema tickets every few weeks',
      () => everyFewDays(random, 'AMC THEATRES 0455', 14, 60, () => random.pick([15.99, 31.98])),
    ],
    [
      'a commuter fare twice every weekday',
      () =>
        habit(
          random,
          () => 'MTA*NYCT PAYGO',
          9,
          () => 2.9,
          true,
        ),
    ],
  ])('does not report %s', (_, history) => {
    expect(detectRecurring(history(), { asOf: AS_OF })).toEqual([]);
  });

  it('does not report the same drink bought on three cards as a weekly plan on each', () => {
    // Every one to four days at a shop the catalogue does not know (and whose name says
    // nothing of coffee), mostly one drink, paid with whichever card is at hand: each card
    // alone sees the drink about once a week, among fewer strays than a habit shows.
    const cards = ['debit', 'credit', 'joint'];
    const household = (seed: number): Transaction[] => {
      const visits = createRandom(seed);
      const out: Transaction[] = [];
      for (let day = FROM + visits.int(0, 4); day <= TO; day += visits.int(1, 4)) {
        const date = formatIsoDate(day);
        const printed = `${date.slice(5, 7)}${date.slice(8, 10)}`;
        out.push({
          ...charge(
            formatIsoDate(day + visits.int(0, 2)),
            `CHECKCARD ${printed} KESTREL BROS 4598 ${visits.int(100_000, 999_999)}`,
            visits.chance(0.7) ? 4.45 : Math.round(visits.between(3, 14) * 100) / 100,
          ),
          account_id: visits.pick(cards),
        });
      }
      return out;
    };
    const reported = Array.from({ length: 12 }, (_, seed) => household(seed + 1)).filter(
      (visits) => detectRecurring(visits, { asOf: AS_OF }).length > 0,
    );
    expect(reported).toHaveLength(0);
  });

  it('finds Amazon Subscribe & Save among Amazon orders, and only that', () => {
    const orders = habit(
      random,
      () => `AMZN Mktp US*${ref()}`,
      2,
      () => random.between(6, 150),
    );
    const subscribeAndSave = charges(monthly('2024-06-14', 21), 'AMZN Mktp US*9K2L4M1Q', 23.47);
    const streams = detectRecurring([...orders, ...subscribeAndSave], { asOf: AS_OF });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      merchant: 'Amazon',
      cadence: 'MONTHLY',
      last_amount: 23.47,
    });
  });

  it('finds only the subscriptions in a busy month of everyday spending', () => {
    const everyday = [
      ...habit(
        random,
        () => 'STARBUCKS STORE 12345',
        4,
        () => random.between(3, 12),
        true,
      ),
      ...habit(
        random,
        () => 'SAFEWAY #1234',
        1,
        () => random.between(20, 200),
      ),
      ...habit(
        random,
        () => `LYFT *RIDE ${ref()}`,
        1,
        () => random.between(8, 40),
      ),
      ...everyFewDays(random, 'ACME CORP PAYROLL', 14, 14, () => -2400),
    ];
    const netflix = charges(monthly('2024-04-09', 24), 'NETFLIX.COM 866-579-7172 CA', 15.49);
    const rent = charges(
      monthly('2024-04-01', 24),
      'ACH DEBIT SUNRISE APARTMENTS WEB ID: 1234567890',
      1850,
    );
    const streams = detectRecurring([...everyday, ...netflix, ...rent], { asOf: AS_OF });
    expect(streams.map((s) => s.merchant)).toEqual(['Netflix', 'Sunrise Apartments']);
  });
});

describe(`${detectRecurring.name} — money moved between one's own accounts`, () => {
  it('never reports a fixed monthly transfer to savings', () => {
    const transfers = charges(monthly('2024-04-03', 24), 'ONLINE TRANSFER TO SAV XXXXXX1234', 1400);
    const netflix = charges(monthly('2024-04-10', 24), 'NETFLIX.COM 866-579-7172 CA', 15.49);
    const streams = detectRecurring([...transfers, ...netflix], { asOf: AS_OF });
    expect(streams.map((s) => s.merchant)).toEqual(['Netflix']);
  });
});

describe(`${detectRecurring.name} — saving is not a bill`, () => {
  it('reports no stream for a standing monthly 529 contribution', () => {
    const contributions = charges(monthly('2025-06-20', 14), 'SCHOLARSHARE 529 CONTRIB', 250);
    expect(detectRecurring(contributions, { asOf: '2026-07-25' })).toEqual([]);
  });
});
