/**
 * Lighthouse (mobile preset: its default emulated phone and throttling) on /signup, /auth and a
 * signed-in /, against a running Billow, driving the system Chromium through puppeteer. The
 * signed-in page gets a real session first (sandbox sign-in, tokens where the web app keeps
 * them), and Lighthouse is told not to clear storage. Printed, never asserted; skipped with a
 * message when Chromium or the lighthouse package is missing.
 */
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function post(base, url, body, token) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}`);
  return response.json();
}

async function session(base, phoneNumber) {
  await post(base, '/api/auth/otp/start', { phoneNumber });
  const outbox = await (
    await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(phoneNumber)}`)
  ).json();
  const code = /\b(\d{6})\b/.exec(outbox[0].body)[1];
  return post(base, '/api/auth/otp/verify', { phoneNumber, code });
}

/**
 * A person as the dashboard usually sees them: named, with the sandbox bank linked and its
 * transactions loaded, so the signed-in run measures the dashboard with its bills, not the
 * name step or an empty first screen.
 */
async function settledPerson(base, phoneNumber) {
  const tokens = await session(base, phoneNumber);
  const token = tokens.accessToken;
  await post(base, '/api/user/update-profile-info', { user_legal_name: 'Lee Bench' }, token);
  const { public_token: publicToken } = await post(base, '/api/dev/sandbox/public-token', {
    persona: 'default',
  });
  await post(base, '/api/plaid/link/result', { publicToken }, token);
  for (;;) {
    const status = await (
      await fetch(`${base}/api/user/transaction-load-status?waitMs=4000`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    if (status.transactionsLoaded) return tokens;
  }
}

/**
 * Returns { skipped } or { [route]: { performance, accessibility, fcpMs, lcpMs, tbtMs,
 * benchmarkIndex, cls, finalPath } }.
 */
export async function lighthouseScores(base, { phoneNumber }) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM}` };
  let lighthouse;
  let puppeteer;
  try {
    lighthouse = (await import('lighthouse')).default;
    puppeteer = (await import('puppeteer-core')).default;
  } catch {
    return { skipped: 'the lighthouse package is not installed (npm ci)' };
  }
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const results = {};
  try {
    const tokens = await settledPerson(base, phoneNumber);
    for (const [route, signedIn] of [
      ['/signup', false],
      ['/auth', false],
      ['/', true],
    ]) {
      const page = await browser.newPage();
      if (signedIn) {
        // Land on a public page of the same origin to write storage, as a signed-in tab has it.
        await page.goto(`${base}/auth`, { waitUntil: 'load' });
        await page.evaluate((t) => {
          sessionStorage.setItem('token', t.token);
          sessionStorage.setItem('accessToken', t.accessToken);
          localStorage.setItem('refreshToken', t.refreshToken);
        }, tokens);
      }
      const runs = [];
      for (let i = 0; i < 3; i++) {
        const result = await lighthouse(
          `${base}${route}`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: signedIn,
          },
          undefined,
          page,
        );
        const { categories, audits } = result.lhr;
        runs.push({
          performance: Math.round(categories.performance.score * 100),
          accessibility: Math.round(categories.accessibility.score * 100),
          fcpMs: Math.round(audits['first-contentful-paint'].numericValue),
          lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(audits['total-blocking-time'].numericValue),
          // Lighthouse slows the CPU 4× whatever the machine: a busy or slow machine scores lower.
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
          cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
          // Where the run ended: a signed-in run sent elsewhere did not measure the dashboard.
          finalPath: new URL(result.lhr.finalDisplayedUrl).pathname,
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      results[route] = runs[1];
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
