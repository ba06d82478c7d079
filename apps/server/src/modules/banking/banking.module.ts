/** Bank linking and syncing: the banking service over the configured bank provider. */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/catalog';
import type { JobQueue } from '../../jobs/job-system';
import type { BankProviderBundle } from '../../providers/bank/bank-provider.factory';
import type { FieldCipher } from '../../security/encryption';
import { hmac } from '../../security/hashing';
import type { FeatureModule } from '../feature-module';
import { bankingJobHandlers } from './banking.jobs';
import { createBankingRepo } from './banking.repo';
import { createPublishedBanking } from './banking.published';
import { registerBankingRoutes } from './banking.routes';
import { createBankingService } from './banking.service';
import { createSimplefinClient } from './simplefin/simplefin-client';

export function createBankingModule(deps: {
  db: Db;
  bank: BankProviderBundle;
  cipher: FieldCipher;
  jobs: JobQueue<AppJobMap>;
  /** Keys the opaque per-person reference the provider sees instead of the user id. */
  referenceKey: Uint8Array;
  /** True when no other process can be syncing (the embedded database): leases left are stale. */
  isSoleProcess: boolean;
  /**
   * SimpleFIN Bridge (docs/banking.md): whether it is offered, and whether a claim URL may be
   * plain http on this machine (sandbox mode, for a local Bridge in tests).
   */
  simplefin: { isEnabled: boolean; allowLoopbackHttp: boolean };
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const { provider, devRoutes } = deps.bank;
  const repo = createBankingRepo(deps.db);
  const service = createBankingService({
    db: deps.db,
    repo,
    provider,
    cipher: deps.cipher,
    jobs: deps.jobs,
    simplefin: {
      isEnabled: deps.simplefin.isEnabled,
      client: createSimplefinClient({ allowLoopbackHttp: deps.simplefin.allowLoopbackHttp }),
    },
    clientUserRef: (userId) => hmac(deps.referenceKey, `client-user:${userId}`).slice(0, 32),
    ...(deps.clock ? { clock: deps.clock } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  provider.onWebhook?.((webhook) => service.handleWebhook(webhook));
  return {
    service,
    /** For tests that inject a fault between two of the service's steps. */
    repo,
    routes: (app) => registerBankingRoutes(app, { banking: service, provider }),
    ...(devRoutes ? { devRoutes: devRoutes(service.ownItemAccessToken) } : {}),
    jobs: bankingJobHandlers(service),
    async beforeWorkers() {
      // A lease left behind on the embedded database is a dead process's.
      if (deps.isSoleProcess) await service.releaseSyncLeases();
    },
    forget: ({ userId }) => service.revokeAll(userId),
    /** What other modules may read of these rows (never a credential). */
    published: createPublishedBanking(deps.db),
    exportRows: repo.exportRows,
  } satisfies FeatureModule & { service: unknown; repo: unknown; published: unknown };
}
