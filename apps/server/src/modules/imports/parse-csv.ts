/**
 * Reading a bank's CSV export: the cells (papaparse, which also finds the delimiter and handles
 * quoting), a suggested mapping from the header's names or, without a header, from what the
 * columns hold, and the transactions a mapping reads. Row numbers are the file's lines as a
 * spreadsheet numbers them (the header is row 1), so an error names the row the person can find.
 */
import Papa from 'papaparse';
import type {
  ImportAmountMapping,
  ImportMapping,
  ImportRowError,
  ImportedTransaction,
} from '@billow/contracts';
import { guessDateFormat, parseAmountCents, parseDate } from './parse-values';

export type CsvTable = {
  /** Every line's cells, blank lines included (as `['']`), so an index + 1 is the row number. */
  rows: string[][];
  /** A problem with the file's structure (an unclosed quote), naming its row. */
  error: ImportRowError | null;
};

/** The rows a suggestion looks at: enough to see every column's kind, few enough to be quick. */
const SUGGESTION_ROWS = 500;

export function readCsv(fileText: string): CsvTable {
  const parsed = Papa.parse<string[]>(fileText.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
  });
  const rows = parsed.data;
  // A trailing newline leaves one blank row at the end: not a row of the file.
  while (rows.length > 0 && isBlank(rows[rows.length - 1]!)) rows.pop();
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  return {
    rows,
    error: quoteError
      ? { row: (quoteError.row ?? 0) + 1, message: 'A quoted value is never closed.' }
      : null,
  };
}

const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

/** The column names: the header's, or "Column 1", "Column 2"… */
export function columnNames(rows: string[][], hasHeader: boolean): string[] {
  const width = Math.max(0, ...rows.slice(0, SUGGESTION_ROWS).map((row) => row.length));
  return Array.from({ length: width }, (_, i) =>
    hasHeader && rows[0]?.[i]?.trim() ? rows[0][i]!.trim() : `Column ${i + 1}`,
  );
}

const looksLikeDate = (cell: string) => guessDateFormat([cell]) !== null;
const looksLikeAmount = (cell: string) => typeof parseAmountCents(cell) === 'number';

const NAMES = {
  date: /^(?:transaction |trans\.? |posted |posting |post |booking |value )?date$|^date\b/i,
  description: /description|payee|merchant|memo|details|narrative|name|transaction$/i,
  amount: /^(?:transaction )?(?:amount|amt|value)\b|amount$/i,
  debit: /debit|withdrawal|money out|paid out|outflow|spent/i,
  credit: /credit|deposit|money in|paid in|inflow|received/i,
};

/** Which column the header names for a role, or -1. */
function named(header: string[], pattern: RegExp, except: number[] = []): number {
  return header.findIndex((name, i) => !except.includes(i) && pattern.test(name.trim()));
}

/** Columns whose non-blank cells (below the header) are all amounts, and not all blank. */
function amountColumns(body: string[][], width: number, except: number[]): number[] {
  const columns: number[] = [];
  for (let i = 0; i < width; i++) {
    if (except.includes(i)) continue;
    const cells = body.map((row) => row[i] ?? '').filter((cell) => cell.trim() !== '');
    if (cells.length > 0 && cells.every(looksLikeAmount)) columns.push(i);
  }
  return columns;
}

/** Money out is written as whichever sign most rows carry: most rows of a statement are spending. */
function moneyOutSign(cells: string[]): 'negative' | 'positive' {
  const amounts = cells.map(parseAmountCents).filter((cents) => typeof cents === 'number');
  const negatives = amounts.filter((cents) => cents < 0).length;
  return negatives * 2 >= amounts.length ? 'negative' : 'positive';
}

/**
 * The mapping Billow suggests, and the layout it recognised in words; null when it finds no date
 * or amount column, and the person maps the columns themselves.
 */
