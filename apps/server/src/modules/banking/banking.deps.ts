/** What the banking service is given, and what each of its paths sees of it (its context). */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { BankSource, ConnectStart } from '../../providers/bank/bank-provider';
import type { FieldCipher } from '../../security/encryption';
import type { BankingRepo, BankItemRow } from './banking.repo';
import type { syncEnqueuer } from './banking.sync';

export type SyncReason = 'initial' | 'webhook' | 'daily' | 'repair';

export type BankingServiceDeps = {
  db: Db;
  repo: BankingRepo;
  /** Every source a connection can come from: one opened in a Link dialog, maybe others. */
  sources: BankSource[];
  cipher: FieldCipher;
  /** An opaque per-user reference for the provider (never the user id itself). */
  clientUserRef: (userId: string) => string;
  /** Syncs run as jobs; after each, detection runs as a job of its own (subscriptions-detect). */
  jobs: JobQueue<AppJobMap>;
  /** Whether connecting with a setup token (SimpleFIN Bridge) is offered; its items are read anyway. */
  isSetupTokenOffered: boolean;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
};

/** The source new links and repairs go through: the one whose connections start in a Link dialog. */
export type LinkDialogSource = BankSource & {
  start: Extract<ConnectStart, { kind: 'link-dialog' }>;
};

/** The source an item's connection is at; undefined for a file the person imported. */
export type SourceOf = (
  item: Pick<BankItemRow, 'importSource' | 'source'>,
) => BankSource | undefined;

/**
 * A banking path's view of the service: its deps, its clock, the Link-dialog source, how to find
 * an item's source and read its credential, and how to queue a sync.
 */
export type BankingContext = BankingServiceDeps & {
  now: () => Date;
  link: LinkDialogSource;
  sourceOf: SourceOf;
  /** The item's credential at its source, decrypted. */
  tokenOf: (item: BankItemRow) => string;
  enqueueSync: ReturnType<typeof syncEnqueuer>;
};
