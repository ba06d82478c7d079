/**
 * Bank linking and syncing, the same for every bank source: it speaks only the BankSource port
 * (docs/banking.md), and finds an item's source by where it is stored.
 * - Linking through the Link dialog, and logging in again, is in bank-links.ts; connecting with
 *   a setup token in banking.setup-token.ts.
 * - Syncing (one at a time per item, all pages then one transaction) is in banking.sync.ts, and
 *   what queues a sync besides a link (webhooks, the daily re-sync) in bank-sync-triggers.ts.
 * - What a person changes of their accounts is in bank-accounts.ts, what their screens read in
 *   bank-reads.ts, and what payments learn of the account a plan is paid from in bank-debits.ts.
 */
import { bindContext } from '../../bind-context';
import type { BankSource } from '../../providers/bank/bank-provider';
import {
  deleteFinancialAccount,
  recogniseSameAccounts,
  revokeAll,
  setPrimaryPaymentAccount,
} from './bank-accounts';
import { debitCredentialsOf, debitHandleOf, paymentAccountOf } from './bank-debits';
import {
  completeLink,
  createLinkToken,
  createPaymentLinkToken,
  ownItemAccessToken,
} from './bank-links';
import { linkedAccounts, linkedAccountsColumn, transactionLoadStatus } from './bank-reads';
import { enqueueDailySync, handleWebhook } from './bank-sync-triggers';
import type { BankingContext, BankingServiceDeps, LinkDialogSource } from './banking.deps';
import { connectWithSetupToken } from './banking.setup-token';
import { releaseSyncLeases, syncEnqueuer, syncItem } from './banking.sync';

const opensLinkDialog = (source: BankSource): source is LinkDialogSource =>
  source.start.kind === 'link-dialog';

/**
 * The service: each path is a plain function of the service's context (its deps, its clock, the
 * Link-dialog source, an item's source and credential, how to queue a sync), bound here.
 */
export function createBankingService(deps: BankingServiceDeps) {
  const link = deps.sources.find(opensLinkDialog);
  if (!link) throw new Error('no bank source opens a Link dialog');
  const ctx: BankingContext = {
    ...deps,
    now: deps.clock ?? (() => new Date()),
    link,
    sourceOf: (item) =>
      item.importSource === null
        ? deps.sources.find((source) => source.storageKey === item.source)
        : undefined,
    tokenOf: (item) => deps.cipher.decrypt(item.accessTokenEncrypted),
    enqueueSync: syncEnqueuer(deps.jobs),
  };
  const bind = bindContext(ctx);
  return {
    linkedAccounts: bind(linkedAccounts),
    linkedAccountsColumn: linkedAccountsColumn(ctx),
    connectWithSetupToken: bind(connectWithSetupToken),
    paymentAccountOf: bind(paymentAccountOf),
    debitHandleOf: bind(debitHandleOf),
    debitCredentialsOf: bind(debitCredentialsOf),
    isSetupTokenOffered:
      deps.isSetupTokenOffered && deps.sources.some((s) => s.start.kind === 'setup-token'),
    createLinkToken: bind(createLinkToken),
    createPaymentLinkToken: bind(createPaymentLinkToken),
    completeLink: bind(completeLink),
    transactionLoadStatus: bind(transactionLoadStatus),
    setPrimaryPaymentAccount: bind(setPrimaryPaymentAccount),
    deleteFinancialAccount: bind(deleteFinancialAccount),
    ownItemAccessToken: bind(ownItemAccessToken),
    revokeAll: bind(revokeAll),
    recogniseSameAccounts: bind(recogniseSameAccounts),
    syncItem: bind(syncItem),
    releaseSyncLeases: bind(releaseSyncLeases),
    handleWebhook: bind(handleWebhook),
    enqueueDailySync: bind(enqueueDailySync),
  };
}

export type BankingService = ReturnType<typeof createBankingService>;
