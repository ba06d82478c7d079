import { defineProject } from 'vitest/config';

/**
 * Server suites run on a real database: PGlite by default, or the PostgreSQL server named by
 * DATABASE_URL. A migrated template is made once (global setup); each test file gets its own copy.
 */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
