import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The console built for the web. The server serves desktop/dist-web/index.html at /admin,
 * /admin/*, /kafue-secure-admin, /staff-login, /staff and /staff/*, and its hashed assets at
 * /admin/assets/*. The manifest lets bench/bundle.mjs count what each screen loads.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist-web'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
