/** How the profile reads a linked account (spec part 1 §3, §5). */
import type { LinkedAccount } from '@billow/contracts';

/** Spec §5: only an active depository account that is not primary yet can become primary. */
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

export function describeType(account: Pick<LinkedAccount, 'accountType'>): string {
  return typeNames[account.accountType];
}
