import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // The tests' own helpers, kept out of src/ (test/).
      '@test': path.resolve(import.meta.dirname, 'test'),
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // A busy 2-core machine runs a test several times slower than a quiet one: no test fails
    // for the machine's load alone (figures belong in `npm run bench`).
    testTimeout: 60_000,
  },
});
