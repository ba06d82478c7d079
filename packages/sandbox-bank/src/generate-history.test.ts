import { describe, expect, it } from 'vitest';
import { toDay, weekday } from './dates';
import { generatePersonaAccounts } from './generate-history';
import { PERSONA_IDS, type SandboxAccount, type SandboxTransaction } from './types';

const TWO_YEARS = { start: '2023-03-01', end: '2025-02-28' } as const;

const upTo = (date: string) => (accounts: SandboxAccount[]) =>
  accounts.map((account) => account.transactions.filter((t) => t.date <= date));
const from = (date: string) => (accounts: SandboxAccount[]) =>
  accounts.map((account) => account.transactions.filter((t) => t.date >= date));

/** End-of-day balances from the window's start (the story start here), in Plaid's sign. */
function endOfDayBalances(account: SandboxAccount): number[] {
  const sign = account.type === 'credit' ? 1 : -1;
  const total = account.transactions.reduce((sum, t) => sum + t.amount, 0);
  let balance = account.balances.current - sign * total;
  const byDay = new Map<string, number>();
  for (const t of account.transactions) {
    balance += sign * t.amount;
    byDay.set(t.date, balance);
  }
  return [...byDay.values()];
}

const allTransactions = (accounts: SandboxAccount[]): SandboxTransaction[] =>
  accounts.flatMap((account) => account.transactions);

