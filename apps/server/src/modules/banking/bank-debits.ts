/**
 * What the payments module learns of the accounts a plan is paid from (docs/payments.md, "Which
 * accounts can pay"): which account pays, whether a debit may come from it now, and the opaque
 * handle the payment port is given for it. Only the payment adapter ever sees a credential.
 */
import type { DebitCredentials, DebitHandle } from '../../providers/payment/payment-provider';
import type { BankingContext } from './banking.deps';
import type { BankItemRow } from './banking.repo';

/**
 * An account as the payments module sees it: never a credential, only whether a debit can come
 * from it and whether the bank's data is there.
 */
type PaymentAccount = {
  id: string;
  /** An open checking or savings account. */
  isOpenDepository: boolean;
  /** The account's source reads transactions only (SimpleFIN Bridge, a file): it cannot pay. */
  isReadOnlySource: boolean;
  /** The login works, the link is finished and the bank gave a balance: a debit can be decided. */
  isReady: boolean;
};

/** Whether a debit may come from an item's accounts: its source can debit them. */
export const canDebit = (ctx: BankingContext, item: BankItemRow) =>
  ctx.sourceOf(item)?.canDebit === true;

/** The account and its item when a debit may come from it now (not revoked, a debit source). */
async function debitable(ctx: BankingContext, accountId: string) {
  const row = await ctx.repo.accountWithItem(accountId);
  // An item the person revoked is never debited, even with a token that still works.
  if (!row || row.item.status === 'revoked' || !canDebit(ctx, row.item)) return undefined;
  return row;
}

/**
 * The account named (the person's own), else the primary payment account, else the person's
 * first checking, then savings, account that can pay. Undefined when none.
 */
export async function paymentAccountOf(
  ctx: BankingContext,
  userId: string,
  accountId: string | undefined,
): Promise<PaymentAccount | undefined> {
  const rows = await ctx.repo.paymentCandidates(userId, accountId);
  const canPay = (row: (typeof rows)[number]) =>
    canDebit(ctx, row.item) && row.account.isActive && row.account.type === 'depository';
  const found = accountId
    ? rows[0]
    : // A primary account set before its source was known to be read-only is passed over.
      (rows.find((r) => r.account.isPrimaryPaymentAccount && canDebit(ctx, r.item)) ??
      rows.find((r) => canPay(r) && r.account.subtype === 'checking') ??
      rows.find(canPay));
  if (!found) return undefined;
  const { account, item } = found;
  return {
    id: account.id,
    isOpenDepository: account.isActive && account.type === 'depository',
    isReadOnlySource: !canDebit(ctx, item),
    isReady:
      item.status === 'active' &&
      !item.isLinkPending &&
      Boolean(account.providerAccountId) &&
      (account.availableBalanceCents !== null || account.currentBalanceCents !== null),
  };
}

/**
 * The opaque handle payments pass to the payment port for one of Billow's accounts, or undefined
 * when no debit may come from it (removed, revoked, a read-only source).
 */
export async function debitHandleOf(
  ctx: BankingContext,
  accountId: string,
): Promise<DebitHandle | undefined> {
  const row = await debitable(ctx, accountId);
  return row && (row.account.id as DebitHandle);
}

/**
 * What a payment adapter needs for a handle: the composition root hands this to the adapter
 * only, so no other module ever holds a bank credential (docs/payments.md).
 */
export async function debitCredentialsOf(
  ctx: BankingContext,
  handle: DebitHandle,
): Promise<DebitCredentials | undefined> {
  const row = await debitable(ctx, handle);
  return row && { accessToken: ctx.tokenOf(row.item), accountId: row.account.providerAccountId };
}
