/** Importing transactions from a bank's CSV or OFX export into an "imported" account (issue 20). */
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { ImportedAccounts } from '../banking/banking.imported';
import type { FeatureModule } from '../feature-module';
import { createImportFileReader } from './import-file-reader';
import { createImportQuota } from './import-quota';
import { registerImportRoutes } from './imports.routes';
import { createImportsService } from './imports.service';

export function createImportsModule(deps: {
  db: Db;
  jobs: JobQueue<AppJobMap>;
  banking: {
    /** The imported accounts, and the transactions an import adds to them. */
    imported: ImportedAccounts;
    /** Stops counting an imported account that is a linked one again (docs/banking.md). */
    recogniseSameAccounts: (userId: string) => Promise<void>;
  };
  /** Characters of files one person may have read an hour (IMPORT_CHARS_PER_HOUR). */
  config: Pick<Config, 'importCharsPerHour'>;
  clock?: () => Date;
}) {
  const reader = createImportFileReader();
  const service = createImportsService({
    db: deps.db,
    accounts: deps.banking.imported,
    jobs: deps.jobs,
    reader,
    quota: createImportQuota({
      db: deps.db,
      charsPerHour: deps.config.importCharsPerHour,
      now: deps.clock ?? (() => new Date()),
    }),
    afterImport: deps.banking.recogniseSameAccounts,
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
