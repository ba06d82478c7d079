import { defineConfig } from 'vitest/config';

/** One Vitest run, three projects: `npm run test:unit|test:server|test:web` pick one. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/recurring', 'apps/server', 'apps/web'],
  },
});
