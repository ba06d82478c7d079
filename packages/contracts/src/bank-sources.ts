/**
 * Where a linked account's transactions come from: Plaid, a SimpleFIN Bridge, the
 * offline sandbox bank, or a file the person imported — and which of them can pay. Plain values,
 * not schemas: the dashboard's first screen reads which accounts can pay, and a zod value made
 * here would bring zod into its first script (the schema is `bankSource` in enums.ts).
 */
export const BANK_SOURCES = ['plaid', 'simplefin', 'sandbox', 'file'] as const;
export type BankSource = (typeof BANK_SOURCES)[number];

/**
 * Whether a debit can come from an account of this source: only a bank login through Link (Plaid,
 * or the sandbox bank standing in for it). SimpleFIN Bridge and file imports only read
 * transactions.
 */
export const sourceCanPay = (source: BankSource): boolean =>
  source === 'plaid' || source === 'sandbox';

/** Why an account of a source that cannot pay is not offered for a payment, for the person. */
export const cannotPayReasons: Record<Exclude<BankSource, 'plaid' | 'sandbox'>, string> = {
  simplefin: 'Comes in through SimpleFIN Bridge, which can show transactions but not pay.',
  file: 'Imported from a file, so Billow cannot take a payment from it.',
};

/** The account details' note on an account whose source cannot pay (never made primary). */
export const primaryCannotPayNote = (source: BankSource): string | null =>
  source === 'simplefin' || source === 'file'
    ? `${cannotPayReasons[source]} It can’t be your primary payment account.`
    : null;

/** Said when an account whose source cannot pay is asked to be the primary payment account. */
export const PRIMARY_CANNOT_PAY_DETAIL =
  'This account can only show transactions, not pay, so it cannot be your primary payment account. Choose an account you linked by logging in to your bank.';
