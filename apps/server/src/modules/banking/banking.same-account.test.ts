import { describe, expect, it } from 'vitest';
import { findSameAccounts, type SameAccountCandidate } from './banking.same-account';

const charges = [
  { date: '2026-10-03', amountCents: 1549 },
  { date: '2026-10-10', amountCents: -250000 },
  { date: '2026-11-03', amountCents: 1549 },
];

const account = (overrides: Partial<SameAccountCandidate>): SameAccountCandidate => ({
  id: 'plaid-checking',
  itemId: 'plaid-item',
  createdAt: new Date('2026-09-01T00:00:00Z'),
  isFile: false,
  institution: { name: 'Wells Fargo', domain: 'wellsfargo.com' },
  mask: '4321',
  type: 'depository',
  transactions: charges,
  ...overrides,
});

describe(findSameAccounts.name, () => {
  it('counts the first-connected of two sources of one account, its twins posted a day apart', () => {
    const simplefin = account({
      id: 'simplefin-checking',
      itemId: 'bridge',
      createdAt: new Date('2026-11-20T00:00:00Z'),
      institution: { name: 'Wells Fargo, N.A.', domain: null },
      transactions: [
        { date: '2026-10-04', amountCents: 1549 },
        { date: '2026-10-11', amountCents: -250000 },
        { date: '2026-11-04', amountCents: 1549 },
      ],
    });
    expect(findSameAccounts([account({}), simplefin])).toEqual([
      { accountId: 'simplefin-checking', sameAsAccountId: 'plaid-checking' },
    ]);
  });

  it('keeps counting the linked account over a file of it imported first', () => {
    const file = account({
      id: 'file',
      itemId: 'import',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      isFile: true,
      institution: { name: 'checking-export.csv', domain: null },
      transactions: [...charges, { date: '2026-08-01', amountCents: 999 }],
    });
    expect(findSameAccounts([file, account({})])).toEqual([
      { accountId: 'file', sameAsAccountId: 'plaid-checking' },
    ]);
  });

  it.each([
    ['another bank', { institution: { name: 'Chase', domain: 'chase.com' } }],
    ['other last digits', { mask: '9876' }],
    ['another type', { type: 'credit' }],
    ['no last digits', { mask: null }],
    [
      'transactions that do not match',
      { transactions: [{ date: '2026-10-05', amountCents: 700 }] },
    ],
    ['no transactions yet', { transactions: [] }],
  ])('leaves two accounts apart with %s', (_case, overrides) => {
    const other = account({ id: 'other', itemId: 'other-item', ...overrides });
    expect(findSameAccounts([account({}), other])).toEqual([]);
  });

  it('never takes two accounts of one connection for one', () => {
    expect(findSameAccounts([account({}), account({ id: 'twin' })])).toEqual([]);
  });
});
