/**
 * Importing a bank's export file: a preview (the layout Billow recognised, its mapping, the first
 * rows read with it) and the import itself, which is all or nothing — one row it cannot read and
 * nothing is imported, the problem naming that row. Each transaction's id is a hash of its
 * account, date, amount, description and how many identical ones came before it in the file, so
 * importing the same file (or an overlapping export) again adds only what is new. An OFX file
 * with statements of several accounts imports each into its own account. Billow shows dollars
 * only, so a statement in another currency is refused before anything is written (its amounts
 * would otherwise show as that many dollars). Detection then runs as after a bank sync.
 */
import crypto from 'node:crypto';
import {
  dollarsToCents,
  IMPORT_PREVIEW_ROWS,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
  type ImportRowError,
  type ImportedTransaction,
} from '@billow/contracts';
import type { Db } from '../../db/database';
import { ProblemError } from '../../http/problem';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import { ImportUnreadableError, readImportFile, type ImportFile } from './import-file';
import type { ImportFileReader } from './import-file-reader';
import type { ImportQuota } from './import-quota';
import type { ImportedAccounts, ImportRow } from '../banking/banking.imported';

export type ImportInput = {
  fileName: string;
  fileText: string;
  mapping?: ImportMapping | undefined;
};

/** How many unreadable rows a 422 lists (the detail names the first). */
const LISTED_ERRORS = 20;

function unreadable(detail: string): ProblemError {
  return new ProblemError('validation', detail, { status: 422, code: 'import-file-unreadable' });
}

async function read(reader: ImportFileReader, input: ImportInput): Promise<ImportFile> {
  try {
    return await reader.read(input);
  } catch (error) {
    if (error instanceof ImportUnreadableError)
      throw unreadable(error.row === null ? error.message : `Row ${error.row}: ${error.message}`);
    throw error;
  }
}

/** Reads on this thread: for tests and callers that bring no reader. */
const readHere: ImportFileReader = {
  read: async (input) => readImportFile(input),
  close: async () => undefined,
};

/** Refuses a file with a statement Billow cannot show in US dollars, naming its currency. */
function refuseOtherCurrencies(file: ImportFile) {
  const other = file.accounts.find((account) => account.currency !== 'USD');
  if (!other) return;
  const whose = file.accounts.length > 1 ? ` for ${other.accountName}` : '';
  throw new ProblemError(
    'validation',
    `This file holds a statement in ${other.currency}${whose}. Billow shows amounts in US dollars (USD) only, so nothing was imported.`,
    { status: 422, code: 'import-currency-unsupported' },
  );
}

const rowName = (file: ImportFile, row: number) =>
  file.format === 'ofx' ? `Transaction ${row}` : `Row ${row}`;

