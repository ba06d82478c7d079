/**
 * Importing bank export files over HTTP: a 10,000-row CSV from a bank that writes money
 * out as negative amounts, a debit/credit CSV and an OFX statement each land once (importing them
 * again adds nothing), detection then finds the monthly bills planted among the noise, a file
 * with one broken row imports nothing and names the row, and nobody imports into another
 * person's imported account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importRoutes,
  subscriptionRoutes,
  userRoutes,
  type ImportPreview,
  type ImportResult,
  type ProfileInfo,
  type Subscription,
} from '@billow/contracts';
import { dayFrom } from './sandbox-link';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const today = '2026-11-20';
const MONTHS = 8;

/** A small deterministic generator, so the noise is the same on every run. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const NOISE = [
  'WHOLE FOODS #',
  'SHELL OIL ',
  'UBER TRIP ',
  'TARGET T-',
  'CVS PHARMACY ',
  'AMAZON MKTPL*',
];

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const ukDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

type Row = { date: string; name: string; out: number };

/** `count` rows over the last eight months: the monthly bills, and shopping noise around them. */
function statement(
  count: number,
  bills: { name: string; amount: number; day: number }[],
  seed: number,
): Row[] {
  const random = randomFrom(seed);
  const rows: Row[] = [];
  for (const bill of bills)
    for (let month = 0; month < MONTHS; month++)
      rows.push({
        date: dayFrom(today, -30 * month - bill.day),
        name: bill.name,
        out: bill.amount,
      });
  while (rows.length < count) {
    const isPay = random() < 0.05;
    rows.push({
      date: dayFrom(today, -Math.floor(random() * 30 * MONTHS) - 1),
      name: isPay
        ? 'PAYROLL ACME INC'
        : `${NOISE[Math.floor(random() * NOISE.length)]}${Math.floor(random() * 9000) + 1000}`,
      out: isPay
        ? -Math.round(random() * 300000) / 100 - 1000
        : Math.round(random() * 20000) / 100 + 1,
    });
  }
  return rows.sort((a, b) => b.date.localeCompare(a.date));
}

/** Chase-style: one amount column, money out negative, MM/DD/YYYY. */
function amountCsv(rows: Row[]) {
  const lines = rows.map(
    (r) =>
      `${usDate(r.date)},"${r.name}",${(-r.out).toFixed(2)},${r.out > 0 ? 'DEBIT' : 'CREDIT'},`,
  );
  return ['Posting Date,Description,Amount,Type,Balance', ...lines].join('\r\n') + '\r\n';
}

/** A UK-style export: debit and credit columns, DD/MM/YYYY. */
function debitCreditCsv(rows: Row[]) {
  const lines = rows.map(
    (r) =>
      `${ukDate(r.date)},${r.name},${r.out > 0 ? r.out.toFixed(2) : ''},${r.out < 0 ? (-r.out).toFixed(2) : ''}`,
  );
  return ['Date,Transaction Description,Debit Amount,Credit Amount', ...lines].join('\n');
}

