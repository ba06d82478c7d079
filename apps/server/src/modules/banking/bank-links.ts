/**
 * Linking a bank through the Link dialog (docs/banking.md): the link token, for a new item or
 * for one that needs the person to log in again, and the link result. A result stores the item
 * (access token encrypted) the moment the public token is exchanged, with its first sync enqueued
 * in the same transaction, and only then reads its institution and accounts. A public token works
 * once, so if anything stops the link after the exchange (a crash, a lost connection), a retry of
 * the same token or that first sync finishes it: no link is lost and no item is left at the bank
 * that Billow cannot revoke. A result for an item Billow has is that item logged in again.
 */
import crypto from 'node:crypto';
import { BANK_ALREADY_LINKED_DETAIL } from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { BankProviderError, type BankLinkKind } from '../../providers/bank/bank-provider';
import type { BankingContext } from './banking.deps';
import type { BankItemRow } from './banking.repo';
import { finishLink } from './banking.sync';
import { notFound } from './bank-accounts';

const hashOf = (publicToken: string) =>
  crypto.createHash('sha256').update(publicToken).digest('hex');

/** Whether an item is a login through the Link dialog (not a setup token's, nor a file). */
const isLinkLogin = (ctx: BankingContext, item: BankItemRow) => ctx.sourceOf(item) === ctx.link;

/**
 * Whether a just-exchanged item is a bank login the person linked already: the same
 * institution with an account of the same name, mask and type (Plaid's duplicate-item check).
 */
async function isAlreadyLinked(
  ctx: BankingContext,
  userId: string,
  accessToken: string,
): Promise<boolean> {
  const linked = await ctx.repo.accountsOf(userId);
  if (linked.length === 0) return false;
  const { institution, accounts } = await ctx.link.listAccounts(accessToken);
  if (!institution?.institutionId) return false;
  const sameKey = (name: string, mask: string | null, type: string) =>
    `${name}\u0001${mask ?? ''}\u0001${type}`;
  const known = new Set(
    linked
      .filter(({ item }) => item.institutionId === institution.institutionId)
      .map(({ account }) => sameKey(account.name, account.mask, account.type)),
  );
  return accounts.some((account) => known.has(sameKey(account.name, account.mask, account.type)));
}

export async function createLinkToken(
  ctx: BankingContext,
  userId: string,
): Promise<{ linkToken: string; linkProvider: BankLinkKind }> {
  const items = await ctx.repo.itemsOf(userId);
  // A revoked item cannot be repaired in update mode: the person links the bank anew.
  const needsRepair = items.find(
    (item) => isLinkLogin(ctx, item) && item.status !== 'active' && item.status !== 'revoked',
  );
  const { linkToken } = await ctx.link.start.createLinkToken({
    clientUserRef: ctx.clientUserRef(userId),
    ...(needsRepair ? { accessToken: ctx.tokenOf(needsRepair) } : {}),
  });
  return { linkToken, linkProvider: ctx.link.start.dialog };
}

/**
 * A link token for the bank of an account Billow debits, in Link's update mode, when the bank
 * needs the person before a debit can be authorized (docs/payments.md): consent to debits on an
 * item linked without it, or the action Plaid asks for one authorization. Undefined when the
 * account is not the person's or not at a Link provider.
 */
export async function createPaymentLinkToken(
  ctx: BankingContext,
  userId: string,
  accountId: string,
  need: { transferAuthorizationId: string } | { isTransferConsent: true },
): Promise<{ linkToken: string; linkProvider: BankLinkKind } | undefined> {
  const account = await ctx.repo.accountOf(userId, accountId);
  const item = account && (await ctx.repo.item(account.itemId));
  if (!item || item.userId !== userId || !isLinkLogin(ctx, item)) return undefined;
  const { linkToken } = await ctx.link.start.createLinkToken({
    clientUserRef: ctx.clientUserRef(userId),
    accessToken: ctx.tokenOf(item),
    ...need,
  });
  return { linkToken, linkProvider: ctx.link.start.dialog };
}

export async function completeLink(
  ctx: BankingContext,
  userId: string,
  publicToken: string,
): Promise<{ status: 'success' }> {
  const { link } = ctx;
  const publicTokenHash = hashOf(publicToken);
  let exchanged;
  try {
    exchanged = await link.connect(publicToken);
  } catch (error) {
    if (error instanceof BankProviderError) {
      // A public token exchanges once. If this one already did, for this person, this is a
      // retry of a link whose answer never arrived: finish that link.
      const stored = await ctx.repo.itemByLinkToken(userId, publicTokenHash);
      if (stored) {
        await finishLink(ctx, stored);
        return { status: 'success' };
      }
      throw new ProblemError(
        'bad-request',
        'This link session is no longer valid. Please link your account again.',
        { code: 'link-session-invalid' },
      );
    }
    throw error;
  }
  const accessTokenEncrypted = ctx.cipher.encrypt(exchanged.credential);
  const existing = await ctx.repo.itemByProviderId(exchanged.connectionId);
  if (existing) {
    if (existing.userId !== userId)
      throw new ProblemError('forbidden', 'This bank login belongs to another account.', {
        code: 'bank-login-taken',
      });
    // Update mode: the same item, logged in again.
    await ctx.repo.updateItem(existing.id, {
      accessTokenEncrypted,
      linkPublicTokenHash: publicTokenHash,
      status: 'active',
    });
    await ctx.repo.refreshUpdateRequired(userId);
    await ctx.enqueueSync(existing.id, 'repair');
    return { status: 'success' };
  }
  if (await isAlreadyLinked(ctx, userId, exchanged.credential)) {
    // Plaid's duplicate item: keep the first, and let the bank forget the second.
    await link.disconnect(exchanged.credential).catch((removeError: unknown) => {
      ctx.log?.warn({ err: removeError }, 'could not revoke a duplicate item');
    });
    throw new ProblemError('conflict', BANK_ALREADY_LINKED_DETAIL, {
      code: 'bank-already-linked',
    });
  }
  let item: BankItemRow;
  try {
    item = await ctx.db.transaction(async (tx) => {
      const pending = await ctx.repo.insertPendingItem(tx, {
        userId,
        providerItemId: exchanged.connectionId,
        accessTokenEncrypted,
        linkPublicTokenHash: publicTokenHash,
        source: link.storageKey,
      });
      await ctx.enqueueSync(pending.id, 'initial', tx);
      return pending;
    });
  } catch (error) {
    // Nothing of this link could be kept: let the bank forget it too rather than orphan it.
    await link.disconnect(exchanged.credential).catch((removeError: unknown) => {
      ctx.log?.warn({ err: removeError }, 'could not revoke an item that was not stored');
    });
    throw error;
  }
  await finishLink(ctx, item);
  return { status: 'success' };
}

/**
 * The access token of one of the person's own items, found by one of its accounts; for the
 * sandbox bank's test tools, which act at the bank on that item.
 */
export async function ownItemAccessToken(
  ctx: BankingContext,
  userId: string,
  financialAccountId: string,
): Promise<string> {
  const account = await ctx.repo.accountOf(userId, financialAccountId);
  const item = account && (await ctx.repo.item(account.itemId));
  if (!item || !isLinkLogin(ctx, item)) throw notFound();
  return ctx.tokenOf(item);
}
