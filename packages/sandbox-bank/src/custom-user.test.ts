import { describe, expect, it } from 'vitest';
import { customUserAccounts, overrideAccountsSchema } from './custom-user';

/** Shaped like the example on https://plaid.com/docs/sandbox/user-custom/ (every account type). */
const plaidDocsExample = {
  seed: 'my-seed-string',
  override_accounts: [
    {
      type: 'depository',
      subtype: 'checking',
      transactions: [
        {
          date_transacted: '2023-10-01',
          date_posted: '2023-10-03',
          currency: 'USD',
          amount: 100,
          description: '1 year Netflix subscription',
        },
        {
          date_transacted: '2023-10-01',
          date_posted: '2023-10-02',
          currency: 'USD',
          amount: 100,
          description: '1 year mobile subscription',
        },
      ],
    },
    {
      type: 'loan',
      subtype: 'student',
      liability: {
        type: 'student',
        origination_date: '2023-01-01',
        principal: 10000,
        nominal_apr: 6.25,
        loan_name: 'Plaid Student Loan',
        repayment_model: { type: 'standard', non_repayment_months: 12, repayment_months: 120 },
      },
    },
    {
      type: 'credit',
      subtype: 'credit card',
      starting_balance: 10000,
      inflow_model: {
        type: 'monthly-interest-only-payment',
        payment_day_of_month: 15,
        statement_day_of_month: 13,
        transaction_name: 'Interest Payment',
        apr: 13.25,
      },
    },
    {
      type: 'investment',
      subtype: 'brokerage',
      investment_transactions: [
        {
          date: '2023-07-01',
          name: 'buy stock',
          quantity: 10,
          price: 10,
          fees: 20,
          type: 'buy',
          currency: 'USD',
          security: { ticker_symbol: 'PLAID', currency: 'USD' },
        },
      ],
      holdings: [
        {
          institution_price: 10,
          institution_price_as_of: '2023-08-01',
          cost_basis: 10,
          quantity: 10,
          currency: 'USD',
          security: { ticker_symbol: 'PLAID', currency: 'USD' },
        },
      ],
    },
    { type: 'payroll', subtype: 'payroll', income: { paystubs: [] } },
  ],
};

const cardWithLimit = {
  override_accounts: [
    {
      type: 'credit',
      subtype: 'credit card',
      starting_balance: 1245.67,
      meta: {
        name: 'Rewards Card',
        official_name: 'Platinum Rewards Card',
        limit: 10000,
        mask: '4321',
      },
      transactions: [
        {
          date_transacted: '2024-07-20',
          date_posted: '2024-07-21',
          amount: 87.43,
          description: 'Amazon.com Purchase',
          currency: 'USD',
        },
        {
          date_transacted: '2024-07-16',
          date_posted: '2024-07-17',
          amount: -25.1,
          description: 'Refund',
          currency: 'USD',
        },
      ],
    },
  ],
};

