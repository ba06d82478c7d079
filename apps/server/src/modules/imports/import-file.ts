/**
 * One uploaded file, read: CSV or OFX (by its content, whatever its name says), the mapping used
 * (the one given, or Billow's suggestion), its transactions and the rows it could not read, and
 * the file source each of its accounts is (a CSV is one; an OFX file holds a statement per
 * account), so the next export of the same account goes into the same imported account.
 */
import type {
  ImportFileFormat,
  ImportMapping,
  ImportRowError,
  ImportedTransaction,
} from '@billow/contracts';
import { columnNames, layoutOf, readCsv, readCsvTransactions, suggestMapping } from './parse-csv';
import { isOfx, OfxUnreadableError, readOfx } from './parse-ofx';

/** One account's part of a file. */
export type ImportFileAccount = {
  /** The file source ("ofx:BANKID:ACCTID", or "file:" and the file name without its dates). */
  sourceKey: string;
  /** The imported account's name when it is new. */
  accountName: string;
  mask: string | null;
  /** ISO 4217; a CSV does not say, and is taken to be in dollars. */
  currency: string;
  transactions: ImportedTransaction[];
};

export type ImportFile = {
  format: ImportFileFormat;
  layout: string;
  columns: string[];
  /** The first rows as they are in the file (CSV). */
  sample: string[][];
  mapping: ImportMapping | null;
  /** All of the file's transactions, in its order. */
  transactions: ImportedTransaction[];
  errors: ImportRowError[];
  /** How many rows hold a transaction (read or not). */
  rowCount: number;
  /** At least one; the transactions split by account. */
  accounts: ImportFileAccount[];
};

/** A file no mapping can read (a CSV without a date or amount column Billow can see, an OFX with no statement). */
export class ImportUnreadableError extends Error {
  override name = 'ImportUnreadableError';
  constructor(
    message: string,
    readonly row: number | null = null,
  ) {
    super(message);
  }
}

/** "Chase_Activity_20240131 (2).CSV" → "Chase Activity": a name that stays the same month to month. */
function sourceNameOf(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const name = base
    .replace(/\d+/g, ' ')
    .replace(/[_\-.()[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name || 'Imported file';
}

export function readImportFile(input: {
  fileName: string;
  fileText: string;
  mapping?: ImportMapping | undefined;
}): ImportFile {
  if (isOfx(input.fileText)) {
    let ofx;
    try {
      ofx = readOfx(input.fileText);
    } catch (error) {
      if (error instanceof OfxUnreadableError) throw new ImportUnreadableError(error.message);
      throw error;
    }
    const name = sourceNameOf(input.fileName);
    const accounts = ofx.statements.map((statement) => ({
      sourceKey: statement.sourceKey ?? `file:${name.toLowerCase()}`,
      accountName: statement.mask ? `${name} ···${statement.mask}` : name,
      mask: statement.mask,
      currency: statement.currency,
      transactions: statement.transactions,
    }));
    const transactions = accounts
      .flatMap((account) => account.transactions)
      .sort((a, b) => a.row - b.row);
    return {
      format: 'ofx',
      layout:
        accounts.length === 1
          ? 'OFX statement'
          : `OFX file with statements of ${accounts.length} accounts`,
      columns: [],
      sample: [],
      mapping: null,
      transactions,
      errors: ofx.errors,
      rowCount: transactions.length + ofx.errors.length,
      accounts,
    };
  }
  const table = readCsv(input.fileText);
  if (table.error) throw new ImportUnreadableError(table.error.message, table.error.row);
  const suggestion = suggestMapping(table.rows);
  const mapping = input.mapping ?? suggestion?.mapping ?? null;
  const name = sourceNameOf(input.fileName);
  const skip = mapping?.skipRows ?? 0;
  const account = { sourceKey: `file:${name.toLowerCase()}`, accountName: name, mask: null };
  const common = { format: 'csv' as const, sample: table.rows.slice(skip, skip + 20) };
  if (!mapping) {
    if (table.rows.length === 0) throw new ImportUnreadableError('This file is empty.');
    return {
      ...common,
      layout: 'CSV: no date and amount columns recognised; choose them below',
      columns: columnNames(table.rows, { hasHeader: false }),
      mapping: null,
      transactions: [],
      errors: [],
      rowCount: table.rows.filter((row) => row.some((cell) => cell.trim() !== '')).length,
      accounts: [{ ...account, currency: 'USD', transactions: [] }],
    };
  }
  const reading = readCsvTransactions(table.rows, mapping);
  return {
    ...common,
    layout: input.mapping || !suggestion ? layoutOf(mapping) : suggestion.layout,
    columns: columnNames(table.rows, mapping),
    mapping,
    transactions: reading.transactions,
    errors: reading.errors,
    rowCount: reading.transactions.length + reading.errors.length,
    accounts: [{ ...account, currency: 'USD', transactions: reading.transactions }],
  };
}
