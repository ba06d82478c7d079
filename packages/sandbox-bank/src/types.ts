/**
 * The shapes the sandbox bank's data comes in. They follow Plaid's /accounts and /transactions
 * objects closely enough that the sandbox adapter can hand them out nearly as they are, plus two
 * sandbox-only fields: `category_hint` and `recurring_stream`, the ground truth our detection
 * tests compare against.
 */

export const PERSONA_IDS = ['default', 'family', 'student', 'freelancer', 'dynamic'] as const;
export type PersonaId = (typeof PERSONA_IDS)[number];

export type AccountKey = 'checking' | 'savings' | 'credit';

export type CategoryHint =
  | 'subscription'
  | 'bill'
  | 'income'
  | 'transfer'
  | 'groceries'
  | 'dining'
  | 'fuel'
  | 'shopping'
  | 'rent'
  | 'other';

export type SandboxTransaction = {
  /** A pure function of seed, account and the transaction's stable key: same inputs, same id. */
  transaction_id: string;
  account_id: string;
  /** Posted date, YYYY-MM-DD. */
  date: string;
  /** 0–3 days before `date`. */
  authorized_date: string;
  /** Dollars, Plaid's sign: above 0 is money out of the account, below 0 money in. */
  amount: number;
  iso_currency_code: 'USD';
  /** The raw bank descriptor, e.g. "NETFLIX.COM 866-579-7172 CA". */
  name: string;
  /** The clean merchant name a real bank (or Plaid's enrichment) would give, else null. */
  merchant_name: string | null;
  category_hint: CategoryHint;
  /** The true recurring stream this charge belongs to (e.g. 'netflix'); absent when one-off. */
  recurring_stream?: string;
};

export type SandboxAccount = {
  account_id: string;
  key: AccountKey;
  name: string;
  official_name: string;
  /** Last four digits of the account number. */
  mask: string;
  type: 'depository' | 'credit';
  subtype: 'checking' | 'savings' | 'credit card';
  balances: {
    current: number;
    available: number | null;
    iso_currency_code: 'USD';
    limit: number | null;
  };
  /** Ascending by date; only dates inside the requested window. */
  transactions: SandboxTransaction[];
};
