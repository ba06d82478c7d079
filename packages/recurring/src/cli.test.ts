import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const fixture = (name: string): string => `test/fixtures/cli/${name}`;

function runCli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [tsxCli, 'src/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

type CliStream = {
  merchant: string;
  cadence: string;
  transaction_ids: string[];
  average_amount: number;
  last_amount: number;
  last_date: string;
  predicted_next_date: string;
  status: string;
  confidence: number;
  evidence: string[];
};

describe('recurring CLI', () => {
  it('prints only the streams of a JSON file as JSON', () => {
    const { status, stdout, stderr } = runCli(fixture('good.json'));
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const { streams } = JSON.parse(stdout) as { streams: CliStream[] };
    expect(streams.map((s) => [s.merchant, s.cadence, s.status])).toEqual([
      ['Netflix', 'MONTHLY', 'ACTIVE'],
      ['Spotify', 'MONTHLY', 'ACTIVE'],
    ]);
    expect(Object.keys(streams[0] ?? {})).toEqual([
      'merchant',
      'cadence',
      'transaction_ids',
      'average_amount',
      'last_amount',
      'last_date',
      'predicted_next_date',
      'status',
      'confidence',
      'evidence',
    ]);
    expect(streams[0]?.evidence).toContain('Price went up from $15.49 to $17.99 in Jan 2026');
  });

  it('reads CSV with quoted fields that contain commas and quotes', () => {
    const { status, stdout } = runCli(fixture('good.csv'));
    expect(status).toBe(0);
    const { streams } = JSON.parse(stdout) as { streams: CliStream[] };
    expect(streams.map((s) => [s.merchant, s.transaction_ids.length, s.last_amount])).toEqual([
      ['GEICO', 6, 118.4],
      ['Sunrise Apartments', 6, 1850],
    ]);
  });

  it('honours --as-of', () => {
    const { stdout } = runCli(fixture('good.json'), '--as-of', '2026-06-30');
    const { streams } = JSON.parse(stdout) as { streams: CliStream[] };
    expect(streams.every((s) => s.status === 'CANCELLED')).toBe(true);
  });

  it.each([
    ['a missing file', 'nope.json', /cannot read .*nope\.json: no such file/],
    ['malformed JSON', 'bad-json.json', /bad-json\.json is not valid JSON/],
    ['JSON without a transactions array', 'no-transactions.json', /"transactions" array/],
    [
      'a non-numeric JSON amount',
      'bad-amount.json',
      /transactions\[1\]\.amount must be a number, got "fifteen"/,
    ],
    [
      'a bad JSON date',
      'bad-date.json',
      /transactions\[0\]\.date "01\/02\/2026" is not a valid YYYY-MM-DD date/,
    ],
    ['a CSV missing a column', 'missing-column.csv', /CSV header is missing column: amount/],
    [
      'an impossible CSV date',
      'bad-date.csv',
      /line 3: date "2026-02-30" is not a valid YYYY-MM-DD date/,
    ],
    ['a non-numeric CSV amount', 'bad-amount.csv', /line 3: amount "abc" is not a number/],
  ])(
    'rejects %s with one line on stderr, nothing on stdout and exit code 2',
    (_, name, message) => {
      const { status, stdout, stderr } = runCli(fixture(name));
      expect(status).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    },
  );

  it('asks for a file when given none', () => {
    const { status, stdout, stderr } = runCli();
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/no input file given; usage: recurring FILE/);
  });
});

describe('npm run --silent detect', () => {
  it('prints only JSON from the repository root', () => {
    const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
    const result = spawnSync(
      'npm',
      ['run', '--silent', 'detect', '--', `packages/recurring/${fixture('good.json')}`],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(0);
    const parsed = JSON.parse(result.stdout) as { streams: unknown[] };
    expect(parsed.streams.length).toBeGreaterThan(0);
  });
});
