/** Importing transactions from a bank's CSV or OFX export into an "imported" account (issue 20). */
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { FeatureModule } from '../feature-module';
import { createImportFileReader } from './import-file-reader';
import { createImportQuota } from './import-quota';
import { createImportsRepo } from './imports.repo';
import { registerImportRoutes } from './imports.routes';
import { createImportsService } from './imports.service';

export function createImportsModule(deps: {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  /** Characters of files one person may have read an hour (IMPORT_CHARS_PER_HOUR). */
  charsPerHour: number;
  /** Banking's: stops counting an imported account that is a linked one again (docs/banking.md). */
  afterImport?: (userId: string) => Promise<void>;
  clock?: () => Date;
}) {
  const reader = createImportFileReader();
  const service = createImportsService({
    db: deps.db,
    repo: createImportsRepo(deps.db),
    jobs: deps.jobs,
    reader,
    quota: createImportQuota({
      db: deps.db,
      charsPerHour: deps.charsPerHour,
      now: deps.clock ?? (() => new Date()),
    }),
    ...(deps.afterImport ? { afterImport: deps.afterImport } : {}),
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  return {
    service,
    routes: async (app) => {
      app.addHook('onClose', () => reader.close());
      await registerImportRoutes(app, { imports: service });
    },
  } satisfies FeatureModule & { service: unknown };
}
