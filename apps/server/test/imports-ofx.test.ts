/**
 * OFX files as banks write them, over HTTP: a file with statements of three accounts
 * puts each statement's transactions in its own imported account; an OFX 2 file that wraps its
 * values in CDATA sections imports; a statement in another currency is refused, naming it, and
 * nothing of the file is written.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importRoutes,
  userRoutes,
  type ImportPreview,
  type ImportResult,
  type ProfileInfo,
} from '@billow/contracts';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const sample = (name: string) =>
  readFileSync(new URL(`./fixtures/ofx/${name}`, import.meta.url), 'utf8');

describe('importing OFX files', () => {
  let t: TestApp;
  const post = (token: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: path, headers: bearer(token), payload });
  const accountNames = async (token: string) =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: userRoutes.profileInfo.path,
          headers: bearer(token),
        })
      ).json() as ProfileInfo
    ).linkedAccounts
      .map((account) => account.bankName)
      .sort();

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date('2026-11-20T12:00:00Z') });
  });
  afterAll(() => t.close());

  it("puts each statement of a file with several accounts in that account's own imported account", async () => {
    const { token } = await signIn(t.app, '+14155550401');
    const fileText = sample('three-accounts.ofx');
    const preview = await post(token, importRoutes.preview.path, {
      fileName: 'Hometown.ofx',
      fileText,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as ImportPreview).accounts).toEqual([
      { importedAccountId: null, accountName: 'Hometown ···2200', rowCount: 3 },
      { importedAccountId: null, accountName: 'Hometown ···2201', rowCount: 1 },
      { importedAccountId: null, accountName: 'Hometown ···4444', rowCount: 2 },
    ]);

    const first = await post(token, importRoutes.commit.path, {
      fileName: 'Hometown.ofx',
      fileText,
    });
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json() as ImportResult;
    expect(result).toMatchObject({ added: 6, alreadyImported: 0 });
    expect(result.accounts.map((a) => [a.accountName, a.added])).toEqual([
      ['Hometown ···2200', 3],
      ['Hometown ···2201', 1],
      ['Hometown ···4444', 2],
    ]);
    expect(new Set(result.accounts.map((a) => a.importedAccountId)).size).toBe(3);
    expect(await accountNames(token)).toEqual([
      'Hometown ···2200',
      'Hometown ···2201',
      'Hometown ···4444',
    ]);

    // The next export of the same three accounts goes into the same three, nothing twice.
    const again = await post(token, importRoutes.commit.path, {
      fileName: 'Hometown.ofx',
      fileText,
    });
    expect((again.json() as ImportResult).accounts).toEqual(
      result.accounts.map((a) => ({ ...a, added: 0, alreadyImported: a.added })),
    );

    // Several accounts cannot all go into one chosen account.
    const chosen = await post(token, importRoutes.commit.path, {
      fileName: 'Hometown.ofx',
      fileText,
      importedAccountId: result.importedAccountId,
    });
    expect(chosen.statusCode).toBe(422);
    expect(chosen.json()).toMatchObject({ code: 'import-file-unreadable' });
  });

  it('imports an OFX 2 file whose values are CDATA sections', async () => {
    const { token } = await signIn(t.app, '+14155550402');
    const response = await post(token, importRoutes.commit.path, {
      fileName: 'BayValley.qfx',
      fileText: sample('cdata-usd.ofx'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ accountName: 'BayValley ···2222', added: 2 });
  });

  it('refuses a statement in another currency, naming it, and writes nothing of the file', async () => {
    const { token } = await signIn(t.app, '+14155550403');
    const aud = await post(token, importRoutes.commit.path, {
      fileName: 'Suncorp.ofx',
      fileText: sample('suncorp-aud.ofx'),
    });
    expect(aud.statusCode, aud.body).toBe(422);
    expect(aud.headers['content-type']).toContain('application/problem+json');
    expect(aud.json()).toMatchObject({
      code: 'import-currency-unsupported',
      detail:
        'This file holds a statement in AUD. Billow shows amounts in US dollars (USD) only, so nothing was imported.',
    });
    const preview = await post(token, importRoutes.preview.path, {
      fileName: 'Suncorp.ofx',
      fileText: sample('suncorp-aud.ofx'),
    });
    expect(preview.json()).toMatchObject({ code: 'import-currency-unsupported' });

    // One Canadian-dollar savings statement among dollar ones: none of the file is imported.
    const mixed = sample('three-accounts.ofx').replace(
      /(<ACCTID>0045512201[\s\S]*?)?<CURDEF>USD(\s*<BANKACCTFROM>\s*<BANKID>211381990\s*<ACCTID>0045512201)/,
      '<CURDEF>CAD$2',
    );
    expect(mixed).toContain('<CURDEF>CAD');
    const cad = await post(token, importRoutes.commit.path, {
      fileName: 'Hometown.ofx',
      fileText: mixed,
    });
    expect(cad.statusCode).toBe(422);
    expect(cad.json()).toMatchObject({
      detail:
        'This file holds a statement in CAD for Hometown ···2201. Billow shows amounts in US dollars (USD) only, so nothing was imported.',
    });
    expect(await accountNames(token)).toEqual([]);
  });
});
