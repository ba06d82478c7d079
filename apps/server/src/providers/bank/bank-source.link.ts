/**
 * A Link-dialog bank (Plaid, or the sandbox bank standing in for it) as a bank source: the start
 * step is Link's dialog, connecting exchanges its public token, and transactions are read by
 * Plaid's cursor (https://plaid.com/docs/api/products/transactions/#transactionssync). Accounts
 * linked this way can be debited (Plaid Transfer, or the sandbox ledger).
 */
import type { BankProvider, BankSource } from './bank-provider';

export function linkBankSource(provider: BankProvider): BankSource {
  return {
    kind: provider.linkKind,
    storageKey: 'provider',
    canDebit: true,
    start: {
      kind: 'link-dialog',
      dialog: provider.linkKind,
      webOrigins: provider.webOrigins,
      createLinkToken: (request) => provider.createLinkToken(request),
    },
    async connect(publicToken) {
      const { accessToken, itemId } = await provider.exchangePublicToken(publicToken);
      return { credential: accessToken, connectionId: itemId };
    },
    async listAccounts(accessToken) {
      const [{ institution }, accounts] = await Promise.all([
        provider.getItem(accessToken),
        provider.getAccounts(accessToken),
      ]);
      return { institution, accounts };
    },
    fetchTransactions: (accessToken, since) => provider.syncTransactions(accessToken, since.cursor),
    disconnect: (accessToken) => provider.removeItem(accessToken),
    events: {
      parse: (rawBody, headers) => provider.parseWebhook(rawBody, headers),
      ...(provider.onWebhook ? { subscribe: (listener) => provider.onWebhook!(listener) } : {}),
    },
  };
}
