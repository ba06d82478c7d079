/**
 * Reading a bank's CSV export: the cells (papaparse, which handles quoting; the delimiter guessed
 * here), where the table starts below any lines a bank writes above it, a suggested mapping from the header's names or, without a header, from what the
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

type CsvTable = {
  /** Every line's cells, blank lines included (as `['']`), so an index + 1 is the row number. */
  rows: string[][];
  /** A problem with the file's structure (an unclosed quote), naming its row. */
  error: ImportRowError | null;
};

/** The rows a suggestion looks at: enough to see every column's kind, few enough to be quick. */
const SUGGESTION_ROWS = 500;

/** The delimiters a bank's export uses; papaparse's own guess can take a decimal comma for one. */
const DELIMITERS = [',', ';', '\t', '|'];
/** The lines the delimiter is guessed from. */
const DELIMITER_LINES = 50;

/**
 * The delimiter that splits the most of the first lines into the same number (2 or more) of
 * cells: "15.01.2024;NETFLIX;-12,99;1.221,57" splits evenly on ";" and unevenly on ",".
 */
function guessDelimiter(text: string): string {
  let best = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const { data } = Papa.parse<string[]>(text, { delimiter, preview: DELIMITER_LINES });
    const counts = new Map<number, number>();
    for (const row of data)
      if (row.length > 1) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    const score = Math.max(0, ...counts.values());
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

export function readCsv(fileText: string): CsvTable {
  const text = fileText.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, {
    delimiter: guessDelimiter(text),
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

type TableStart = Pick<ImportMapping, 'hasHeader' | 'skipRows'>;

/** The column names: the header's, or "Column 1", "Column 2"… */
export function columnNames(rows: string[][], start: TableStart): string[] {
  const skip = start.skipRows ?? 0;
  const table = rows.slice(skip, skip + SUGGESTION_ROWS);
  const width = Math.max(0, ...table.map((row) => row.length));
  const header = start.hasHeader ? table[0] : undefined;
  return Array.from({ length: width }, (_, i) =>
    header?.[i]?.trim() ? header[i]!.trim() : `Column ${i + 1}`,
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

/** How many lines the table's start is looked for in. */
const PREAMBLE_ROWS = 50;

/**
 * Where the table starts. Banks often write lines above it (the account's name and number, the
 * period, a balance): the first transaction is the first line with a date and, in another cell,
 * an amount; the header is the nearest line above it (over blank and other transaction-like
 * lines) without a date. Without one, the table starts at its first line.
 */
function findTableStart(rows: string[][]): TableStart {
  const look = rows.slice(0, PREAMBLE_ROWS);
  const hasDate = (row: string[]) => row.some(looksLikeDate);
  const first = look.findIndex(
    (row) =>
      row.filter((cell) => cell.trim() !== '').length >= 3 &&
      row.some(
        (cell, i) =>
          looksLikeDate(cell) && row.some((other, j) => j !== i && looksLikeAmount(other)),
      ),
  );
  const firstLine = rows.find((row) => !isBlank(row));
  if (first < 0) return { hasHeader: !!firstLine && !hasDate(firstLine) };
  let above = first - 1;
  while (above >= 0 && (isBlank(look[above]!) || hasDate(look[above]!))) above--;
  const header = above >= 0 ? look[above]! : undefined;
  if (header && header.filter((cell) => cell.trim() !== '').length >= 2)
    return above > 0 ? { hasHeader: true, skipRows: above } : { hasHeader: true };
  // No header: the table starts at the first transaction-like line after the preamble.
  let start = above + 1;
  while (start < look.length && isBlank(look[start]!)) start++;
  const isPreamble = look.slice(0, start).some((row) => !isBlank(row));
  return isPreamble ? { hasHeader: false, skipRows: start } : { hasHeader: false };
}

/**
 * The mapping Billow suggests, and the layout it recognised in words; null when it finds no date
 * or amount column, and the person maps the columns themselves.
 */
export function suggestMapping(
  rows: string[][],
): { mapping: ImportMapping; layout: string } | null {
  const start = findTableStart(rows);
  const { hasHeader } = start;
  const content = rows.slice(start.skipRows ?? 0).filter((row) => !isBlank(row));
  const first = content[0];
  if (!first) return null;
  const header = hasHeader ? first.map((cell) => cell.trim()) : [];
  const body = (hasHeader ? content.slice(1) : content).slice(0, SUGGESTION_ROWS);
  const width = columnNames(rows, start).length;
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
    ...start,
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
  const skip = mapping.skipRows ?? 0;
  const skipped =
    skip > 0
      ? `; ${skip === 1 ? '1 line' : `${skip} lines`} above the ${mapping.hasHeader ? 'header' : 'first row'} skipped`
      : '';
  return `CSV: ${money}; dates ${dates}${note}${skipped}`;
}

type CsvReading = { transactions: ImportedTransaction[]; errors: ImportRowError[] };

/** Every row read with `mapping`: each either a transaction (above 0 is money out) or an error. */
export function readCsvTransactions(rows: string[][], mapping: ImportMapping): CsvReading {
  const transactions: ImportedTransaction[] = [];
  const errors: ImportRowError[] = [];
  rows.forEach((cells, index) => {
    const skip = mapping.skipRows ?? 0;
    if (index < skip || (mapping.hasHeader && index === skip) || isBlank(cells)) return;
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
