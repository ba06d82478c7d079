/**
 * Plaid's Sandbox custom users (https://plaid.com/docs/sandbox/user-custom/): a JSON document with
 * `override_accounts`, each with its own transactions. People paste these from Plaid's docs or
 * from github.com/plaid/sandbox-custom-users, so the schema accepts Plaid's whole configuration
 * object and checks closely only what the sandbox bank uses: accounts, balances, transactions.
 * Fields for other Plaid products (identity, liability, holdings, income, inflow_model…) are
 * accepted and ignored.
 */
import { centsToDollars, dollarsToCents, roundToCents } from '@billow/contracts';
import { z } from 'zod';
import { isIsoDate } from './dates';
import { stableId, stableMask } from './ids';
import type { AccountKey, SandboxAccount, SandboxTransaction } from './types';

export const MAX_CUSTOM_ACCOUNTS = 10;
export const MAX_CUSTOM_TRANSACTIONS = 5000;

const isoDate = z.string({ error: 'Expected a date as YYYY-MM-DD' }).refine(isIsoDate, {
  error: (issue) => `Expected a date as YYYY-MM-DD, received "${String(issue.input)}"`,
});

const money = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .refine(Number.isFinite, { error: `${what} must be a finite number` });

/** Plaid lets a custom user hold other currencies; the sandbox bank is a US bank. */
const currency = z
  .string({ error: 'Currency must be a 3-letter ISO-4217 code' })
  .regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a 3-letter ISO-4217 code' })
  .transform((code) => code.toUpperCase())
  .refine((code) => code === 'USD', {
    error: 'The sandbox bank only holds US dollars: currency must be USD',
  });

export const transactionOverrideSchema = z
  .object({
    date_transacted: isoDate,
    date_posted: isoDate,
    amount: money('Amount'),
    description: z
      .string({ error: 'Description must be text' })
      .min(1, { error: 'Description must not be empty' }),
    currency: currency.optional(),
  })
  // Only compared once both are real dates: a bad date is reported once, as itself.
  .refine(
    (t) =>
      !isIsoDate(t.date_transacted) ||
      !isIsoDate(t.date_posted) ||
      t.date_transacted <= t.date_posted,
    {
      error: 'date_transacted must be on or before date_posted',
      path: ['date_transacted'],
    },
  );

const overrideAccountSchema = z.object({
  type: z.enum(['depository', 'credit', 'loan', 'investment', 'payroll', 'other'], {
    error: 'Account type must be one of depository, credit, loan, investment, payroll, other',
  }),
  subtype: z.string({ error: 'Account subtype must be text' }).nullish(),
  starting_balance: money('Starting balance').nullish(),
  force_available_balance: money('Available balance').nullish(),
  currency: currency.nullish(),
  meta: z
    .object({
      name: z.string().nullish(),
      official_name: z.string().nullish(),
      mask: z
        .string()
        .regex(/^\d{4}$/, { error: 'Mask must be 4 digits' })
        .nullish(),
      limit: money('Limit').nullish(),
    })
    .nullish(),
  transactions: z
    .array(transactionOverrideSchema)
    .max(MAX_CUSTOM_TRANSACTIONS, {
      error: `An account can have at most ${MAX_CUSTOM_TRANSACTIONS} transactions`,
    })
    .nullish(),
  numbers: z.unknown().optional(),
  identity: z.unknown().optional(),
  liability: z.unknown().optional(),
  inflow_model: z.unknown().optional(),
  holdings: z.unknown().optional(),
  investment_transactions: z.unknown().optional(),
  income: z.unknown().optional(),
});

/** Plaid's whole custom-user configuration object; `override_accounts` is what we read. */
export const overrideAccountsSchema = z.object({
  version: z.string().nullish(),
  seed: z.string().nullish(),
  override_accounts: z
    .array(overrideAccountSchema, { error: 'override_accounts must be a list of accounts' })
    .min(1, { error: 'A custom user needs at least one account' })
    .max(MAX_CUSTOM_ACCOUNTS, {
      error: `A custom user can have at most ${MAX_CUSTOM_ACCOUNTS} accounts`,
    }),
  mfa: z.unknown().optional(),
  recaptcha: z.unknown().optional(),
  force_error: z.unknown().optional(),
  roll_dates_forward: z.unknown().optional(),
});

export type CustomUserConfig = z.infer<typeof overrideAccountsSchema>;
type OverrideAccount = CustomUserConfig['override_accounts'][number];

/** The names Plaid's own Sandbox gives accounts that a custom user leaves unnamed. */
const defaults: Record<AccountKey, { name: string; official_name: string }> = {
  checking: { name: 'Plaid Checking', official_name: 'Plaid Gold Standard 0% Interest Checking' },
  savings: { name: 'Plaid Saving', official_name: 'Plaid Silver Standard 0.1% Interest Saving' },
  credit: {
    name: 'Plaid Credit Card',
    official_name: 'Plaid Diamond 12.5% APR Interest Credit Card',
  },
};

/**
 * The sandbox bank serves Plaid's Transactions product, which covers depository and credit
 * accounts; loan, investment, payroll and other accounts are left out. Ids depend only on the
 * seed and each account's and transaction's position in the document, so re-reading the same
 * document gives the same ids. Balances: a depository account's current balance is its starting
 * balance minus what posted; a card's is its starting balance (what was owed) plus what posted.
 */
export function customUserAccounts(
  config: CustomUserConfig,
  options: { seed: string },
): SandboxAccount[] {
  return config.override_accounts.flatMap((account, index) => {
    const key = accountKey(account);
    return key ? [toSandboxAccount(account, key, index, options.seed)] : [];
  });
}

function accountKey(account: OverrideAccount): AccountKey | null {
  if (account.type === 'credit') return 'credit';
  if (account.type !== 'depository') return null;
  return account.subtype?.toLowerCase() === 'savings' ? 'savings' : 'checking';
}

function toSandboxAccount(
  account: OverrideAccount,
  key: AccountKey,
  index: number,
  seed: string,
): SandboxAccount {
  const accountId = stableId([seed, 'custom', index]);
  const transactions: SandboxTransaction[] = (account.transactions ?? []).map((t, position) => ({
    transaction_id: stableId([seed, 'custom', index, position]),
    account_id: accountId,
    date: t.date_posted,
    authorized_date: t.date_transacted,
    amount: roundToCents(t.amount),
    iso_currency_code: 'USD',
    name: t.description,
    merchant_name: null,
    category_hint: 'other',
  }));
  // Stable: transactions on the same day keep the document's order.
  transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  const posted = transactions.reduce((sum, t) => sum + dollarsToCents(t.amount), 0);
  const starting = dollarsToCents(account.starting_balance ?? 0);
  const isCredit = key === 'credit';
  const current = centsToDollars(isCredit ? starting + posted : starting - posted);
  const limit = isCredit ? (account.meta?.limit ?? null) : null;
  const available =
    account.force_available_balance ??
    (isCredit
      ? limit === null
        ? null
        : centsToDollars(dollarsToCents(limit) - dollarsToCents(current))
      : current);

  return {
    account_id: accountId,
    key,
    name: account.meta?.name ?? defaults[key].name,
    official_name: account.meta?.official_name ?? defaults[key].official_name,
    mask: account.meta?.mask ?? stableMask([seed, 'custom', index]),
    type: isCredit ? 'credit' : 'depository',
    subtype: isCredit ? 'credit card' : key === 'savings' ? 'savings' : 'checking',
    balances: { current, available, iso_currency_code: 'USD', limit },
    transactions,
  };
}
