import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge } from '../test/series';
import type { Transaction } from './types';

const AS_OF = '2026-10-31';

/** One card's charges at one store: [date, amount] pairs under one descriptor. */
function onCard(
  account: string,
  description: string,
  rows: Array<[string, number]>,
): Transaction[] {
  return rows.map(([date, amount]) => ({
    ...charge(date, description, amount),
    account_id: account,
  }));
}

describe(`${detectRecurring.name} — what a store turns down is purchases`, () => {
  it('reads rentals on two cards as purchases when one card repeats a price a quarter apart', () => {
    // Card A: one rental price four times, twice in July, beside two rentals at other prices
    // that on their own looked like a plan of two; card B: rentals only.
    const cardA = onCard('card-a', 'PRIME VIDEO*X32DZE4B7', [
      ['2025-11-24', 14.99],
      ['2025-12-26', 19.99],
      ['2026-01-05', 5.99],
      ['2026-04-13', 5.99],
      ['2026-07-08', 5.99],
      ['2026-07-22', 5.99],
    ]);
    const cardB = onCard('card-b', 'PRIME VIDEO*CWP2FQTQ9', [
      ['2025-09-10', 19.99],
      ['2025-10-06', 3.99],
      ['2025-11-27', 19.99],
      ['2026-02-23', 19.99],
    ]);
    expect(detectRecurring([...cardA, ...cardB], { asOf: AS_OF })).toEqual([]);
  });

  it('reads one rental price a year apart as purchases where other runs there were turned down', () => {
    const rentals = [
      ...onCard('card-a', 'PRIME VIDEO*RZHLEY798', [
        ['2024-10-14', 14.99],
        ['2024-12-23', 19.99],
        ['2025-01-13', 19.99],
        ['2025-07-07', 14.99],
      ]),
      ...onCard('card-b', 'PRIME VIDEO*9QWJL5LW5', [
        ['2025-04-08', 3.99],
        ['2025-10-30', 19.99],
        ['2026-04-13', 3.99],
        ['2026-09-17', 19.99],
      ]),
      ...onCard('card-c', 'PRIME VIDEO*7LBJRVB9V', [
        ['2025-04-07', 14.99],
        ['2026-03-18', 19.99],
      ]),
      ...onCard('card-d', 'PRIME VIDEO*UZB3LRZA8', [['2025-12-30', 19.99]]),
    ];
    expect(detectRecurring(rentals, { asOf: AS_OF })).toEqual([]);
  });
});

