import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { publicLabels } from './scripts/publicLabels.ts';
import { publicGroups } from './src/labels/public.ts';

/** The SPA: built into `dist/` (served by the API on the same origin); in development `/v1` goes to the API. */
export default defineConfig({
  plugins: [react(), publicLabels(publicGroups), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2023',
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
});
