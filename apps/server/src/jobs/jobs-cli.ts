/**
 * `npm run jobs`: the job queues at a glance, for the person running Billow. With the embedded
 * database it reads the data folder, so stop Billow first (the embedded database has one
 * process); with DATABASE_URL it reads the server while Billow runs.
 */
import { loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { formatQueueFigures, readQueueFigures } from './queue-figures';
import { readLedgerCheck } from './ledger-check-figures';
import { formatLedgerCheck } from '../modules/ledgers/ledgers.service';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: 2,
}).catch((error: unknown) => {
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(
    `Billow is running on ${error.dataDir} (process ${error.pid}), and the embedded database ` +
      `has one process, so the jobs cannot be read beside it.\n` +
      `- Its log prints these figures every five minutes ("job queue figures").\n` +
      `- Or stop Billow (Ctrl+C) and run \`npm run jobs\` again.\n` +
      `- To read them while it runs, run Billow on a PostgreSQL server (DATABASE_URL).\n`,
  );
  process.exit(1);
});
try {
  const { rows } = await database.executeSql(`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
  if (!rows[0]?.ok) {
    process.stdout.write('No jobs yet: Billow has not started on this database.\n');
  } else {
    const figures = await readQueueFigures(database);
    // The nightly reconciliation's latest run: what broke in the money ledgers (docs/savings.md).
    const ledgers = await readLedgerCheck(database);
    process.stdout.write(
      process.argv.includes('--json')
        ? `${JSON.stringify({ ...figures, ledgers: ledgers ?? null }, null, 2)}\n`
        : `${formatQueueFigures(figures)}\n\n${formatLedgerCheck(ledgers)}\n`,
    );
  }
} finally {
  await database.close();
}
