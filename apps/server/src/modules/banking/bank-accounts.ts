/**
 * What a person changes of their accounts (docs/banking.md): the primary payment account,
 * removing an account (and its connection with its last account), forgetting every connection
 * when they leave, and no longer counting an account that is another one again.
 */
import { PRIMARY_CANNOT_PAY_DETAIL } from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { canDebit } from './bank-debits';
import type { BankingContext } from './banking.deps';
import type { BankItemRow } from './banking.repo';
import { recogniseSameAccounts as recogniseSame } from './banking.same-account';

export const notFound = () =>
  new ProblemError('not-found', 'This account was not found.', { code: 'account-not-found' });

/** Asks an item's source to forget it; a failure is only logged (Billow forgot it already). */
async function disconnect(ctx: BankingContext, item: BankItemRow) {
  await ctx
    .sourceOf(item)
    ?.disconnect(ctx.tokenOf(item))
    .catch((error: unknown) => {
      ctx.log?.warn({ err: error, itemId: item.id }, 'could not revoke the item at its source');
    });
}

export async function setPrimaryPaymentAccount(
  ctx: BankingContext,
  userId: string,
  accountId: string,
) {
  const account = await ctx.repo.accountOf(userId, accountId);
  if (!account) throw notFound();
  if (!account.isActive || account.type !== 'depository') {
    throw new ProblemError(
      'bad-request',
      'Only an active checking or savings account can be the primary payment account.',
      { code: 'account-not-eligible' },
    );
  }
  const item = await ctx.repo.item(account.itemId);
  // The primary account is where payments come from (docs/payments.md).
  if (!item || !canDebit(ctx, item))
    throw new ProblemError('bad-request', PRIMARY_CANNOT_PAY_DETAIL, {
      code: 'account-cannot-pay',
    });
  await ctx.repo.setPrimary(userId, accountId);
  return { success: true as const };
}

export async function deleteFinancialAccount(
  ctx: BankingContext,
  userId: string,
  accountId: string,
) {
  const account = await ctx.repo.accountOf(userId, accountId);
  if (!account) throw notFound();
  // Accounts recognised as this one are counted again, read anew from their source.
  const sameItems = await ctx.repo.itemsSameAs(account.id);
  const { isItemEmpty } = await ctx.repo.deleteAccount(account);
  for (const itemId of sameItems) {
    await ctx.repo.updateItem(itemId, { cursor: null, lastSyncedAt: null });
    await ctx.enqueueSync(itemId, 'repair');
  }
  if (isItemEmpty) {
    const item = await ctx.repo.item(account.itemId);
    if (item) {
      await ctx.repo.deleteItem(item.id);
      await ctx.repo.refreshUpdateRequired(userId);
      // The connection is gone on our side either way; its source forgets it too where it can
      // (an imported file was never at one).
      await disconnect(ctx, item);
    }
  }
  return { success: true as const };
}

/** Revokes every item of a person at its source (their account is being deleted). */
export async function revokeAll(ctx: BankingContext, userId: string) {
  for (const item of await ctx.repo.itemsOf(userId)) await disconnect(ctx, item);
}

/**
 * Stops counting the person's accounts that are another one again (after a file import);
 * detection runs again when that took transactions away.
 */
export async function recogniseSameAccounts(ctx: BankingContext, userId: string) {
  if (await recogniseSame(ctx.repo, userId, ctx.now()))
    await ctx.jobs.send('subscriptions-detect', { userId }, { singletonKey: userId });
}
