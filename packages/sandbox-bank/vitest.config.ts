import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'sandbox-bank', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