function messages(input: unknown): string[] {
  const result = overrideAccountsSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const withTransaction = (transaction: Record<string, unknown>) => ({
  override_accounts: [{ type: 'depository', subtype: 'checking', transactions: [transaction] }],
});
const good = {
  date_transacted: '2024-01-02',
  date_posted: '2024-01-03',
  amount: 12.5,
  description: 'COFFEE',
  currency: 'USD',
};

describe(customUserAccounts.name, () => {
  it('accepts Plaid’s documented example and keeps its depository and credit accounts', () => {
    const config = overrideAccountsSchema.parse(plaidDocsExample);
    const accounts = customUserAccounts(config, { seed: 'item-9' });
    expect(accounts.map((a) => [a.key, a.type, a.subtype])).toEqual([
      ['checking', 'depository', 'checking'],
      ['credit', 'credit', 'credit card'],
    ]);
  });

  it('keeps amounts, descriptions and dates, sorted by posted date', () => {
    const [checking] = customUserAccounts(overrideAccountsSchema.parse(plaidDocsExample), {
      seed: 'item-9',
    });
    expect(
      checking?.transactions.map((t) => [
        t.date,
        t.authorized_date,
        t.amount,
        t.name,
        t.merchant_name,
      ]),
    ).toEqual([
      ['2023-10-02', '2023-10-01', 100, '1 year mobile subscription', null],
      ['2023-10-03', '2023-10-01', 100, '1 year Netflix subscription', null],
    ]);
    expect(checking?.balances).toEqual({
      current: -200,
      available: -200,
      iso_currency_code: 'USD',
      limit: null,
    });
    expect(checking?.name).toBe('Plaid Checking');
  });

  it('gives a card what is owed plus what posted, and the room left under its limit', () => {
    const [card] = customUserAccounts(overrideAccountsSchema.parse(cardWithLimit), { seed: 's' });
    expect(card?.balances).toEqual({
      current: 1308,
      available: 8692,
      iso_currency_code: 'USD',
      limit: 10000,
    });
    expect([card?.name, card?.official_name, card?.mask]).toEqual([
      'Rewards Card',
      'Platinum Rewards Card',
      '4321',
    ]);
    const [docsCard] = customUserAccounts(overrideAccountsSchema.parse(plaidDocsExample), {
      seed: 's',
    }).slice(1);
    expect(docsCard?.balances).toEqual({
      current: 10000,
      available: null,
      iso_currency_code: 'USD',
      limit: null,
    });
  });

  it('derives ids and masks from the seed and positions, the same every time', () => {
    const config = overrideAccountsSchema.parse(plaidDocsExample);
    const once = customUserAccounts(config, { seed: 'item-9' });
    expect(customUserAccounts(config, { seed: 'item-9' })).toEqual(once);
    const other = customUserAccounts(config, { seed: 'item-10' });
    expect(other[0]?.account_id).not.toBe(once[0]?.account_id);
    expect(other[0]?.transactions[0]?.transaction_id).not.toBe(
      once[0]?.transactions[0]?.transaction_id,
    );
    expect(once[0]?.mask).toMatch(/^\d{4}$/);
    expect(once.every((a) => a.transactions.every((t) => t.account_id === a.account_id))).toBe(
      true,
    );
  });

  it('rejects dates that are not YYYY-MM-DD calendar dates', () => {
    expect(messages(withTransaction({ ...good, date_posted: '01/03/2024' }))).toEqual([
      'override_accounts.0.transactions.0.date_posted: Expected a date as YYYY-MM-DD, received "01/03/2024"',
    ]);
    expect(
      messages(
        withTransaction({ ...good, date_transacted: '2023-02-30', date_posted: '2023-03-01' }),
      ),
    ).toEqual([
      'override_accounts.0.transactions.0.date_transacted: Expected a date as YYYY-MM-DD, received "2023-02-30"',
    ]);
    expect(messages(withTransaction({ ...good, date_transacted: '2024-01-05' }))).toEqual([
      'override_accounts.0.transactions.0.date_transacted: date_transacted must be on or before date_posted',
    ]);
  });

  it('rejects amounts that are not numbers', () => {
    expect(messages(withTransaction({ ...good, amount: '12.50' }))).toEqual([
      'override_accounts.0.transactions.0.amount: Amount must be a number',
    ]);
    expect(messages(withTransaction({ ...good, amount: Number.POSITIVE_INFINITY }))).toHaveLength(
      1,
    );
  });

  it('rejects currencies that are not three letters, and any but US dollars', () => {
    expect(messages(withTransaction({ ...good, currency: 'US' }))).toEqual([
      'override_accounts.0.transactions.0.currency: Currency must be a 3-letter ISO-4217 code',
    ]);
    expect(messages(withTransaction({ ...good, currency: 'EUR' }))).toEqual([
      'override_accounts.0.transactions.0.currency: The sandbox bank only holds US dollars: currency must be USD',
    ]);
  });

  it('needs one to ten accounts and at most 5000 transactions each', () => {
    expect(messages({ override_accounts: [] })).toEqual([
      'override_accounts: A custom user needs at least one account',
    ]);
    expect(messages({})).toEqual([
      'override_accounts: override_accounts must be a list of accounts',
    ]);
    const account = { type: 'depository', subtype: 'checking' };
    expect(messages({ override_accounts: Array.from({ length: 11 }, () => account) })).toEqual([
      'override_accounts: A custom user can have at most 10 accounts',
    ]);
    const many = Array.from({ length: 5001 }, () => good);
    expect(messages({ override_accounts: [{ ...account, transactions: many }] })).toEqual([
      'override_accounts.0.transactions: An account can have at most 5000 transactions',
    ]);
  });
});
