/**
 * `tsx src/cli.ts FILE [--as-of YYYY-MM-DD]`: detects recurring outflows in a JSON or CSV file
 * of transactions and prints `{"streams":[…]}` — and nothing else — on stdout. Bad input is one
 * line on stderr and exit code 2, so scripts can tell "no subscriptions" from "could not read".
 */
import { readFileSync } from 'node:fs';
import { InputError, parseTransactionsFile } from './cli-input';
import { parseIsoDate } from './dates';
import { detectRecurring } from './detect';

const USAGE = 'usage: recurring FILE [--as-of YYYY-MM-DD]';

function fail(message: string): never {
  process.stderr.write(`recurring: ${message}\n`);
  process.exit(2);
}

function parseArgs(args: readonly string[]): { file: string; asOf?: string } {
  let file: string | undefined;
  let asOf: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--as-of') asOf = args[++i];
    else if (arg.startsWith('--as-of=')) asOf = arg.slice('--as-of='.length);
    else if (arg.startsWith('-')) fail(`unknown option ${arg}; ${USAGE}`);
    else if (file === undefined) file = arg;
    else fail(`one input file expected; ${USAGE}`);
  }
  if (file === undefined) fail(`no input file given; ${USAGE}`);
  if (asOf !== undefined && Number.isNaN(parseIsoDate(asOf)))
    fail(`--as-of "${asOf}" is not a valid YYYY-MM-DD date`);
  return asOf === undefined ? { file } : { file, asOf };
}

function readInput(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (code === 'ENOENT') fail(`cannot read ${file}: no such file`);
    if (code === 'EISDIR') fail(`cannot read ${file}: it is a directory`);
    fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function main(): void {
  const { file, asOf } = parseArgs(process.argv.slice(2));
  let streams;
  try {
    const transactions = parseTransactionsFile(readInput(file), file);
    streams = detectRecurring(transactions, asOf === undefined ? {} : { asOf });
  } catch (error) {
    if (error instanceof InputError || error instanceof RangeError) fail(error.message);
    throw error;
  }
  const output = {
    streams: streams.map((stream) => ({
      merchant: stream.merchant,
      cadence: stream.cadence,
      transaction_ids: stream.transaction_ids,
      average_amount: stream.average_amount,
      last_amount: stream.last_amount,
      last_date: stream.last_date,
      predicted_next_date: stream.predicted_next_date,
      status: stream.status,
      confidence: stream.confidence,
      evidence: stream.evidence,
    })),
  };
  process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
}

main();
