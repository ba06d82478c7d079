/**
 * Picks the bank adapter the configuration names. The sandbox bank also brings the routes of its
 * Link dialog and test tools (mounted under /api/dev, so only in sandbox mode). Plaid's SDK is
 * loaded only when Plaid is named.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { BankConfig } from './bank.config';
import type { BankProvider } from './bank-provider';
import { createSandboxBank } from './sandbox/sandbox-bank';
import { registerSandboxBankRoutes, type OwnItemAccess } from './sandbox/sandbox-bank.routes';

export type BankProviderBundle = {
  provider: BankProvider;
  /** Routes for the person running Billow in sandbox mode, given access to a person's own item. */
  devRoutes?: (access: OwnItemAccess) => (app: FastifyInstance) => Promise<void>;
};

export async function createBankProvider(
  config: BankConfig,
  sandbox: { db: Db; clock?: () => Date },
): Promise<BankProviderBundle> {
  if (config.provider === 'plaid') {
    const { createPlaidBankProvider } = await import('./bank-provider.plaid');
    return { provider: createPlaidBankProvider(config) };
  }
  const bank = createSandboxBank(sandbox);
  return {
    provider: bank,
    devRoutes: (access) => (app) => registerSandboxBankRoutes(app, { bank, access }),
  };
}
