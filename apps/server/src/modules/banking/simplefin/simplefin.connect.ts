/**
 * Connecting a SimpleFIN Bridge (docs/banking.md): the setup token is claimed once for its
 * Access URL, which is stored encrypted the moment it arrives (a token claims only once, so
 * losing the answer would lose the connection), then the first sync runs at once so the answer
 * can list the accounts. If the Bridge does not answer that sync, the connection is kept and the
 * sync is left to a job that retries with back-off.
 */
import crypto from 'node:crypto';
import {
  SIMPLEFIN_TOKEN_INVALID_DETAIL,
  SIMPLEFIN_TOKEN_USED_DETAIL,
  SIMPLEFIN_UNAVAILABLE_DETAIL,
  type LinkedAccount,
  type SimplefinConnectResponse,
} from '@billow/contracts';
import { ProblemError } from '../../../http/problem';
import type { BankingServiceDeps, SyncReason } from '../banking.service';
import { SimplefinError } from './simplefin-client';

/** When the first sync failed at connect, its job tries again this much later. */
const FIRST_SYNC_RETRY_SECONDS = 60;

export function createSimplefinConnect(
  deps: BankingServiceDeps & {
    syncItem(itemId: string): Promise<void>;
    enqueueSync(itemId: string, reason: SyncReason, tx?: undefined, delay?: number): Promise<void>;
    linkedAccounts(userId: string): Promise<LinkedAccount[]>;
  },
) {
  async function claim(setupToken: string): Promise<string> {
    try {
      return await deps.simplefin.client.claim(setupToken);
    } catch (error) {
      if (!(error instanceof SimplefinError)) throw error;
      if (error.code === 'token-invalid')
        throw new ProblemError('validation', SIMPLEFIN_TOKEN_INVALID_DETAIL, {
          status: 422,
          code: 'setup-token-invalid',
          errors: [
            { field: 'setupToken', message: SIMPLEFIN_TOKEN_INVALID_DETAIL, code: 'invalid' },
          ],
        });
      if (error.code === 'token-used')
        throw new ProblemError('conflict', SIMPLEFIN_TOKEN_USED_DETAIL, {
          code: 'setup-token-used',
        });
      throw new ProblemError('external-service', SIMPLEFIN_UNAVAILABLE_DETAIL, {
        status: 502,
        code: 'bridge-unavailable',
      });
    }
  }

  return async function connectSimplefin(
    userId: string,
    setupToken: string,
  ): Promise<SimplefinConnectResponse> {
    if (!deps.simplefin.isEnabled)
      throw new ProblemError('not-found', 'SimpleFIN Bridge is not offered on this server.', {
        code: 'simplefin-disabled',
      });
    const accessUrl = await claim(setupToken);
    const item = await deps.repo.insertSimplefinItem({
      userId,
      providerItemId: `simplefin:${crypto.randomUUID()}`,
      accessTokenEncrypted: deps.cipher.encrypt(accessUrl),
    });
    try {
      await deps.syncItem(item.id);
    } catch (error) {
      deps.log?.warn(
        { err: error instanceof Error ? { name: error.name, message: error.message } : undefined },
        'the first SimpleFIN sync failed; a job will try again',
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
