import { defineConfig } from 'vitest/config';

/** One Vitest run, a project per workspace: `npm run test:unit|test:server|test:web` pick some. */
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/recurring',
      'packages/sandbox-bank',
      'apps/server',
      'apps/web',
    ],
  },
});
