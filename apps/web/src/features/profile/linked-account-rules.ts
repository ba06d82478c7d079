/** How the profile reads a linked account (docs/profile.md, "Linked accounts"). */
import type { LinkedAccount } from '@billow/contracts';

/**
 * docs/profile.md, "Linked accounts": only an active depository account that is not primary yet can
 * become primary.
 */
export function canMakePrimary(
  account: Pick<LinkedAccount, 'active' | 'accountType' | 'is_primary_payment_account'>,
): boolean {
  return (
    account.active && account.accountType === 'depository' && !account.is_primary_payment_account
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'Checking', or the type when the bank gave no subtype ('Credit'). */
export function describeSubtype(account: Pick<LinkedAccount, 'accountSubType' | 'accountType'>) {
  return capitalized(account.accountSubType ?? account.accountType);
}

const typeNames: Record<LinkedAccount['accountType'], string> = {
  depository: 'Bank account',
  credit: 'Credit card',
  loan: 'Loan',
  investment: 'Investment',
  other: 'Other',
};

/** One plain description of the account: 'Checking account', 'Credit card', 'Mortgage (loan)'. */
export function describeAccountKind(
  account: Pick<LinkedAccount, 'accountSubType' | 'accountType'>,
): string {
  const type = typeNames[account.accountType];
  const subtype = account.accountSubType?.trim().toLowerCase();
  if (!subtype || subtype === account.accountType || subtype === type.toLowerCase()) return type;
  if (account.accountType === 'depository') return `${capitalized(subtype)} account`;
  return `${capitalized(subtype)} (${type.toLowerCase()})`;
}

const sourceNames: Record<LinkedAccount['source'], string> = {
  plaid: 'Plaid',
  simplefin: 'SimpleFIN Bridge',
  sandbox: 'Sandbox bank',
  file: 'File import',
};

/** Where the account's transactions come from, as the person knows it: 'SimpleFIN Bridge'. */
export function describeSource(account: Pick<LinkedAccount, 'source'>): string {
  return sourceNames[account.source];
}

/**
 * Whether every account that needs attention comes through SimpleFIN Bridge: then the fix is in
 * the person's Bridge account, not a new link in Billow.
 */
export function isAttentionAtSimplefinOnly(
  accounts: Pick<LinkedAccount, 'active' | 'source'>[],
): boolean {
  const broken = accounts.filter((account) => !account.active);
  return broken.length > 0 && broken.every((account) => account.source === 'simplefin');
}
