/**
 * Picks the bank adapters the configuration names: the Link-dialog bank (Plaid or the sandbox
 * bank) and SimpleFIN Bridge, each as a bank source. The sandbox bank also brings the routes of
 * its Link dialog and test tools (mounted under /api/dev, so only in sandbox mode). Plaid's SDK
 * is loaded only when Plaid is named.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { BankConfig } from './bank.config';
import type { BankProvider, BankSource } from './bank-provider';
import { linkBankSource } from './bank-source.link';
import { createSandboxBank } from './sandbox/sandbox-bank';
import { registerSandboxBankRoutes, type OwnItemAccess } from './sandbox/sandbox-bank.routes';
import { createSimplefinBankSource } from './simplefin/bank-source.simplefin';
import { createSimplefinClient } from './simplefin/simplefin-client';

export type BankProviderBundle = {
  /** The Link-dialog bank's API (the sandbox payment ledger reads its balances). */
  provider: BankProvider;
  /** Every source a connection can come from; core finds an item's by its storage key. */
  sources: BankSource[];
  /** Routes for the person running Billow in sandbox mode, given access to a person's own item. */
  devRoutes?: (access: OwnItemAccess) => (app: FastifyInstance) => Promise<void>;
};

export async function createBankProvider(
  config: BankConfig,
  deps: {
    db: Db;
    clock?: () => Date;
    /** Whether a SimpleFIN claim URL may be plain http on this machine (sandbox mode, tests). */
    allowLoopbackHttp: boolean;
  },
): Promise<BankProviderBundle> {
  const simplefin = createSimplefinBankSource(
    createSimplefinClient({ allowLoopbackHttp: deps.allowLoopbackHttp }),
  );
  if (config.provider === 'plaid') {
    const { createPlaidBankProvider } = await import('./bank-provider.plaid');
    const provider = createPlaidBankProvider(config);
    return { provider, sources: [linkBankSource(provider), simplefin] };
  }
  const bank = createSandboxBank({ db: deps.db, ...(deps.clock ? { clock: deps.clock } : {}) });
  return {
    provider: bank,
    sources: [linkBankSource(bank), simplefin],
    devRoutes: (access) => (app) => registerSandboxBankRoutes(app, { bank, access }),
  };
}

/** Origins the web app may load from, beyond its own, for the bank sources' web parts. */
export function webOriginsOf(bank: BankProviderBundle): string[] {
  return bank.sources.flatMap((source) =>
    source.start.kind === 'link-dialog' ? source.start.webOrigins : [],
  );
}
