/**
 * Reading an OFX or QFX file (Quicken's name for the same format), SGML (1.x) or XML (2.x),
 * with ofx-js: each statement in it (a file can hold several, of different accounts), the
 * account it is of, its currency (CURDEF) and its STMTTRN transactions. OFX writes money out as
 * a negative TRNAMT; Billow's convention is the opposite, so the sign is turned here. XML files
 * may wrap values in CDATA sections (some banks wrap every payee), which ofx-js does not read:
 * they are turned into escaped text first.
 * https://www.ofx.net/downloads/OFX%202.2.pdf (§11.4.2 STMTTRN, §3.2.8 dates, §5.2 CURDEF)
 */
import { parseSync } from 'ofx-js';
import type { ImportRowError, ImportedTransaction } from '@billow/contracts';
import { parseAmountCents } from './parse-values';

type OfxStatement = {
  /** Which account this is a statement of ("ofx:BANKID:ACCTID"), to import into the same one. */
  sourceKey: string | null;
  /** The account number's last four digits, when the file gives it. */
  mask: string | null;
  /** The statement's currency, an ISO 4217 code (USD when the file leaves CURDEF out). */
  currency: string;
  transactions: ImportedTransaction[];
};

type OfxReading = {
  /** One per account, in the file's order (statements of the same account are joined). */
  statements: OfxStatement[];
  /** Transactions that could not be read; `row` is the transaction's place in the file. */
  errors: ImportRowError[];
};

/** Whether a file's text is OFX (either version), whatever its name. */
export function isOfx(fileText: string): boolean {
  const start = fileText.slice(0, 2000);
  return /OFXHEADER|<OFX>/i.test(start);
}

type Node = Record<string, unknown>;
const asArray = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const textOf = (value: unknown) => (typeof value === 'string' ? decodeEntities(value).trim() : '');

/** The entities ofx-js leaves as they are (it decodes only &lt; &gt; &amp;). */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)));
}

/** `<![CDATA[AT&T <auto>]]>` → `AT&amp;T &lt;auto&gt;`: the same value, as text ofx-js reads. */
function withoutCdata(text: string): string {
  return text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  );
}

/** The statements inside, bank and credit card alike (a file can hold several). */
function statementsOf(ofx: Node): Node[] {
  const bank = isNode(ofx.BANKMSGSRSV1) ? asArray(ofx.BANKMSGSRSV1.STMTTRNRS) : [];
  const card = isNode(ofx.CREDITCARDMSGSRSV1) ? asArray(ofx.CREDITCARDMSGSRSV1.CCSTMTTRNRS) : [];
  return [
    ...bank.flatMap((response) => (isNode(response) ? asArray(response.STMTRS) : [])),
    ...card.flatMap((response) => (isNode(response) ? asArray(response.CCSTMTRS) : [])),
  ].filter(isNode);
}

/** YYYYMMDD[HHMMSS[.XXX]][[gmt offset:tz name]] → the ISO date as the bank wrote it. */
function dateOf(value: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day) || Number(year) < 1900) return undefined;
  return `${year}-${month}-${day}`;
}

/** Reads an OFX file; throws when it is not one (no statement inside, or not well formed). */
export function readOfx(fileText: string): OfxReading {
  let parsed;
  try {
    parsed = parseSync(withoutCdata(fileText.replace(/^\uFEFF/, '')));
  } catch {
    throw new OfxUnreadableError('This OFX file is not well formed.');
  }
  const found = isNode(parsed.OFX) ? statementsOf(parsed.OFX) : [];
  if (found.length === 0)
    throw new OfxUnreadableError('This OFX file holds no bank or credit card statement.');
  const statements = new Map<string, OfxStatement>();
  const errors: ImportRowError[] = [];
  let row = 0;
  for (const each of found) {
    const from = (each.BANKACCTFROM ?? each.CCACCTFROM) as Node | undefined;
    const accountId = textOf(from?.ACCTID);
    const sourceKey = accountId ? `ofx:${textOf(from?.BANKID)}:${accountId}` : null;
    const currency = textOf(each.CURDEF).toUpperCase() || 'USD';
    const key = `${sourceKey ?? ''}\u0001${currency}`;
    const statement = statements.get(key) ?? {
      sourceKey,
      mask: accountId ? accountId.slice(-4) : null,
      currency,
      transactions: [],
    };
    statements.set(key, statement);
    const list = isNode(each.BANKTRANLIST) ? asArray(each.BANKTRANLIST.STMTTRN) : [];
    for (const entry of list) {
      row += 1;
      const t = isNode(entry) ? entry : {};
      const date = dateOf(textOf(t.DTPOSTED));
      // A few banks write a decimal comma ("-12,50").
      const rawAmount = textOf(t.TRNAMT);
      const cents = parseAmountCents(
        rawAmount.includes('.') ? rawAmount : rawAmount.replace(',', '.'),
      );
      const payee = isNode(t.PAYEE) ? textOf(t.PAYEE.NAME) : '';
      const description = (textOf(t.NAME) || payee || textOf(t.MEMO)).replace(/\s+/g, ' ');
      if (!date) errors.push({ row, message: `"${textOf(t.DTPOSTED)}" is not a date.` });
      else if (typeof cents !== 'number')
        errors.push({ row, message: `"${rawAmount}" is not an amount.` });
      else if (!description) errors.push({ row, message: 'The description is missing.' });
      else
        statement.transactions.push({
          row,
          date,
          description: description.slice(0, 500),
          amount: -cents / 100,
        });
    }
  }
  return { statements: [...statements.values()], errors };
}

export class OfxUnreadableError extends Error {
  override name = 'OfxUnreadableError';
}
