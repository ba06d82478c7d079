/**
 * How the export writes its files. Each data set names its fields once, each with what it means:
 * that one list gives the JSON records, the CSV columns and the README's description of both, so
 * the README cannot describe a field the files do not have, or miss one they do.
 */

export type Value =
  string | number | boolean | null | readonly Value[] | { readonly [key: string]: Value };

type Field<Row> = { about: string; of: (row: Row) => Value };

type DataSet<Row> = {
  /** The files' name without extension: "transactions" → transactions.json (+ .csv). */
  name: string;
  about: string;
  /** One record (profile.json is an object) or a list of them (every other file is an array). */
  isSingle?: boolean;
  hasCsv: boolean;
  fields: Record<string, Field<Row>>;
};

export type ExportFile = { name: string; content: string };

export function dataSet<Row>(set: DataSet<Row>): DataSet<Row> {
  return set;
}

function recordOf<Row>(set: DataSet<Row>, row: Row): Record<string, Value> {
  return Object.fromEntries(Object.entries(set.fields).map(([key, field]) => [key, field.of(row)]));
}

/** The data set's JSON file, and its CSV file when it has one. */
export function filesOf<Row>(set: DataSet<Row>, rows: readonly Row[]): ExportFile[] {
  const records = rows.map((row) => recordOf(set, row));
  const json = set.isSingle ? (records[0] ?? null) : records;
  const files = [{ name: `${set.name}.json`, content: `${JSON.stringify(json, null, 2)}\n` }];
  if (set.hasCsv) files.push({ name: `${set.name}.csv`, content: csvOf(set, records) });
  return files;
}

/** RFC 4180: a header row, CRLF line ends, a cell quoted when it holds a comma, quote or line end. */
function csvOf<Row>(set: DataSet<Row>, records: readonly Record<string, Value>[]): string {
  const columns = Object.keys(set.fields);
  const lines = [columns, ...records.map((record) => columns.map((key) => cell(record[key])))];
  return lines.map((line) => line.map(quoted).join(',')).join('\r\n') + '\r\n';
}

function cell(value: Value | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return withoutFormula(value);
  if (typeof value === 'object') return withoutFormula(JSON.stringify(value));
  return String(value);
}

/**
 * A text that a spreadsheet would run as a formula (=, +, -, @ first) starts with an apostrophe
 * instead: a bank's transaction name is text its sender chose (OWASP "CSV injection").
 */
function withoutFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** README.md: what each file holds and what each of its fields means. */
export function readmeOf(
  sets: readonly DataSet<never>[],
  intro: { generatedAt: string; notes: readonly string[] },
): string {
  const lines = [
    '# Your Billow data',
    '',
    `Exported ${intro.generatedAt}: your profile and the records Billow keeps for you, one file per kind of record.`,
    '',
    ...intro.notes.map((note) => `- ${note}`),
    '',
  ];
  for (const set of sets) {
    const files = set.hasCsv ? `${set.name}.json, ${set.name}.csv` : `${set.name}.json`;
    lines.push(`## ${files}`, '', set.about, '', '| Field | Meaning |', '| --- | --- |');
    for (const [key, field] of Object.entries(set.fields)) {
      lines.push(`| \`${key}\` | ${field.about.replaceAll('|', '\\|')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * The files as a ZIP, written as it is read: the answer streams out while later files are still
 * being compressed. The files themselves are all read first, so a failed query is an error
 * answer rather than a ZIP cut short. The ZIP writer is loaded on the first export.
 */
export async function zipOf(
  files: readonly ExportFile[],
  mtime: Date,
): Promise<NodeJS.ReadableStream> {
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.content, 'utf8'), file.name, { mtime });
  zip.end();
  return zip.outputStream;
}
