/** Bank linking and syncing: the banking service over the configured bank sources. */
import type { Config } from '../../config';
import type { Database, Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { BankProviderBundle } from '../../providers/bank/bank-provider.factory';
import type { FieldCipher } from '../../security/encryption';
import { hmac } from '../../security/hashing';
import type { FeatureModule } from '../feature-module';
import { createImportedAccounts } from './banking.imported';
import { bankingJobHandlers } from './banking.jobs';
import { createBankingRepo, type SetUpdateRequired } from './banking.repo';
import { createPublishedBanking } from './banking.published';
import { registerBankingRoutes } from './banking.routes';
import { createBankingService } from './banking.service';

export function createBankingModule(deps: {
  db: Db;
  bank: BankProviderBundle;
  cipher: FieldCipher;
  jobs: JobQueue<AppJobMap>;
  /** Keys the opaque per-person reference the provider sees instead of the user id. */
  authSecret: Uint8Array;
  /** The users module's (read when used): the profile's "Account Update Required" flag. */
  users: () => { setBankUpdateRequired: SetUpdateRequired };
  /** Which engine holds the data (the embedded one is used by one process only). */
  database: Pick<Database, 'kind'>;
  /** Whether connecting with a setup token (SimpleFIN Bridge, docs/banking.md) is offered. */
  config: Pick<Config, 'simplefinEnabled'>;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const { sources, devRoutes } = deps.bank;
  const repo = createBankingRepo(deps.db, (...a) => deps.users().setBankUpdateRequired(...a));
  const service = createBankingService({
    db: deps.db,
    repo,
    sources,
    cipher: deps.cipher,
    jobs: deps.jobs,
    isSetupTokenOffered: deps.config.simplefinEnabled,
    clientUserRef: (userId) => hmac(deps.authSecret, `client-user:${userId}`).slice(0, 32),
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  for (const source of sources)
    source.events?.subscribe?.((webhook) => service.handleWebhook(webhook));
  return {
    service,
    /** For tests that inject a fault between two of the service's steps. */
    repo,
    /** The Link-dialog bank's API, for tests that make the sandbox bank misbehave. */
    bank: deps.bank.provider,
    routes: (app) => registerBankingRoutes(app, { banking: service, sources }),
    ...(devRoutes ? { devRoutes: devRoutes(service.ownItemAccessToken) } : {}),
    jobs: bankingJobHandlers(service),
    async beforeWorkers() {
      // On the embedded database this is the only process: a lease left behind is a dead one's.
      if (deps.database.kind === 'pglite') await service.releaseSyncLeases();
    },
    forget: ({ userId }) => service.revokeAll(userId),
    /** What other modules may read of these rows (never a credential). */
    published: {
      ...createPublishedBanking(deps.db),
      /** The person's linked accounts, as the profile and sign-in show them. */
      linkedAccounts: service.linkedAccounts,
      /** The same, inside the reader's own statement (the profile's, read on every page load). */
      linkedAccountsColumn: service.linkedAccountsColumn,
      /** Stops counting an imported account that is a linked one again (docs/banking.md). */
      recogniseSameAccounts: service.recogniseSameAccounts,
      // What payments learn of the account a plan is paid from (docs/payments.md).
      paymentAccountOf: service.paymentAccountOf,
      debitHandleOf: service.debitHandleOf,
      bankLinkFor: service.createPaymentLinkToken,
      /** The imported accounts and their transactions, for the imports module. */
      imported: createImportedAccounts(deps.db),
    },
    exportRows: repo.exportRows,
  } satisfies FeatureModule & {
    service: unknown;
    repo: unknown;
    published: unknown;
    bank: unknown;
  };
}
