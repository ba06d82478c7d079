/**
 * How much file reading one person may ask for (docs/imports.md): one file at a time, and so many
 * characters an hour, previews included. Another person is never held back by someone's quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRoutes } from '@billow/contracts';
import { bearer, signIn } from './sign-in';
import { createTestApp, type TestApp } from './test-app';

const CHARS_PER_HOUR = 6_000_000;

/** A CSV of `rows` small transactions (about 30 characters each). */
function csv(rows: number) {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i++)
    lines.push(`2026-10-${String((i % 28) + 1).padStart(2, '0')},SHOP ${i},-${(i % 90) + 1}.25`);
  return `${lines.join('\n')}\n`;
}

describe('the import quota', () => {
  let t: TestApp;
  let now = new Date('2026-11-20T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => now,
      env: { IMPORT_CHARS_PER_HOUR: String(CHARS_PER_HOUR) },
    });
  });
  afterAll(() => t.close());

  const preview = (token: string, fileText: string) =>
    t.app.inject({
      method: 'POST',
      url: importRoutes.preview.path,
      headers: bearer(token),
      payload: { fileName: 'statement.csv', fileText },
    });

  it('reads one file at a time for a person, and says to wait for the first', async () => {
    const { token } = await signIn(t.app, '+14155550401');
    const other = (await signIn(t.app, '+14155550402')).token;
    // Large enough that its read is still going when the second request arrives.
    const fileText = csv(60_000);
    const [one, two, someoneElse] = await Promise.all([
      preview(token, fileText),
      preview(token, fileText),
      preview(other, fileText),
    ]);
    // Whichever arrived second is asked to wait.
    const [first, second] = one.statusCode === 200 ? [one, two] : [two, one];
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(429);
    expect(second.headers['content-type']).toContain('application/problem+json');
    expect(second.json()).toMatchObject({
      code: 'import-busy',
      detail: 'Billow is still reading your last file. Wait for it to finish, then try again.',
    });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect(someoneElse.statusCode, someoneElse.body).toBe(200);
    // Once the first is read, the next is welcome.
    expect((await preview(token, fileText)).statusCode).toBe(200);
  });

  it('reads so many characters an hour for a person, then says how long to wait', async () => {
    const { token } = await signIn(t.app, '+14155550403');
    const other = (await signIn(t.app, '+14155550404')).token;
    const fileText = csv(80_000);
    expect(fileText.length).toBeGreaterThan(CHARS_PER_HOUR / 3);
    expect(fileText.length).toBeLessThan(CHARS_PER_HOUR / 2);
    expect((await preview(token, fileText)).statusCode).toBe(200);
    now = new Date(now.getTime() + 20 * 60_000);
    expect((await preview(token, fileText)).statusCode).toBe(200);

    const over = await preview(token, fileText);
    expect(over.statusCode, over.body).toBe(429);
    // The first read leaves the hour 40 minutes from now.
    expect(over.json()).toMatchObject({
      code: 'import-quota',
      detail: 'You have imported a lot of files in the last hour. Try again in 40 minutes.',
    });
    expect(Number(over.headers['retry-after'])).toBe(40 * 60);
    // A refused file is not counted, and nobody else is held back.
    expect((await preview(other, fileText)).statusCode).toBe(200);

    now = new Date(now.getTime() + 40 * 60_000 + 1000);
    expect((await preview(token, fileText)).statusCode).toBe(200);
  });
});
