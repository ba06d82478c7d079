import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, charges, monthly } from '../test/series';
import type { Transaction } from './types';

const AS_OF = '2026-03-31';

function onAccount(account: string, transactions: readonly Transaction[]): Transaction[] {
  return transactions.map((transaction) => ({ ...transaction, account_id: account }));
}

describe(`${detectRecurring.name} — purchases at a storefront are not a plan`, () => {
  /** Video rentals on a credit card, at the store's few price points. */
  const rentals = (): Transaction[] =>
    onAccount(
      'credit',
      [
        ['2025-03-03', 5.99],
        ['2025-04-18', 19.99],
        ['2025-05-26', 14.99],
        ['2025-07-15', 14.99],
        ['2025-08-27', 5.99],
        ['2025-10-13', 19.99],
        ['2025-10-20', 3.99],
        ['2025-12-01', 5.99],
        ['2026-02-02', 14.99],
        ['2026-03-09', 19.99],
      ].map(([date, amount]) => charge(String(date), 'PRIME VIDEO*H56JHGVFA', Number(amount))),
    );

  it('reads two rentals a month apart on one card as purchases when the others are on another', () => {
    const onDebit = onAccount('debit', [
      charge('2025-12-12', 'DEBIT CARD PURCHASE - PRIME VIDEO*J3J02UP45', 5.99),
      charge('2026-01-12', 'DEBIT CARD PURCHASE - PRIME VIDEO*T52WGEN3C', 5.99),
    ]);
    expect(detectRecurring([...rentals(), ...onDebit], { asOf: AS_OF })).toEqual([]);
  });

  it('still finds a plan billed on one card beside purchases on another', () => {
    const plan = onAccount(
      'debit',
      charges(monthly('2025-04-07', 12), 'DEBIT CARD PURCHASE - PRIME VIDEO*PLAN', 8.99),
    );
    const streams = detectRecurring([...rentals(), ...plan], { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['MONTHLY', 8.99],
    ]);
  });
});

describe(`${detectRecurring.name} — a run of equal prices at an app or video store`, () => {
  /** App Store purchases at the store's price points, none repeating a month apart. */
  const purchases = (): Transaction[] =>
    (
      [
        ['2025-06-03', 4.99],
        ['2025-06-21', 0.99],
        ['2025-08-09', 9.99],
        ['2025-09-02', 2.99],
        ['2025-11-27', 4.99],
        ['2026-01-06', 0.99],
        ['2026-02-18', 19.99],
      ] as const
    ).map(([date, amount]) => charge(date, 'APPLE.COM/BILL 866-712-7753 CA', amount));

  it('reads three purchases a month apart beside other purchases as purchases', () => {
    const run = charges(monthly('2025-10-15', 3), 'APPLE.COM/BILL 866-712-7753 CA', 1.99);
    expect(detectRecurring([...purchases(), ...run], { asOf: AS_OF })).toEqual([]);
  });

  it('reads rentals whose price comes back between them as purchases', () => {
    const rentals = (
      [
        ['2025-01-27', 14.99],
        ['2025-02-26', 14.99],
        ['2025-03-21', 5.99],
        ['2025-04-28', 14.99],
      ] as const
    ).map(([date, amount]) => charge(date, 'PRIME VIDEO*77G17VLZ7', amount));
    expect(detectRecurring(rentals, { asOf: AS_OF })).toEqual([]);
  });

  it('still finds a yearly plan and a four-month plan beside the purchases', () => {
    const yearly = charges(['2024-07-12', '2025-07-12'], 'APPLE.COM/BILL 866-712-7753 CA', 69.99);
    const monthlyPlan = charges(monthly('2025-11-20', 4), 'APPLE.COM/BILL 866-712-7753 CA', 6.99);
    const streams = detectRecurring([...purchases(), ...yearly, ...monthlyPlan], { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['YEARLY', 69.99],
      ['MONTHLY', 6.99],
    ]);
  });

  it("still finds a new plan's first two bills at a store where nothing else is bought", () => {
    const plan = charges(['2026-02-02', '2026-03-02'], 'APPLE.COM/BILL 866-712-7753 CA', 9.99);
    expect(detectRecurring(plan, { asOf: AS_OF }).map((s) => s.cadence)).toEqual(['MONTHLY']);
  });

  it('reads two rentals a month apart long ago, nothing else bought there, as purchases', () => {
    const rentals = charges(['2025-06-25', '2025-07-24'], 'PRIME VIDEO*86YTWF6R6', 3.99);
    expect(detectRecurring(rentals, { asOf: AS_OF })).toEqual([]);
  });

  it('still finds three charges of a plan at a store where nothing else is bought', () => {
    const plan = charges(monthly('2025-11-11', 3), 'GOOGLE *Google Play Apps', 21);
    expect(detectRecurring(plan, { asOf: '2026-01-20' }).map((s) => s.cadence)).toEqual([
      'MONTHLY',
    ]);
  });
});

describe(`${detectRecurring.name} — a habit that lines up is not a plan`, () => {
  it('does not report haircuts every four to six weeks at one price', () => {
    const visits = charges(
      [
        '2025-04-10',
        '2025-06-05',
        '2025-07-14',
        '2025-08-14',
        '2025-09-11',
        '2025-10-15',
        '2025-11-18',
        '2025-12-16',
        '2026-01-12',
        '2026-02-13',
        '2026-03-12',
        '2026-04-13',
        '2026-06-12',
        '2026-07-10',
        '2026-08-11',
      ],
      'SPORT CLIPS TX112',
      65,
    );
    expect(detectRecurring(visits, { asOf: '2026-08-31' })).toEqual([]);
  });

  it('does not report a friend paid the same amount three months running', () => {
    const payments = (
      [
        ['2025-10-11', 25],
        ['2025-11-06', 60],
        ['2026-01-07', 25],
        ['2026-02-08', 20],
        ['2026-04-04', 50],
        ['2026-04-30', 50],
        ['2026-05-21', 60],
        ['2026-05-26', 150],
        ['2026-06-08', 50],
        ['2026-07-08', 100],
        ['2026-07-14', 60],
        ['2026-08-15', 100],
        ['2026-09-03', 60],
        ['2026-10-06', 150],
      ] as const
    ).map(([date, amount]) => charge(date, `Zelle payment to MARIA JOHNSON Conf# ${date}`, amount));
    expect(detectRecurring(payments, { asOf: '2026-10-31' })).toEqual([]);
  });

  it('still reports a membership at a habitual merchant charged on its day', () => {
    const dues = charges(monthly('2025-01-05', 12), 'YMCA OF METRO', 64);
    const streams = detectRecurring(dues, { asOf: '2025-12-20' });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['MONTHLY', 64],
    ]);
  });
});

describe(`${detectRecurring.name} — the bank's own fees are not bills`, () => {
  it.each(['MONTHLY MAINTENANCE FEE', 'SERVICE CHARGE', 'ATM FEE OUT OF NETWORK'])(
    'does not report %s charged every month',
    (descriptor) => {
      const fees = charges(monthly('2025-01-03', 12), descriptor, 12);
      expect(detectRecurring(fees, { asOf: '2025-12-20' })).toEqual([]);
    },
  );

  it("still reports a merchant's own monthly fee", () => {
    const fees = charges(monthly('2025-01-03', 12), 'PF CLUB FEES 4433', 24.99);
    expect(detectRecurring(fees, { asOf: '2025-12-20' }).map((stream) => stream.cadence)).toEqual([
      'MONTHLY',
    ]);
  });
});
