/**
 * Histories written unlike the corpus the engine grew up with: descriptors that
 * change, cards that switch, prices that step far, meal kits with add-on weeks, plans hidden
 * among same-price purchases, app-store one-offs and membership fees at a shop.
 */
import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { normalizeMerchant } from './normalize';
import { charge, charges, everyDays, idsOf, monthly, shiftDays } from '../test/series';
import type { MerchantCatalogueEntry } from './types';

describe(`${detectRecurring.name} — descriptor drift and fragments`, () => {
  it('keeps one stream when a biller renames its descriptor mid-history', () => {
    const before = charges(
      monthly('2025-01-12', 9),
      'GREENFIELD POWER CO UTIL PYMT',
      [81.2, 77.4, 70.15, 66.02, 71.9, 88.3, 96.45, 99.1, 84.6],
    );
    const after = charges(
      monthly('2025-10-12', 5),
      'GREENFIELD POWER',
      [79.3, 90.15, 101.2, 97.75, 88.4],
    );
    const streams = detectRecurring([...before, ...after], { asOf: '2026-02-20' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf([...before, ...after]));
    expect(streams[0]?.predicted_next_date).toBe('2026-03-12');
  });

  it('joins a loan whose servicer changed name when the payment carries on to the cent', () => {
    const before = charges(monthly('2025-01-03', 10), 'ACME HOME LENDING DES:MTG PYMT', 1612.4);
    const after = charges(monthly('2025-11-03', 4), 'ZENITH MORTGAGE DES:MTG PYMT', 1612.4);
    const streams = detectRecurring([...before, ...after], { asOf: '2026-02-10' });
    expect(streams.map((s) => s.transaction_ids.length)).toEqual([14]);
  });

  it('keeps two merchants apart when one stops and an unrelated one starts at another price', () => {
    const gym = charges(monthly('2025-01-05', 8), 'IRONWORKS GYM', 45);
    const school = charges(monthly('2025-09-05', 6), 'BRIGHT PATH TUTORING', 120);
    const streams = detectRecurring([...gym, ...school], { asOf: '2026-02-10' });
    expect(streams.map((s) => s.transaction_ids.length).sort()).toEqual([6, 8]);
  });

  it('never joins two subscriptions that bill in the same months', () => {
    const first = charges(monthly('2025-01-05', 14), 'STREAMLY BASIC', 8.99);
    const second = charges(monthly('2025-06-20', 8), 'STREAMLY PREMIUM', 8.99);
    const streams = detectRecurring([...first, ...second], { asOf: '2026-02-25' });
    expect(streams.map((s) => s.transaction_ids.length).sort((a, b) => a - b)).toEqual([8, 14]);
  });

  it('follows a subscription moved to another card whose bank prints the card number', () => {
    const old = everyDays('2025-03-03', 14, 12).map((date) =>
      charge(
        date,
        `RECURRING PAYMENT AUTHORIZED ON ${date.slice(5)} KESTREL LAWN S1234 CARD 0180`,
        65,
      ),
    );
    const moved = everyDays('2025-08-18', 14, 10).map((date) =>
      charge(date, `PURCHASE AUTHORIZED ON ${date.slice(5)} KESTREL LAWN S9876 CARD 4421`, 65),
    );
    const streams = detectRecurring([...old, ...moved], { asOf: '2026-01-10' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'BIWEEKLY' });
    expect(streams[0]?.transaction_ids).toHaveLength(22);
  });

  it('follows a price that nearly doubles when the promotion ends', () => {
    const promo = charges(monthly('2025-02-20', 6), 'STREAMLY.COM', 7.99);
    const full = charges(monthly('2025-08-20', 6), 'STREAMLY.COM', 15.49);
    const streams = detectRecurring([...promo, ...full], { asOf: '2026-02-01' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ last_amount: 15.49, price_increase: true });
  });
});

describe(`${detectRecurring.name} — tolerant fitting`, () => {
  it('reads a meal kit with add-on weeks and skipped weeks as one weekly stream', () => {
    const dates = everyDays('2025-06-06', 7, 40).filter((_, index) => index % 9 !== 4);
    const kit = dates.map((date, index) =>
      charge(date, 'FRESHCRATE MEALS', index % 5 === 2 ? 84.94 : index % 7 === 3 ? 77.93 : 69.95),
    );
    const streams = detectRecurring(kit, { asOf: '2026-03-06' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'WEEKLY', status: 'ACTIVE' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(kit));
  });

  it('finds a monthly plan among one-off purchases at the same price', () => {
    const plan = charges(monthly('2025-03-02', 12), 'PIXELPLAY GAMES', 4.99);
    const oneOffs = ['2025-05-21', '2025-09-13', '2025-12-28', '2026-01-19'].map((date) =>
      charge(date, 'PIXELPLAY GAMES', 4.99),
    );
    const others = ['2025-04-11', '2025-07-30', '2025-11-02'].map((date) =>
      charge(date, 'PIXELPLAY GAMES', 19.99),
    );
    const streams = detectRecurring([...plan, ...oneOffs, ...others], { asOf: '2026-02-10' });
    expect(streams).toHaveLength(1);
    expect(streams[0]?.transaction_ids).toEqual(idsOf(plan));
  });
});

describe(`${detectRecurring.name} — plans among same-price purchases`, () => {
  it('leaves out a same-price purchase months before the plan began, even on its billing day', () => {
    const early = charge('2025-01-02', 'PIXELPLAY GAMES', 4.99);
    const plan = charges(monthly('2025-07-02', 10), 'PIXELPLAY GAMES', 4.99);
    const oneOffs = ['2025-09-20', '2025-12-29', '2026-03-11'].map((date) =>
      charge(date, 'PIXELPLAY GAMES', 4.99),
    );
    const others = ['2025-03-15', '2025-10-09'].map((date) =>
      charge(date, 'PIXELPLAY GAMES', 9.99),
    );
    const streams = detectRecurring([early, ...plan, ...oneOffs, ...others], {
      asOf: '2026-04-20',
    });
    expect(streams.map((s) => s.transaction_ids)).toEqual([idsOf(plan)]);
  });

  it('does not make a plan of frequent same-price purchases at random days', () => {
    const days = [3, 11, 19, 24, 40, 47, 61, 75, 83, 96, 104, 118, 131, 139, 152, 160, 177, 189];
    const purchases = days.map((offset) =>
      charge(shiftDays('2025-05-01', offset * 2), 'PIXELPLAY GAMES', 0.99),
    );
    expect(detectRecurring(purchases, { asOf: '2026-05-01' })).toEqual([]);
  });
});

describe(`${detectRecurring.name} — storefront look-alikes`, () => {
  const purchases = [
    charge('2025-02-14', 'APPLE.COM/BILL 866-712-7753 CA', 0.99),
    charge('2025-04-03', 'APPLE.COM/BILL 866-712-7753 CA', 9.99),
    charge('2025-06-21', 'APPLE.COM/BILL 866-712-7753 CA', 4.99),
    charge('2025-08-09', 'APPLE.COM/BILL 866-712-7753 CA', 1.99),
    charge('2025-11-30', 'APPLE.COM/BILL 866-712-7753 CA', 14.99),
  ];

  it('does not read two equal app purchases a year apart as a yearly plan', () => {
    const twice = [
      charge('2025-03-10', 'APPLE.COM/BILL 866-712-7753 CA', 2.99),
      charge('2026-03-06', 'APPLE.COM/BILL 866-712-7753 CA', 2.99),
    ];
    expect(detectRecurring([...purchases, ...twice], { asOf: '2026-03-20' })).toEqual([]);
  });

  it('still finds a yearly plan dearer than every one-off purchase at the store', () => {
    const plan = [
      charge('2025-01-15', 'APPLE.COM/BILL 866-712-7753 CA', 99.99),
      charge('2026-01-15', 'APPLE.COM/BILL 866-712-7753 CA', 99.99),
    ];
    const streams = detectRecurring([...purchases, ...plan], { asOf: '2026-03-20' });
    expect(streams.map((s) => [s.cadence, s.transaction_ids])).toEqual([['YEARLY', idsOf(plan)]]);
  });

  it('does not read a lone $0.99 purchase at a busy store as a running trial', () => {
    const recent = charge('2026-03-12', 'APPLE.COM/BILL 866-712-7753 CA', 0.99);
    expect(detectRecurring([...purchases, recent], { asOf: '2026-03-20' })).toEqual([]);
  });
});

describe(`${detectRecurring.name} — membership fees at a shop`, () => {
  const catalogue: MerchantCatalogueEntry[] = [
    {
      id: 'bulkmart',
      name: 'Bulkmart',
      website: 'bulkmart.example',
      category: 'groceries',
      aliases: ['BULKMART'],
      isRecurringMerchant: false,
    },
  ];

  it('groups a membership fee apart from the shopping, as a product of its own', () => {
    expect(normalizeMerchant('BULKMART WHOLESALE MEMBERSHIP', catalogue)).toMatchObject({
      key: 'bulkmart+membership',
      category: 'shopping_membership',
      isRecurringMerchant: true,
    });
    expect(normalizeMerchant('BULKMART #0412', catalogue).key).toBe('bulkmart');
  });

  it('finds a yearly membership among the weekly shop', () => {
    const shop = everyDays('2025-01-04', 7, 60).map((date, index) =>
      charge(date, 'BULKMART #0412', 80 + ((index * 37) % 90) + 0.13 * (index % 7)),
    );
    const fee = [
      charge('2025-02-10', 'BULKMART.COM *MEMBERSHIP', 65),
      charge(shiftDays('2026-02-10', 0), 'BULKMART.COM *MEMBERSHIP', 65),
    ];
    const streams = detectRecurring([...shop, ...fee], { asOf: '2026-02-28', catalogue });
    expect(streams.map((s) => [s.cadence, s.transaction_ids])).toEqual([['YEARLY', idsOf(fee)]]);
  });
});
