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
  type LinkedAccount,
  type SimplefinConnectResponse,
} from '@billow/contracts';
import { ProblemError } from '../../http/problem';
import { BankProviderError, type BankSource } from '../../providers/bank/bank-provider';
import type { BankingServiceDeps, SyncReason } from './banking.service';

/** When the first sync failed at connect, its job tries again this much later. */
const FIRST_SYNC_RETRY_SECONDS = 60;

export function createSetupTokenConnect(
  deps: BankingServiceDeps & {
    source: BankSource | undefined;
    syncItem(itemId: string): Promise<void>;
    enqueueSync(itemId: string, reason: SyncReason, tx?: undefined, delay?: number): Promise<void>;
    linkedAccounts(userId: string): Promise<LinkedAccount[]>;
  },
) {
  async function connect(source: BankSource, setupToken: string) {
    try {
      return await source.connect(setupToken);
    } catch (error) {
      if (!(error instanceof BankProviderError)) throw error;
      if (error.code === 'token-invalid')
        throw new ProblemError('validation', SIMPLEFIN_TOKEN_INVALID_DETAIL, {
          status: 422,
          code: 'setup-token-invalid',
          errors: [
            { field: 'setupToken', message: SIMPLEFIN_TOKEN_INVALID_DETAIL, code: 'invalid' },
          ],
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

  return async function connectWithSetupToken(
    userId: string,
    setupToken: string,
  ): Promise<SimplefinConnectResponse> {
    const { source } = deps;
    if (!source || !deps.isSetupTokenOffered)
      throw new ProblemError('not-found', 'SimpleFIN Bridge is not offered on this server.', {
        code: 'simplefin-disabled',
      });
    const { credential, connectionId } = await connect(source, setupToken);
    const item = await deps.db.transaction((tx) =>
      deps.repo.insertPendingItem(tx, {
        userId,
        providerItemId: connectionId,
        accessTokenEncrypted: deps.cipher.encrypt(credential),
        source: source.storageKey,
      }),
    );
    try {
      await deps.syncItem(item.id);
    } catch (error) {
      deps.log?.warn(
        { err: error instanceof Error ? { name: error.name, message: error.message } : undefined },
        'the first sync of a setup-token connection failed; a job will try again',
      );
      await deps.enqueueSync(item.id, 'initial', undefined, FIRST_SYNC_RETRY_SECONDS);
    }
    const ofItem = new Set((await deps.repo.accountIdsByProviderId(item.id)).values());
    return {
      status: 'success',
      linkedAccounts: (await deps.linkedAccounts(userId)).filter((a) => ofItem.has(a.id)),
    };
  };
}
