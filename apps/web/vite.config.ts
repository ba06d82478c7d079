import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
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
});
