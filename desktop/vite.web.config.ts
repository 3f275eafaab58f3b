import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Development server only: the sign-in pages and the staff portal live outside /admin/, where
 * the server answers them with the console too (server/src/web/static.ts, isConsolePath).
 */
const consoleRoutesOutsideBase: Plugin = {
  name: 'console-routes-outside-base',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '';
      // The admin sign-in is /<brand slug>-secure-admin (adminLoginPath in @kafue/common, which
      // this config cannot import: Node would have to load its TypeScript).
      if (/^\/[\w-]+-secure-admin$/.test(path) || path === '/staff-login' || path === '/staff' || path.startsWith('/staff/'))
        req.url = '/admin/';
      next();
    });
  },
};

/**
 * The console built for the web. The server serves desktop/dist-web/index.html at /admin,
 * /admin/*, /kafue-secure-admin, /staff-login, /staff and /staff/*, and its hashed assets at
 * /admin/assets/*. The manifest lets bench/bundle.mjs count what each screen loads.
 */
export default defineConfig({
  root: resolve(import.meta.dirname, 'src/renderer'),
  base: '/admin/',
  plugins: [react(), consoleRoutesOutsideBase],
  build: {
    outDir: resolve(import.meta.dirname, 'dist-web'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  // `npm run dev:web -w desktop`: the console with live reload, its API calls sent on to the API
  // server of `npm run dev` (PORT 5000; API_URL to choose another). The Host header is kept, so
  // that the API's same-origin check sees the address the browser used.
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:5000', changeOrigin: false } },
  },
});