describe(`${detectRecurring.name} — a yearly price at an app store`, () => {
  /** App Store purchases up to $14.99 on two cards over two years. */
  const purchases = (): Transaction[] => [
    ...onCard('card-b', 'PURCHASE AUTHORIZED ON Apple.com/bill ITUNES.COM CA', [
      ['2024-07-11', 2.99],
      ['2024-09-09', 1.99],
      ['2024-11-11', 4.99],
      ['2024-12-27', 14.99],
      ['2025-03-31', 4.99],
      ['2025-05-15', 14.99],
      ['2025-08-18', 14.99],
      ['2026-02-02', 4.99],
      ['2026-08-10', 14.99],
    ]),
    ...onCard('card-a', 'CHECKCARD Apple.com/bill ITUNES.COM CA', [
      ['2024-07-30', 9.99],
      ['2024-12-18', 2.99],
      ['2025-05-05', 1.99],
      ['2025-09-23', 2.99],
      ['2025-11-26', 4.99],
      ['2026-06-12', 2.99],
      ['2026-08-17', 9.99],
    ]),
  ];

  it('reads a price one step above every purchase, twice a year apart, as purchases', () => {
    const twice = onCard('card-a', 'CHECKCARD Apple.com/bill ITUNES.COM CA', [
      ['2025-04-11', 19.99],
      ['2026-04-13', 19.99],
    ]);
    expect(detectRecurring([...purchases(), ...twice], { asOf: AS_OF })).toEqual([]);
  });

  it('still finds an annual plan that costs several purchases', () => {
    const plan = onCard('card-a', 'CHECKCARD Apple.com/bill ITUNES.COM CA', [
      ['2025-04-11', 49.99],
      ['2026-04-11', 49.99],
    ]);
    const streams = detectRecurring([...purchases(), ...plan], { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.last_amount])).toEqual([
      ['YEARLY', 49.99],
    ]);
  });

  it('finds a plan billed on its day to the day, at a price also bought one-off, that skipped', () => {
    // $9.99 on the 2nd of eleven months in fourteen, the bank printing the day of each charge,
    // beside $9.99 one-offs on other days: purchases land on any day.
    const months = ['2025-07', '2025-08', '2025-10', '2025-11', '2025-12', '2026-01', '2026-03'];
    const plan = [...months, '2026-05', '2026-06', '2026-07', '2026-08'].map((month, index) => ({
      ...charge(
        `${month}-0${3 + (index % 3)}`,
        `Card Purchase ${month.slice(5)}/02 GOOGLE *SERVICES Card 3623`,
        9.99,
      ),
      account_id: 'card-a',
    }));
    const oneOffs = onCard('card-b', 'GOOGLE *SERVICES', [
      ['2025-09-18', 9.99],
      ['2025-10-22', 9.99],
      ['2025-12-15', 19.99],
      ['2026-01-29', 4.99],
      ['2026-04-13', 2.99],
      ['2026-09-15', 9.99],
    ]);
    const streams = detectRecurring([...plan, ...oneOffs], { asOf: '2026-11-01' });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids])).toEqual([
      ['MONTHLY', plan.map((transaction) => transaction.id)],
    ]);
  });

  it('reads one of the store’s cheapest prices a year apart, three years running, as purchases', () => {
    const cheap = onCard('card-a', 'CHECKCARD Apple.com/bill ITUNES.COM CA', [
      ['2024-09-15', 1.49],
      ['2025-09-18', 1.49],
      ['2026-09-19', 1.49],
    ]);
    expect(detectRecurring([...purchases(), ...cheap], { asOf: AS_OF })).toEqual([]);
  });

  it('still finds a yearly plan of three bills priced like a typical purchase or more', () => {
    const plan = onCard('card-a', 'CHECKCARD Apple.com/bill ITUNES.COM CA', [
      ['2024-09-15', 6.99],
      ['2025-09-15', 6.99],
      ['2026-09-15', 6.99],
    ]);
    const streams = detectRecurring([...purchases(), ...plan], { asOf: AS_OF });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids])).toEqual([
      ['YEARLY', plan.map((transaction) => transaction.id)],
    ]);
  });

  it('finds a monthly plan dearer than every purchase that skipped two months', () => {
    // Ten bills on the 8th over twelve months: short of the nearly full grid a price the person
    // also buys one-offs at would need, but at a price no purchase comes near.
    const months = ['2025-11', '2026-01', '2026-02', '2026-03', '2026-04', '2026-06', '2026-07'];
    const plan = onCard(
      'card-a',
      'CHECKCARD Apple.com/bill ITUNES.COM CA',
      [...months, '2026-08', '2026-09', '2026-10'].map((month): [string, number] => [
        `${month}-08`,
        41.49,
      ]),
    );
    const streams = detectRecurring([...purchases(), ...plan], { asOf: '2026-10-31' });
    expect(streams.map((stream) => [stream.cadence, stream.transaction_ids.length])).toEqual([
      ['MONTHLY', 10],
    ]);
  });
});

describe(`${detectRecurring.name} — Google's plans billed as "GOOGLE *SERVICES"`, () => {
  it('reads them at the Play storefront, where one-off app purchases sit beside them', () => {
    const plan = onCard(
      'card-a',
      'GOOGLE *SERVICES',
      ['2025-11-10', '2025-12-08', '2026-01-08', '2026-02-09', '2026-03-09', '2026-04-06'].map(
        (date): [string, number] => [date, 3.49],
      ),
    );
    const apps = onCard('card-b', 'GOOGLE *SERVICES', [
      ['2025-12-18', 0.99],
      ['2026-01-21', 0.99],
      ['2026-02-18', 0.99],
      ['2026-03-02', 14.99],
    ]);
    const streams = detectRecurring([...plan, ...apps], { asOf: '2026-04-30' });
    expect(streams.map((stream) => [stream.merchant, stream.cadence, stream.last_amount])).toEqual([
      ['Google Play', 'MONTHLY', 3.49],
    ]);
  });
});
