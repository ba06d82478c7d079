import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server (`npm start`'s code path) on a fresh embedded database,
 * in the system Chromium, at phone and desktop widths.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  // After every journey, the rewards and savings ledgers must still reconcile (docs/savings.md).
  globalTeardown: './e2e/support/ledgers-check.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // Limits for a loaded 2-core runner (two browsers and the server sharing it): a navigation
  // there has taken 7 s and a click 12 s. They only cost time when a test fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // DOM snapshots are what a failure is read from; a screencast frame for every paint is
    // JPEG-encoded while every test runs, so the trace keeps none (the failure screenshot stays).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Spinners, pulsing skeletons and fades are painted in software at 60 frames a second;
    // with reduced motion (which the app honours) a journey needs about a quarter less CPU.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium', channel: undefined } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' } },
  ],
  webServer: {
    command: 'node e2e/support/server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      BILLOW_DATA_DIR: path.join(os.tmpdir(), `billow-e2e-${port}`),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
      OTP_RESEND_COOLDOWN_SECONDS: '1',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every journey signs in from this one machine's address.
      SMS_MAX_PER_ADDRESS_PER_HOUR: '100000',
      // A sandbox bank day of three seconds: a debit settles (or bounces) within a journey.
      SANDBOX_BANK_DAY_SECONDS: '3',
    },
  },
});