function ofx(rows: Row[]) {
  const transactions = rows
    .map(
      (r, i) =>
        `<STMTTRN><TRNTYPE>${r.out > 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${r.date.replaceAll('-', '')}120000<TRNAMT>${(-r.out).toFixed(2)}<FITID>${i}<NAME>${r.name}</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>021000021<ACCTID>99887766<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101<DTEND>20261120
${transactions}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
}

const bigRows = statement(
  10_000,
  [
    { name: 'NETFLIX.COM', amount: 15.49, day: 5 },
    { name: 'SPOTIFY USA', amount: 10.99, day: 12 },
  ],
  1,
);
const bigCsv = amountCsv(bigRows);
const ukCsv = debitCreditCsv(statement(300, [{ name: 'PURE GYM LTD', amount: 29.99, day: 2 }], 2));
const ofxFile = ofx(statement(400, [{ name: 'HULU 877-8244858', amount: 18.99, day: 8 }], 3));

describe('importing bank export files', () => {
  let t: TestApp;
  let a: string;
  let b: string;

  const post = (token: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: path, headers: bearer(token), payload });
  const commit = (token: string, payload: object) => post(token, importRoutes.commit.path, payload);
  const profileOf = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: userRoutes.profileInfo.path,
        headers: bearer(token),
      })
    ).json() as ProfileInfo;

  /** Resolves when an import request reaches its handler (the file is read next). */
  let reading: Promise<void>;
  let onReading = () => {};
  const nextReading = () => {
    reading = new Promise((resolve) => (onReading = resolve));
  };
  nextReading();

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(`${today}T12:00:00Z`),
      setup: (app) =>
        app.addHook('preHandler', async (request) => {
          if (request.url !== importRoutes.commit.path) return;
          onReading();
          nextReading();
        }),
    });
    a = (await signIn(t.app, '+14155550301')).token;
    b = (await signIn(t.app, '+14155550302')).token;
  });
  afterAll(() => t.close());

  it('previews a 10,000-row CSV with the layout it recognised and its first rows', async () => {
    const response = await post(a, importRoutes.preview.path, {
      fileName: 'Chase1234_Activity_20261120.CSV',
      fileText: bigCsv,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as ImportPreview;
    expect(preview).toMatchObject({
      format: 'csv',
      rowCount: 10_000,
      errors: [],
      importedAccountId: null,
      accountName: 'Chase Activity',
      mapping: {
        hasHeader: true,
        dateColumn: 0,
        dateFormat: 'MDY',
        descriptionColumn: 1,
        amount: { kind: 'amount', column: 2, moneyOut: 'negative' },
      },
    });
    expect(preview.transactions).toHaveLength(20);
    expect(preview.transactions[0]).toEqual({
      row: 2,
      date: bigRows[0]!.date,
      description: bigRows[0]!.name,
      amount: bigRows[0]!.out,
    });
  });

  it('imports each file once, whatever its layout, and adds nothing the second time', async () => {
    const files = [
      { fileName: 'Chase1234_Activity_20261120.CSV', fileText: bigCsv, count: 10_000 },
      { fileName: 'statement-2026-11.csv', fileText: ukCsv, count: 300 },
      { fileName: 'export.qfx', fileText: ofxFile, count: 400 },
    ];
    const accounts = new Set<string>();
    for (const file of files) {
      const first = await commit(a, { fileName: file.fileName, fileText: file.fileText });
      expect(first.statusCode, first.body).toBe(200);
      const result = first.json() as ImportResult;
      expect(result).toMatchObject({ added: file.count, alreadyImported: 0 });
      accounts.add(result.importedAccountId);
      // The next month's export has another date in its name: the same account, nothing twice.
      const again = await commit(a, {
        fileName: file.fileName.replace(/\d{4}/, '2027'),
        fileText: file.fileText,
      });
      const unchanged = { added: 0, alreadyImported: file.count };
      expect(again.json()).toEqual({
        ...result,
        ...unchanged,
        accounts: [{ ...result.accounts[0], ...unchanged }],
      });
    }
    expect(accounts.size).toBe(3);
    const profile = await profileOf(a);
    expect(profile.linkedAccounts.map((account) => account.bankName).sort()).toEqual([
      'Chase Activity',
      'export ···7766',
      'statement',
    ]);
  });

  it('finds the monthly bills among the imported transactions once detection has run', async () => {
    await t.runQueuedJobs();
    const response = await t.app.inject({
      method: 'GET',
      url: subscriptionRoutes.listAll.path,
      headers: bearer(a),
    });
    const found = (response.json() as Subscription[]).map((s) => ({
      name: s.merchant_name.toLowerCase(),
      amount: s.amount,
      cadence: s.cadence,
    }));
    // The four monthly bills planted, and nothing of the noise around them.
    expect(found.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { name: 'hulu', amount: 18.99, cadence: 'MONTHLY' },
      { name: 'netflix', amount: 15.49, cadence: 'MONTHLY' },
      { name: 'pure gym', amount: 29.99, cadence: 'MONTHLY' },
      { name: 'spotify', amount: 10.99, cadence: 'MONTHLY' },
    ]);
  });

  it('imports nothing from a file with a broken row, and names the row', async () => {
    const c = (await signIn(t.app, '+14155550303')).token;
    const lines = bigCsv.split('\r\n');
    lines[5002] = lines[5002]!.replace(/^[^,]+/, '13/45/2026');
    const response = await commit(c, { fileName: 'broken.csv', fileText: lines.join('\r\n') });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'import-row-invalid',
      detail: 'Row 5003: "13/45/2026" is not a date written MM/DD/YYYY. Nothing was imported.',
    });
    const badAmount = await commit(c, {
      fileName: 'export.ofx',
      fileText: ofxFile.replace('<TRNAMT>-', '<TRNAMT>X'),
    });
    expect(badAmount.statusCode).toBe(422);
    expect(badAmount.json()).toMatchObject({
      code: 'import-row-invalid',
      detail: expect.stringMatching(/^Transaction 1: "X.*" is not an amount/),
    });
    expect((await profileOf(c)).linkedAccounts).toEqual([]);
  });

  it("refuses to import into another person's imported account", async () => {
    const [account] = (await profileOf(a)).linkedAccounts;
    const response = await commit(b, {
      fileName: 'mine.csv',
      fileText: ukCsv,
      importedAccountId: account!.id,
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'import-account-not-found' });
    expect((await profileOf(b)).linkedAccounts).toEqual([]);
    // Their own import goes into an account of their own.
    const own = await commit(b, { fileName: 'mine.csv', fileText: ukCsv });
    expect(own.json()).toMatchObject({ added: 300 });
  });

  it('names the new account as the person chose, and keeps that name on the next file', async () => {
    const g = (await signIn(t.app, '+14155550307')).token;
    const first = await commit(g, {
      fileName: 'Export_20261120.csv',
      fileText: ukCsv,
      accountName: '  Credit union checking ',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ accountName: 'Credit union checking', added: 300 });
    const next = await commit(g, { fileName: 'Export_20261220.csv', fileText: ukCsv });
    expect(next.json()).toMatchObject({ accountName: 'Credit union checking', added: 0 });
    expect((await profileOf(g)).linkedAccounts.map((account) => account.bankName)).toEqual([
      'Credit union checking',
    ]);
    const blank = await commit(g, { fileName: 'x.csv', fileText: ukCsv, accountName: '  ' });
    expect(blank.statusCode).toBe(400);
  });

  it('imports a new file source sent twice at once into one account, without duplicates', async () => {
    const d = (await signIn(t.app, '+14155550304')).token;
    const payload = { fileName: 'Twice_20261120.csv', fileText: ukCsv };
    const sent = await Promise.all([commit(d, payload), commit(d, payload)]);
    // A person's files are read one at a time: one sent while the other is read is asked to
    // wait (docs/imports.md), and sending it again then adds nothing.
    const answers = await Promise.all(
      sent.map((answer) =>
        answer.statusCode === 429 && answer.json<{ code: string }>().code === 'import-busy'
          ? commit(d, payload)
          : answer,
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const results = answers.map((answer) => answer.json() as ImportResult);
    expect(results[0]!.importedAccountId).toBe(results[1]!.importedAccountId);
    expect(results.map((r) => r.added).sort()).toEqual([0, 300]);
    expect((await profileOf(d)).linkedAccounts).toHaveLength(1);
  });

  it('reads a ;-separated export with decimal commas below a preamble', async () => {
    const e = (await signIn(t.app, '+14155550305')).token;
    const fileText = [
      'Kontonummer;DE12 3456 7890 1234 5678 90',
      'Zeitraum;01.10.2026 - 31.10.2026',
      '',
      'Buchungstag;Verwendungszweck;Betrag',
      '05.10.2026;NETFLIX;-12,99',
      '06.10.2026;MIETE;-1.234,56',
      '07.10.2026;GEHALT;2.500,00',
    ].join('\n');
    const response = await commit(e, { fileName: 'Umsaetze.csv', fileText });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 3 });
  });

  it('keeps answering other requests while it reads a large OFX file', async () => {
    const f = (await signIn(t.app, '+14155550306')).token;
    // Broken at its last transaction: the answer is a 422 as soon as the file is read, with no
    // database work after it, so only a read off the event loop lets /api/health answer first.
    const rows = statement(25_000, [], 4);
    const fileText = ofx(rows).replace(/<TRNAMT>[^<]*<FITID>24999</, '<TRNAMT>X<FITID>24999<');
    const answered: string[] = [];
    const importing = commit(f, { fileName: 'big.ofx', fileText }).then((response) => {
      answered.push('import');
      return response;
    });
    await reading;
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    answered.push('health');
    const response = await importing;
    expect(health.statusCode).toBe(200);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ detail: expect.stringMatching(/^Transaction 25000:/) });
    expect(answered).toEqual(['health', 'import']);
  });

  it('refuses a file that is not a statement', async () => {
    const response = await commit(a, { fileName: 'notes.csv', fileText: 'hello,world\nfoo,bar\n' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'import-file-unreadable' });
  });
});
