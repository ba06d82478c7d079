/**
 * A feature module as the composition (deps.ts) sees it. Each module builds its own repo and
 * service from only what it needs and hands back what the app and the workers use: the routes it
 * mounts, the handlers of the jobs it declares, and how it forgets a person who deletes their
 * account. Modules never reach into each other: a module that needs another's answer gets a
 * function for it, and reacts to another module's change through an event
 * (events/domain-events.ts). The few that serve every other module (a person's deletion, the
 * call vendor's webhook, the ledger check) are given the list of modules and read these hooks.
 */
import type { FastifyInstance } from 'fastify';
import type { AppJobMap } from '../jobs/job-payloads';
import type { JobHandlers } from '../jobs/job-map';
import type { CallEvent } from '../providers/call-agent/call-agent';
import type { LedgerFigures } from './ledgers/ledgers.service';

/** Who is being forgotten: the account and the contact details kept outside its own rows. */
export type Person = { userId: string; phoneNumber: string; email: string | null };

export type FeatureModule = {
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Routes for the person running Billow in sandbox mode, under /api/dev (never in production). */
  devRoutes?: (app: FastifyInstance) => Promise<void>;
  jobs?: Partial<JobHandlers<AppJobMap>>;
  /** Runs once in a process that works jobs, before its workers start (e.g. to clear leftovers). */
  beforeWorkers?: () => Promise<void>;
  /** Removes what the module keeps about a person whose account is being deleted. */
  forget?: (person: Person) => Promise<void>;
  /**
   * What the module keeps about a person, for their data export: named columns only, so a secret
   * (an access token, a card number) cannot reach the export, today or after a column is added.
   */
  exportRows?: (userId: string) => Promise<object>;
  /** What the module does with the call vendor's events (a module that places calls). */
  onCallEvents?: (events: CallEvent[]) => Promise<void>;
  /** The module's part of what the nightly ledger check reads (a module that owns money rows). */
  ledgerFigures?: Partial<LedgerFigures>;
};
