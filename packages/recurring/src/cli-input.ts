/**
 * Reads the CLI's input file — JSON `{"transactions":[…]}` or CSV with a header naming at least
 * id,date,description,amount — and validates it by hand, so a bad file is reported as one line
 * naming the problem (and the row or line) instead of a stack trace or a silently wrong answer.
 */
import { parseIsoDate } from './dates';
import type { Transaction } from './types';

export class InputError extends Error {
  override name = 'InputError';
}

const REQUIRED_COLUMNS = ['id', 'date', 'description', 'amount'] as const;

export function parseTransactionsFile(text: string, fileName: string): Transaction[] {
  const content = text.replace(/^\uFEFF/, '');
  const trimmed = content.trimStart();
  if (trimmed.length === 0) throw new InputError(`${fileName} is empty`);
  const looksJson =
    fileName.toLowerCase().endsWith('.json') || trimmed.startsWith('{') || trimmed.startsWith('[');
  const transactions = looksJson ? parseJson(content, fileName) : parseCsv(content);
  const seen = new Set<string>();
  transactions.forEach((transaction, index) => {
    if (seen.has(transaction.id)) {
      throw new InputError(
        `duplicate transaction id "${transaction.id}" (${looksJson ? `transactions[${index}]` : `row ${index + 1}`})`,
      );
    }
    seen.add(transaction.id);
  });
  return transactions;
}

function parseJson(content: string, fileName: string): Transaction[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    throw new InputError(
      `${fileName} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!isRecord(data) || !Array.isArray(data.transactions)) {
    throw new InputError('JSON input must be an object with a "transactions" array');
  }
  return data.transactions.map((item: unknown, index: number) => {
    const where = `transactions[${index}]`;
    if (!isRecord(item)) throw new InputError(`${where} is not an object`);
    const {
      id,
      date,
      description,
      amount,
      account_id: accountId,
      merchant_name: merchantName,
    } = item;
    if (typeof id !== 'string' || id.length === 0)
      throw new InputError(`${where}.id must be a non-empty string`);
    if (typeof date !== 'string') throw new InputError(`${where}.date must be a YYYY-MM-DD string`);
    if (Number.isNaN(parseIsoDate(date)))
      throw new InputError(`${where}.date "${date}" is not a valid YYYY-MM-DD date`);
    if (typeof description !== 'string')
      throw new InputError(`${where}.description must be a string`);
    // Numeric strings ("15.49") are common in exports and accepted; anything else is not.
    const value = typeof amount === 'string' ? parseAmount(amount.trim()) : amount;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new InputError(
        `${where}.amount must be a number, got ${JSON.stringify(amount) ?? 'nothing'}`,
      );
    }
    if (accountId !== undefined && accountId !== null && typeof accountId !== 'string') {
      throw new InputError(`${where}.account_id must be a string`);
    }
    if (merchantName !== undefined && merchantName !== null && typeof merchantName !== 'string') {
      throw new InputError(`${where}.merchant_name must be a string or null`);
    }
    return {
      id,
      date,
      description,
      amount: value,
      ...(typeof accountId === 'string' ? { account_id: accountId } : {}),
      ...(merchantName !== undefined ? { merchant_name: merchantName } : {}),
    };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseCsv(content: string): Transaction[] {
  const rows = splitCsv(content);
  const header = rows[0];
  if (!header) throw new InputError('CSV has no header row');
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new InputError(
      `CSV header is missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')} (line 1)`,
    );
  }
  const at = (name: string): number => columns.indexOf(name);
  const [idAt, dateAt, descriptionAt, amountAt] = REQUIRED_COLUMNS.map(at) as [
    number,
    number,
    number,
    number,
  ];
  const accountAt = at('account_id');
  const merchantAt = at('merchant_name');
  const transactions: Transaction[] = [];
  for (const row of rows.slice(1)) {
    const { fields, line } = row;
    if (fields.length === 1 && fields[0]?.trim() === '') continue;
    if (fields.length !== columns.length) {
      throw new InputError(
        `line ${line}: expected ${columns.length} fields, found ${fields.length}`,
      );
    }
    const field = (index: number): string => (fields[index] ?? '').trim();
    const id = field(idAt);
    if (id.length === 0) throw new InputError(`line ${line}: id is empty`);
    const date = field(dateAt);
    if (Number.isNaN(parseIsoDate(date)))
      throw new InputError(`line ${line}: date "${date}" is not a valid YYYY-MM-DD date`);
    const amount = parseAmount(field(amountAt));
    if (amount === null)
      throw new InputError(`line ${line}: amount "${field(amountAt)}" is not a number`);
    const accountId = accountAt >= 0 ? field(accountAt) : '';
    const merchantName = merchantAt >= 0 ? field(merchantAt) : '';
    transactions.push({
      id,
      date,
      description: field(descriptionAt),
      amount,
      ...(accountId ? { account_id: accountId } : {}),
      ...(merchantName ? { merchant_name: merchantName } : {}),
    });
  }
  return transactions;
}

/** "12.5", "-3", "$1,234.56" (spreadsheet exports) — but not "12abc" or "". */
function parseAmount(text: string): number | null {
  if (!/^[-+]?\$?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/.test(text) || !/\d/.test(text))
    return null;
  const value = Number(text.replace(/[$,]/g, ''));
  return Number.isFinite(value) ? value : null;
}

type CsvRow = { fields: string[]; line: number };

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
function splitCsv(content: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let inQuotes = false;
  for (let i = 0; i < content.length; i++) {
    const char = content[i];
    if (inQuotes) {
      if (char === '"' && content[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        inQuotes = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      inQuotes = true;
      field = '';
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && content[i + 1] === '\n') i++;
      fields.push(field);
      rows.push({ fields, line: rowLine });
      fields = [];
      field = '';
      line++;
      rowLine = line;
    } else {
      field += char;
    }
  }
  if (inQuotes) throw new InputError(`line ${rowLine}: unterminated quoted field`);
  if (field.length > 0 || fields.length > 0) {
    fields.push(field);
    rows.push({ fields, line: rowLine });
  }
  return rows;
}
