import { describe, expect, it } from 'vitest';
import { claimUrlOf, SimplefinError, type SimplefinAccount } from './simplefin-client';
import { mapSimplefinAccount, mapSimplefinTransaction } from './bank-source.simplefin';

const account = (overrides: Partial<SimplefinAccount> = {}): SimplefinAccount => ({
  org: { domain: 'bank.example', name: 'Bank', 'sfin-url': 'https://sfin.example' },
  id: 'ACT-1',
  name: 'Checking',
  currency: 'USD',
  balance: '100.23',
  'available-balance': '75.23',
  'balance-date': 978366153,
  transactions: [],
  ...overrides,
});
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe(claimUrlOf.name, () => {
  it('reads the claim address inside a setup token', () => {
    const token = base64('https://bridge.example/simplefin/claim/abc');
    expect(claimUrlOf(token, { allowLoopbackHttp: false }).toString()).toBe(
      'https://bridge.example/simplefin/claim/abc',
    );
  });

  it.each([
    ['text that is not Base64', 'not a token!'],
    ['Base64 of something that is not an address', base64('hello there')],
    ['a plain-http address', base64('http://bridge.example/claim/abc')],
    ['an address with credentials in it', base64('https://u:p@bridge.example/claim/abc')],
  ])('refuses %s', (_case, token) => {
    expect(() => claimUrlOf(token, { allowLoopbackHttp: true })).toThrow(SimplefinError);
  });

  it('accepts plain http on this machine only in sandbox mode', () => {
    const token = base64('http://127.0.0.1:4000/claim/abc');
    expect(claimUrlOf(token, { allowLoopbackHttp: true }).port).toBe('4000');
    expect(() => claimUrlOf(token, { allowLoopbackHttp: false })).toThrow(SimplefinError);
  });
});

describe(mapSimplefinTransaction.name, () => {
  const today = new Date('2026-11-20T12:00:00Z');

  it('turns money out (negative in SimpleFIN) into a positive amount with a stable id', () => {
    const mapped = mapSimplefinTransaction(
      account(),
      {
        id: 'TRN-1',
        posted: 1_763_596_800, // 2025-11-20T00:00:00Z
        amount: '-15.49',
        description: 'NETFLIX.COM',
        payee: 'Netflix',
        transacted_at: 1_763_510_400,
      },
      today,
    );
    expect(mapped).toEqual({
      transactionId: 'simplefin:ACT-1:TRN-1',
      accountId: 'simplefin:ACT-1',
      amount: 15.49,
      isoCurrencyCode: 'USD',
      date: '2025-11-20',
      authorizedDate: '2025-11-19',
      name: 'NETFLIX.COM',
      merchantName: 'Netflix',
      pending: false,
      pendingTransactionId: null,
    });
  });

  it('reads a transaction not posted yet (posted 0) as pending on its transaction date', () => {
    const mapped = mapSimplefinTransaction(
      account(),
      {
        id: 'T',
        posted: 0,
        amount: '2500.00',
        description: 'PAYROLL',
        transacted_at: 1_763_510_400,
      },
      today,
    );
    expect(mapped).toMatchObject({ pending: true, date: '2025-11-19', amount: -2500 });
  });
});

describe(mapSimplefinAccount.name, () => {
  it('keeps the bank, the balances and the last four digits of the name', () => {
    expect(mapSimplefinAccount(account({ name: 'Everyday Checking 4321' }))).toMatchObject({
      accountId: 'simplefin:ACT-1',
      mask: '4321',
      type: 'depository',
      subtype: 'checking',
      balances: { current: 100.23, available: 75.23, isoCurrencyCode: 'USD' },
      institution: { name: 'Bank', domain: 'bank.example' },
    });
  });

  it('reads a card from its name, its negative balance as money owed', () => {
    expect(
      mapSimplefinAccount(account({ name: 'Rewards Credit Card', balance: '-120.00' })),
    ).toMatchObject({
      type: 'credit',
      balances: { current: 120 },
    });
  });

  it('keeps no currency code for a custom currency (a URL in SimpleFIN)', () => {
    expect(
      mapSimplefinAccount(account({ currency: 'https://points.example/miles' })).balances
        .isoCurrencyCode,
    ).toBeNull();
  });

  it.each([
    ['Everyday Checking 4321', 'depository', 'checking'],
    ['Navy Federal Credit Union Share Savings', 'depository', 'savings'],
    ['Discover Online Savings', 'depository', 'savings'],
    ['Premier Money Market', 'depository', 'money market'],
    ['12 Month CD', 'depository', 'cd'],
    ['Credit Union Checking', 'depository', 'checking'],
    ['Cardinal Checking', 'depository', 'checking'],
    ['Sapphire Preferred Visa', 'credit', 'credit card'],
    ['Amex Gold Card', 'credit', 'credit card'],
    ['Home Equity Line of Credit', 'loan', 'home equity'],
    ['Personal Line of Credit', 'loan', 'line of credit'],
    ['30 Year Mortgage', 'loan', 'mortgage'],
    ['Auto Loan 5512', 'loan', 'auto'],
    ['Student Loan', 'loan', 'student'],
    ['Roth IRA', 'investment', 'ira'],
    ['Company 401(k)', 'investment', '401k'],
    ['Health Savings Account HSA', 'depository', 'hsa'],
    ['Everyday Account', 'depository', null],
  ])('guesses the type of %s from its name', (name, type, subtype) => {
    expect(mapSimplefinAccount(account({ name }))).toMatchObject({ type, subtype });
  });

  it('takes an account its name says nothing of, owing money, for a card', () => {
    expect(mapSimplefinAccount(account({ name: 'Platinum', balance: '-45.00' }))).toMatchObject({
      type: 'credit',
      balances: { current: 45 },
    });
  });
});
