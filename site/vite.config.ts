import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    // One small stylesheet, inlined into every prerendered page by scripts/prerender.mjs.
    cssCodeSplit: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  ssr: { noExternal: ['@kafue/common'] },
  preview: { port: 5110 },
});