export function suggestMapping(
  rows: string[][],
): { mapping: ImportMapping; layout: string } | null {
  const content = rows.filter((row) => !isBlank(row));
  const first = content[0];
  if (!first) return null;
  const hasHeader = !first.some(looksLikeDate);
  const header = hasHeader ? first.map((cell) => cell.trim()) : [];
  const body = (hasHeader ? content.slice(1) : content).slice(0, SUGGESTION_ROWS);
  const width = columnNames(rows, hasHeader).length;
  const cellsOf = (column: number) => body.map((row) => row[column] ?? '');

  let dateColumn = hasHeader ? named(header, NAMES.date) : -1;
  if (dateColumn < 0) {
    dateColumn = Array.from({ length: width }, (_, i) => i).findIndex(
      (i) => guessDateFormat(cellsOf(i)) !== null,
    );
  }
  if (dateColumn < 0) return null;
  // A few unreadable dates do not change the format: the reading names their rows.
  const dateGuess = guessDateFormat(cellsOf(dateColumn).filter(looksLikeDate));
  if (!dateGuess) return null;

  let amount: ImportAmountMapping | null = null;
  if (hasHeader) {
    const debitColumn = named(header, NAMES.debit, [dateColumn]);
    const creditColumn = named(header, NAMES.credit, [dateColumn, debitColumn]);
    const amountColumn = named(header, NAMES.amount, [dateColumn, debitColumn, creditColumn]);
    if (debitColumn >= 0 && creditColumn >= 0)
      amount = { kind: 'debit-credit', debitColumn, creditColumn };
    else if (amountColumn >= 0)
      amount = {
        kind: 'amount',
        column: amountColumn,
        moneyOut: moneyOutSign(cellsOf(amountColumn)),
      };
  }
  if (!amount) {
    const numeric = amountColumns(body, width, [dateColumn]);
    const [a, b] = numeric;
    if (a === undefined) return null;
    // Two amount columns where no row fills both: money out and money in.
    const isSplit = b !== undefined && body.every((row) => !(row[a]?.trim() && row[b]?.trim()));
    amount = isSplit
      ? { kind: 'debit-credit', debitColumn: a, creditColumn: b }
      : { kind: 'amount', column: a, moneyOut: moneyOutSign(cellsOf(a)) };
  }

  const used = [
    dateColumn,
    ...(amount.kind === 'amount' ? [amount.column] : [amount.debitColumn, amount.creditColumn]),
  ];
  let descriptionColumn = hasHeader ? named(header, NAMES.description, used) : -1;
  if (descriptionColumn < 0) {
    // The column with the longest text that is not a number: what the charge was.
    let longest = -1;
    for (let i = 0; i < width; i++) {
      if (
        used.includes(i) ||
        cellsOf(i).every((cell) => cell.trim() === '' || looksLikeAmount(cell))
      )
        continue;
      const length = cellsOf(i).reduce((sum, cell) => sum + cell.trim().length, 0);
      if (length > longest) [longest, descriptionColumn] = [length, i];
    }
  }
  if (descriptionColumn < 0) return null;

  const mapping: ImportMapping = {
    hasHeader,
    dateColumn,
    dateFormat: dateGuess.format,
    descriptionColumn,
    amount,
  };
  return { mapping, layout: layoutOf(mapping, dateGuess.isAmbiguous) };
}

export function layoutOf(mapping: ImportMapping, isDateAmbiguous = false): string {
  const money =
    mapping.amount.kind === 'debit-credit'
      ? 'debit and credit columns'
      : `one amount column, money out ${mapping.amount.moneyOut}`;
  const dates = { MDY: 'MM/DD/YYYY', YMD: 'YYYY-MM-DD', DMY: 'DD/MM/YYYY' }[mapping.dateFormat];
  const note = isDateAmbiguous ? ' (could also be day first: check the dates)' : '';
  return `CSV: ${money}; dates ${dates}${note}`;
}

export type CsvReading = { transactions: ImportedTransaction[]; errors: ImportRowError[] };

/** Every row read with `mapping`: each either a transaction (above 0 is money out) or an error. */
export function readCsvTransactions(rows: string[][], mapping: ImportMapping): CsvReading {
  const transactions: ImportedTransaction[] = [];
  const errors: ImportRowError[] = [];
  rows.forEach((cells, index) => {
    if ((mapping.hasHeader && index === 0) || isBlank(cells)) return;
    const row = index + 1;
    const result = readRow(cells, mapping);
    if (typeof result === 'string') errors.push({ row, message: result });
    else transactions.push({ row, ...result });
  });
  return { transactions, errors };
}

/** One row's transaction, or what is wrong with it (a sentence). */
function readRow(
  cells: string[],
  mapping: ImportMapping,
): Omit<ImportedTransaction, 'row'> | string {
  const cell = (column: number) => cells[column]?.trim() ?? '';
  const dateCell = cell(mapping.dateColumn);
  const date = parseDate(dateCell, mapping.dateFormat);
  if (!date)
    return dateCell
      ? `"${clip(dateCell)}" is not a date written ${formatName(mapping)}.`
      : 'The date is missing.';
  const description = cell(mapping.descriptionColumn).replace(/\s+/g, ' ');
  if (!description) return 'The description is missing.';
  const cents = centsOf(cell, mapping.amount);
  if (typeof cents === 'string') return cents;
  return { date, description: description.slice(0, 500), amount: cents / 100 };
}

/** Cents with above 0 as money out, or what is wrong with the amount. */
function centsOf(cell: (column: number) => string, amount: ImportAmountMapping): number | string {
  if (amount.kind === 'amount') {
    const value = parseAmountCents(cell(amount.column));
    if (value === null) return 'The amount is missing.';
    if (value === undefined) return `"${clip(cell(amount.column))}" is not an amount.`;
    return amount.moneyOut === 'positive' ? value : -value;
  }
  const debit = parseAmountCents(cell(amount.debitColumn));
  const credit = parseAmountCents(cell(amount.creditColumn));
  if (debit === undefined) return `"${clip(cell(amount.debitColumn))}" is not an amount.`;
  if (credit === undefined) return `"${clip(cell(amount.creditColumn))}" is not an amount.`;
  if (debit === null && credit === null) return 'Both the debit and the credit are missing.';
  // Some banks write a debit as a negative number: a debit is money out whatever its sign.
  return Math.abs(debit ?? 0) - Math.abs(credit ?? 0);
}

const clip = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
const formatName = (mapping: ImportMapping) =>
  ({ MDY: 'MM/DD/YYYY', YMD: 'YYYY-MM-DD', DMY: 'DD/MM/YYYY' })[mapping.dateFormat];