function rowsInvalid(file: ImportFile, errors: ImportRowError[]): ProblemError {
  const [first] = errors;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more rows)` : '';
  return new ProblemError(
    'validation',
    `${rowName(file, first!.row)}: ${first!.message}${more} Nothing was imported.`,
    {
      status: 422,
      code: 'import-row-invalid',
      errors: errors.slice(0, LISTED_ERRORS).map((error) => ({
        field: rowName(file, error.row).toLowerCase(),
        message: error.message,
        code: 'import-row-invalid',
      })),
    },
  );
}

/** The stable ids of a file's transactions in one account (see the paragraph above). */
function importIdsOf(accountId: string, transactions: ImportedTransaction[]): ImportRow[] {
  const seen = new Map<string, number>();
  return transactions.map((t) => {
    const amountCents = dollarsToCents(t.amount);
    const key = [accountId, t.date, amountCents, t.description.toLowerCase()].join('\u0001');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const hash = crypto.createHash('sha256').update(`${key}\u0001${occurrence}`).digest('hex');
    return {
      providerTransactionId: `import:${hash.slice(0, 40)}`,
      amountCents,
      date: t.date,
      name: t.description,
    };
  });
}

export function createImportsService(deps: {
  db: Db;
  /** Banking's imported accounts (banking.imported.ts). */
  accounts: ImportedAccounts;
  jobs: JobQueue<AppJobMap>;
  /** Where files are read (a worker thread for large ones, see import-file-reader.ts). */
  reader?: ImportFileReader;
  /** How much reading each person may ask for (import-quota.ts); unlimited without. */
  quota?: ImportQuota;
  /** Run after the rows are stored: banking recognises an account linked already. */
  afterImport?: (userId: string) => Promise<void>;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const reader = deps.reader ?? readHere;
  const readFor = (userId: string, input: ImportInput) =>
    deps.quota
      ? deps.quota.reading(userId, input.fileText.length, () => read(reader, input))
      : read(reader, input);

  return {
    async preview(userId: string, input: ImportInput): Promise<ImportPreview> {
      const file = await readFor(userId, input);
      refuseOtherCurrencies(file);
      const accounts = await Promise.all(
        file.accounts.map(async (account) => {
          const existing = await deps.accounts.importedAccountBySource(userId, account.sourceKey);
          return {
            importedAccountId: existing?.accountId ?? null,
            accountName: existing?.name ?? account.accountName,
            rowCount: account.transactions.length,
          };
        }),
      );
      return {
        format: file.format,
        layout: file.layout,
        columns: file.columns,
        sample: file.sample,
        mapping: file.mapping,
        transactions: file.transactions.slice(0, IMPORT_PREVIEW_ROWS),
        rowCount: file.rowCount,
        errors: file.errors.slice(0, IMPORT_PREVIEW_ROWS),
        importedAccountId: accounts[0]!.importedAccountId,
        accountName: accounts[0]!.accountName,
        accounts,
      };
    },

    async commit(
      userId: string,
      input: ImportInput & {
        importedAccountId?: string | undefined;
        accountName?: string | undefined;
      },
    ): Promise<ImportResult> {
      const file = await readFor(userId, input);
      if (!file.mapping && file.format === 'csv')
        throw unreadable('Choose which columns hold the date, the description and the amount.');
      if (file.errors.length > 0) throw rowsInvalid(file, file.errors);
      if (file.transactions.length === 0) throw unreadable('This file holds no transactions.');
      refuseOtherCurrencies(file);
      if (input.importedAccountId && file.accounts.length > 1)
        throw unreadable(
          `This file holds statements of ${file.accounts.length} accounts; each is imported into its own account, so it cannot go into one chosen account.`,
        );
      if (input.accountName && file.accounts.length > 1)
        throw unreadable(
          `This file holds statements of ${file.accounts.length} accounts; each is imported into its own account, named by Billow.`,
        );
      const at = now();
      // Everything but the writes is done before the transaction: on the embedded database it
      // holds the one connection, and requests wait for it to end. The accounts found now have
      // their rows' ids ready; inside, each is looked up again (one row) and its ids reused
      // when it is still the same account.
      const prepared = await Promise.all(
        file.accounts.map(async (part) => {
          const found = input.importedAccountId
            ? await deps.accounts.importedAccountOf(userId, input.importedAccountId)
            : await deps.accounts.importedAccountBySource(userId, part.sourceKey);
          return found
            ? { accountId: found.accountId, rows: importIdsOf(found.accountId, part.transactions) }
            : undefined;
        }),
      );
      const result = await deps.db.transaction(async (tx) => {
        const results: ImportResult['accounts'] = [];
        for (const [index, part] of file.accounts.entries()) {
          if (part.transactions.length === 0) continue;
          let account;
          if (input.importedAccountId) {
            account = await deps.accounts.importedAccountOf(userId, input.importedAccountId, tx);
            if (!account)
              throw new ProblemError('not-found', 'This imported account was not found.', {
                code: 'import-account-not-found',
              });
          } else {
            account =
              (await deps.accounts.importedAccountBySource(userId, part.sourceKey, tx)) ??
              (await deps.accounts.createImportedAccount(tx, {
                userId,
                importSource: part.sourceKey,
                name: input.accountName ?? part.accountName,
                mask: part.mask,
              }));
          }
          const ready = prepared[index];
          const rows =
            ready?.accountId === account.accountId
              ? ready.rows
              : importIdsOf(account.accountId, part.transactions);
          const added = await deps.accounts.insertTransactions(
            tx,
            { ...account, userId },
            rows,
            at,
          );
          results.push({
            importedAccountId: account.accountId,
            accountName: account.name,
            added,
            alreadyImported: rows.length - added,
          });
        }
        // Detection follows as after a sync: its own job, sent with the rows it will read.
        await deps.jobs.send('subscriptions-detect', { userId }, { tx, singletonKey: userId });
        const [first] = results;
        return {
          importedAccountId: first!.importedAccountId,
          accountName: first!.accountName,
          added: results.reduce((sum, r) => sum + r.added, 0),
          alreadyImported: results.reduce((sum, r) => sum + r.alreadyImported, 0),
          accounts: results,
        };
      });
      await deps.afterImport?.(userId);
      return result;
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