describe(generatePersonaAccounts.name, () => {
  it('gives the same accounts and transactions for the same seed, persona and window', () => {
    const first = generatePersonaAccounts('default', { seed: 'item-1', ...TWO_YEARS });
    const second = generatePersonaAccounts('default', { seed: 'item-1', ...TWO_YEARS });
    expect(second).toEqual(first);
  });

  it('gives another history for another seed', () => {
    const first = generatePersonaAccounts('default', { seed: 'item-1', ...TWO_YEARS });
    const other = generatePersonaAccounts('default', { seed: 'item-2', ...TWO_YEARS });
    const ids = new Set(allTransactions(first).map((t) => t.transaction_id));
    expect(allTransactions(other).some((t) => ids.has(t.transaction_id))).toBe(false);
    expect(other.map((a) => a.account_id)).not.toEqual(first.map((a) => a.account_id));
  });

  it.each(PERSONA_IDS)(
    'agrees on the overlap when the same %s window is later extended',
    (persona) => {
      const earlier = generatePersonaAccounts(persona, { seed: 'sync', ...TWO_YEARS });
      const later = generatePersonaAccounts(persona, {
        seed: 'sync',
        start: TWO_YEARS.start,
        end: '2025-06-30',
      });
      expect(upTo(TWO_YEARS.end)(later)).toEqual(upTo(TWO_YEARS.end)(earlier));
      expect(later.map((a) => a.account_id)).toEqual(earlier.map((a) => a.account_id));
    },
  );

  it('agrees on the overlap of two windows that share a story start', () => {
    const storyStart = '2023-01-01';
    const first = generatePersonaAccounts('family', {
      seed: 'sync',
      start: storyStart,
      end: '2024-12-31',
    });
    const second = generatePersonaAccounts('family', {
      seed: 'sync',
      start: '2024-06-15',
      end: '2025-03-31',
      storyStart,
    });
    const overlap = (accounts: SandboxAccount[]) =>
      from('2024-06-15')(accounts).map((ts) => ts.filter((t) => t.date <= '2024-12-31'));
    expect(overlap(second)).toEqual(overlap(first));
    expect(overlap(first).flat().length).toBeGreaterThan(300);
  });

  it('reports the same balances for the same end day, whatever the window start', () => {
    const storyStart = '2023-03-01';
    const whole = generatePersonaAccounts('freelancer', {
      seed: 'b',
      start: storyStart,
      end: '2025-02-28',
    });
    const recent = generatePersonaAccounts('freelancer', {
      seed: 'b',
      start: '2025-01-01',
      end: '2025-02-28',
      storyStart,
    });
    expect(recent.map((a) => a.balances)).toEqual(whole.map((a) => a.balances));
  });

  it.each(PERSONA_IDS)(
    'gives %s a checking account, a savings account and a credit card',
    (persona) => {
      const accounts = generatePersonaAccounts(persona, { seed: 'shape', ...TWO_YEARS });
      expect(accounts.map((a) => [a.key, a.type, a.subtype])).toEqual([
        ['checking', 'depository', 'checking'],
        ['savings', 'depository', 'savings'],
        ['credit', 'credit', 'credit card'],
      ]);
      for (const account of accounts) {
        expect(account.mask).toMatch(/^\d{4}$/);
        expect(account.account_id).toMatch(/^[0-9A-Za-z]{37}$/);
        expect(account.name).not.toBe('');
        expect(account.official_name).not.toBe('');
      }
      expect(new Set(accounts.map((a) => a.mask)).size).toBe(3);
    },
  );

  it.each(PERSONA_IDS)('keeps every %s transaction well-formed', (persona) => {
    const accounts = generatePersonaAccounts(persona, { seed: 'form', ...TWO_YEARS });
    const ids = new Set<string>();
    for (const account of accounts) {
      const dates = account.transactions.map((t) => t.date);
      expect(dates).toEqual([...dates].sort());
      for (const t of account.transactions) {
        ids.add(t.transaction_id);
        expect(t.account_id).toBe(account.account_id);
        expect(t.date >= TWO_YEARS.start && t.date <= TWO_YEARS.end).toBe(true);
        const lag = toDay(t.date) - toDay(t.authorized_date);
        expect(lag).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThanOrEqual(3);
        expect([0, 6]).not.toContain(weekday(toDay(t.date)));
        expect(Math.round(t.amount * 100)).toBeCloseTo(t.amount * 100, 6);
        expect(t.amount).not.toBe(0);
        expect(t.iso_currency_code).toBe('USD');
        expect(t.name.trim()).not.toBe('');
      }
    }
    expect(ids.size).toBe(allTransactions(accounts).length);
  });

  it.each(PERSONA_IDS)('never lets %s end a day overdrawn', (persona) => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const accounts = generatePersonaAccounts(persona, { seed, ...TWO_YEARS });
      for (const account of accounts.filter((a) => a.type === 'depository'))
        expect(Math.min(...endOfDayBalances(account))).toBeGreaterThanOrEqual(0);
    }
  });

  it('pays the whole card statement from checking every month', () => {
    const [checking, , card] = generatePersonaAccounts('default', { seed: 'card', ...TWO_YEARS });
    const payments =
      checking?.transactions.filter((t) => t.name.startsWith('CHASE CREDIT CRD AUTOPAY')) ?? [];
    const credits =
      card?.transactions.filter((t) => t.name === 'AUTOMATIC PAYMENT - THANK YOU') ?? [];
    expect(payments.length).toBe(24);
    expect(credits.map((t) => [t.date, -t.amount])).toEqual(
      payments.map((t) => [t.date, t.amount]),
    );
    const owed = card?.transactions.filter(
      (t) =>
        t.date >= '2025-01-01' && t.date <= '2025-01-31' && t.recurring_stream !== 'card-autopay',
    );
    const february = payments.find((t) => t.date.startsWith('2025-02'));
    expect(february?.amount).toBeCloseTo(owed?.reduce((sum, t) => sum + t.amount, 0) ?? 0, 2);
  });

  it('shows what is owed on the card and what is left to spend', () => {
    const card = generatePersonaAccounts('family', { seed: 'card', ...TWO_YEARS })[2];
    expect(card?.balances.limit).toBe(25000);
    expect(card?.balances.current).toBeGreaterThan(0);
    expect(card?.balances.available).toBeCloseTo(25000 - (card?.balances.current ?? 0), 2);
  });

  it('moves savings transfers between the two accounts with opposite signs', () => {
    const [checking, savings] = generatePersonaAccounts('default', { seed: 't', ...TWO_YEARS });
    const out =
      checking?.transactions.filter((t) => t.name.startsWith('ONLINE TRANSFER TO SAV')) ?? [];
    const inbound =
      savings?.transactions.filter((t) => t.name.startsWith('ONLINE TRANSFER FROM CHK')) ?? [];
    expect(out.length).toBe(24);
    expect(out[0]?.name).toBe(`ONLINE TRANSFER TO SAV XXXXXX${savings?.mask}`);
    expect(inbound.map((t) => -t.amount)).toEqual(out.map((t) => t.amount));
  });

  it('refuses a window that ends before it starts, and dates that are not dates', () => {
    expect(() =>
      generatePersonaAccounts('default', { seed: 'x', start: '2025-01-02', end: '2025-01-01' }),
    ).toThrow(RangeError);
    expect(() =>
      generatePersonaAccounts('default', { seed: 'x', start: '2025-02-30', end: '2025-03-01' }),
    ).toThrow(RangeError);
  });
});
