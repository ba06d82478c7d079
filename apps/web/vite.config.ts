import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

/**
 * React Router publishes one entry, its development build, with checks and warnings that cost a
 * phone tens of milliseconds as the page starts; a build uses the production one
 * beside it. Tests and the development server keep the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  // The manifest tells `npm run bench` which chunks each route loads.
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
}));
