/**
 * `npm run payments:receivables`: what people owe Billow for debits their bank returned after
 * the gift card's code was shown (docs/payments.md), oldest first. `npm run payments:receivables
 * -- settle <id>` marks one settled once the money is in: that person may pay for plans again.
 * With the embedded database, stop Billow first (one process at a time opens it).
 */
import { centsToDollars, formatDollars } from '@billow/contracts';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateDatabase } from '../db/migrate';
import { createPaymentsRepo } from '../modules/payments/payments.repo';

async function main() {
  const [command, id] = process.argv.slice(2);
  if ((command && command !== 'settle') || (command === 'settle' && !id)) {
    process.stderr.write('Usage: npm run payments:receivables [-- settle <receivable id>]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 2,
  });
  try {
    await migrateDatabase(database);
    const repo = createPaymentsRepo(database.db);
    if (command === 'settle') {
      const settled = await repo.settleReceivable(id!, new Date());
      process.stdout.write(settled ? `Settled ${id}.\n` : `No open receivable ${id}.\n`);
      if (!settled) process.exitCode = 1;
      return;
    }
    const open = await repo.allOpenReceivables();
    if (open.length === 0) process.stdout.write('Nothing is owed.\n');
    for (const r of open) {
      process.stdout.write(
        `${r.id}  ${formatDollars(centsToDollars(r.amountCents))}  returned ${r.returnedAt.toISOString().slice(0, 10)}  ${r.reason}\n`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
