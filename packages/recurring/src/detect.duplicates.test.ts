/**
 * The same charges arriving twice: a bank login linked twice gives every
 * transaction again under another account. Detection must find the same streams, not lose
 * them to "two charges a day" schedules.
 */
import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charges, everyDays, monthly } from '../test/series';
import type { Transaction } from './types';

const onAccount = (account: string, transactions: Transaction[]) =>
  transactions.map((t) => ({ ...t, id: `${account}-${t.id}`, account_id: account }));

describe(`${detectRecurring.name} — the same charges twice`, () => {
  const history = [
    ...charges(monthly('2025-06-05', 14), 'NETFLIX.COM', 15.49),
    ...charges(
      monthly('2025-06-18', 14),
      'PG&E WEB ONLINE',
      [88.1, 92.4, 101.3, 120.2, 133.9, 140.1, 128.7, 110.4, 95.2, 90.8, 85.5, 84.1, 89.9, 97.3],
    ),
    ...charges(monthly('2025-06-01', 14), 'ROCKET MORTGAGE MTG PYMT', 2210.55),
    ...charges(everyDays('2026-01-03', 7, 30), 'HELLOFRESH', 71.93),
  ];
  const once = detectRecurring(onAccount('checking', history), { asOf: '2026-07-30' });

  it('finds the same streams when every charge also arrives under a second account', () => {
    const twice = detectRecurring(
      [...onAccount('checking', history), ...onAccount('checking-again', history)],
      { asOf: '2026-07-30' },
    );
    expect(once.length).toBe(4);
    const summary = (streams: typeof once) =>
      streams.map((s) => `${s.merchant} ${s.cadence} ${s.status} ${s.predicted_next_date}`).sort();
    expect(summary(twice)).toEqual(summary(once));
  });

  it('keeps a real double charge on one account as two charges', () => {
    const doubled = onAccount('checking', [
      ...history,
      ...charges(['2026-07-05'], 'NETFLIX.COM', 15.49),
    ]);
    const netflix = detectRecurring(doubled, { asOf: '2026-07-30' }).find((s) =>
      s.merchant.startsWith('Netflix'),
    );
    expect(netflix?.transaction_ids.length).toBe(15);
  });

  it('finds a bill two accounts pay a day apart each month on each account, not on neither', () => {
    const bills = (day: string) => [
      ...charges(monthly(day, 8), 'TEST_MERCHANT MONTHLY', 50),
      ...charges(monthly(day, 8), 'SPOTIFY USA 877-7781161 NY', 11.99),
    ];
    const streams = detectRecurring(
      [...onAccount('checking', bills('2026-01-05')), ...onAccount('card', bills('2026-01-06'))],
      { asOf: '2026-08-20' },
    );
    const summary = streams.map(
      (s) =>
        `${s.merchant} ${s.cadence} ${s.transaction_ids[0]!.split('-')[0]} ${s.transaction_ids.length}`,
    );
    expect(summary.sort()).toEqual([
      'Spotify MONTHLY card 8',
      'Spotify MONTHLY checking 8',
      'TEST_MERCHANT MONTHLY card 8',
      'TEST_MERCHANT MONTHLY checking 8',
    ]);
  });
});
