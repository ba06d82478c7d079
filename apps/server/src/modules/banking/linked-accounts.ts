/**
 * A person's linked accounts as the profile and sign-in show them. The profile asks for them
 * inside its own statement (db/person-column.ts): the accounts come as one JSON value, in the
 * order the profile lists them (oldest connection first, then by name).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { centsToDollars, type BankSource, type LinkedAccount } from '@billow/contracts';
import type { BankItemRow } from './banking.repo';
import { bankAccounts, bankItems } from './banking.tables';

/** What an account shows of itself and of its connection (item). */
export type LinkedAccountParts = {
  id: string;
  institutionName: string;
  institutionDomain: string | null;
  mask: string | null;
  type: (typeof bankAccounts.$inferSelect)['type'];
  subtype: string | null;
  isActive: boolean;
  isPrimaryPaymentAccount: boolean;
  availableBalanceCents: number | null;
  currentBalanceCents: number | null;
  source: BankItemRow['source'];
  importSource: string | null;
  sourceMessages: string[] | null;
};

/** The person's accounts' parts as a JSON array, given the SQL of the person's id. */
export function linkedAccountsJson(userId: SQLWrapper): SQL<LinkedAccountParts[]> {
  return sql`(select coalesce(json_agg(json_build_object(
      'id', ${bankAccounts.id},
      'institutionName', coalesce(${bankAccounts.institutionName}, ${bankItems.institutionName}),
      'institutionDomain', coalesce(${bankAccounts.institutionDomain}, ${bankItems.institutionDomain}),
      'mask', ${bankAccounts.mask},
      'type', ${bankAccounts.type},
      'subtype', ${bankAccounts.subtype},
      'isActive', ${bankAccounts.isActive} and ${bankItems.status} = 'active',
      'isPrimaryPaymentAccount', ${bankAccounts.isPrimaryPaymentAccount},
      'availableBalanceCents', ${bankAccounts.availableBalanceCents},
      'currentBalanceCents', ${bankAccounts.currentBalanceCents},
      'source', ${bankItems.source},
      'importSource', ${bankItems.importSource},
      'sourceMessages', ${bankItems.sourceMessages}
    ) order by ${bankItems.createdAt}, ${bankAccounts.name}), '[]'::json)
    from ${bankAccounts} inner join ${bankItems} on ${bankItems.id} = ${bankAccounts.itemId}
    where ${bankAccounts.userId} = ${userId})`;
}

/** The bank's available balance, else its current one for a deposit account (dollars). */
function availableBalanceOf(account: {
  type: string;
  availableBalanceCents: number | null;
  currentBalanceCents: number | null;
}): number | null {
  if (account.type !== 'depository') return null;
  const cents = account.availableBalanceCents ?? account.currentBalanceCents;
  return cents === null ? null : centsToDollars(cents);
}

/** An account as the profile shows it, given where its connection's data comes from. */
export function toLinkedAccount(parts: LinkedAccountParts, source: BankSource): LinkedAccount {
  return {
    id: parts.id,
    bankName: parts.institutionName,
    bankWebsiteUrl: parts.institutionDomain,
    lastFour: parts.mask ?? '',
    accountType: parts.type,
    accountSubType: parts.subtype,
    active: parts.isActive,
    is_primary_payment_account: parts.isPrimaryPaymentAccount,
    availableBalance: availableBalanceOf(parts),
    source,
    attention: parts.sourceMessages?.length ? parts.sourceMessages.join(' ') : null,
  };
}
