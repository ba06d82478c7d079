/**
 * Connecting with a setup token (SimpleFIN Bridge, docs/banking.md): the token is given to its
 * source once for a credential, which is stored encrypted the moment it arrives (a token connects
 * only once, so losing the answer would lose the connection), then the first sync runs at once
 * so the answer can list the accounts. If the source does not answer that sync, the connection is
 * kept and the sync is left to a job that retries with back-off.
 */
import {
  SIMPLEFIN_TOKEN_INVALID_DETAIL,
  SIMPLEFIN_TOKEN_USED_DETAIL,
  SIMPLEFIN_UNAVAILABLE_DETAIL,
  type SimplefinConnectResponse,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { BankProviderError, type BankSource } from '../../providers/bank/bank-provider';
import { linkedAccounts } from './bank-reads';
import type { BankingContext } from './banking.deps';
import { syncItem } from './banking.sync';

/** When the first sync failed at connect, its job tries again this much later. */
const FIRST_SYNC_RETRY_SECONDS = 60;

/** Gives the token to its source for a credential; what the person is told when it cannot. */
async function claim(source: BankSource, setupToken: string) {
  try {
    return await source.connect(setupToken);
  } catch (error) {
    if (!(error instanceof BankProviderError)) throw error;
    if (error.code === 'token-invalid')
      throw new ProblemError('validation', SIMPLEFIN_TOKEN_INVALID_DETAIL, {
        status: 422,
        code: 'setup-token-invalid',
        errors: [{ field: 'setupToken', message: SIMPLEFIN_TOKEN_INVALID_DETAIL, code: 'invalid' }],
      });
    if (error.code === 'link-session-invalid')
      throw new ProblemError('conflict', SIMPLEFIN_TOKEN_USED_DETAIL, {
        code: 'setup-token-used',
      });
    throw new ProblemError('external-service', SIMPLEFIN_UNAVAILABLE_DETAIL, {
      status: 502,
      code: 'bridge-unavailable',
    });
  }
}

export async function connectWithSetupToken(
  ctx: BankingContext,
  userId: string,
  setupToken: string,
): Promise<SimplefinConnectResponse> {
  const source = ctx.sources.find((s) => s.start.kind === 'setup-token');
  if (!source || !ctx.isSetupTokenOffered)
    throw new ProblemError('not-found', 'SimpleFIN Bridge is not offered on this server.', {
      code: 'simplefin-disabled',
    });
  const { credential, connectionId } = await claim(source, setupToken);
  const item = await ctx.db.transaction((tx) =>
    ctx.repo.insertPendingItem(tx, {
      userId,
      providerItemId: connectionId,
      accessTokenEncrypted: ctx.cipher.encrypt(credential),
      source: source.storageKey,
    }),
  );
  try {
    await syncItem(ctx, item.id, 'initial');
  } catch (error) {
    ctx.log?.warn(
      { err: error instanceof Error ? { name: error.name, message: error.message } : undefined },
      'the first sync of a setup-token connection failed; a job will try again',
    );
    await ctx.enqueueSync(item.id, 'initial', undefined, FIRST_SYNC_RETRY_SECONDS);
  }
  const ofItem = new Set((await ctx.repo.accountIdsByProviderId(item.id)).values());
  return {
    status: 'success',
    linkedAccounts: (await linkedAccounts(ctx, userId)).filter((a) => ofItem.has(a.id)),
  };
}
