import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // API_ORIGIN (the analytics beacon's destination on a static host: src/env.d.ts) is the one
  // variable of the build's environment that reaches the browser's code (not even VITE_*).
  envPrefix: 'API_ORIGIN',
  build: {
    manifest: true,
    // One small stylesheet, inlined into every prerendered page by scripts/prerender.mjs.
    cssCodeSplit: false,
    target: 'es2022',
    // No preloading helper: each island is one chunk of its own, imported when it is needed;
    // the helper (1.7 KB) would weigh more than most islands.
    modulePreload: false,
  },
  ssr: { noExternal: ['@kafue/common'] },
  // `npm run dev -w site`; 5173 is the console's development server (desktop/vite.web.config.ts).
  server: { port: 5174 },
  preview: { port: 5110 },
});
