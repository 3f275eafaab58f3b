import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import webConfig from './vite.web.config';

const here = import.meta.dirname;

/**
 * electron-vite sets `base: './'` for production renderer builds. The console routes on real
 * paths (BrowserRouter: kafue://app/admin/users, ...), where './assets/x.js' would resolve to
 * /admin/assets/x.js; the app scheme serves the files from its root, so assets must be '/'.
 */
const rootRelativeBase: Plugin = {
  name: 'kafue:root-relative-base',
  config: () => ({ base: '/' }),
};

/**
 * Main, preload and renderer are three separate programs (desktop/out/{main,preload,renderer}).
 * Main and preload bundle their dependencies (the package holds only out/ and package.json);
 * the preload is one CommonJS file, as sandboxed preloads must be.
 */
export default defineConfig({
  main: {
    build: {
      externalizeDeps: false,
      rolldownOptions: { input: { index: resolve(here, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    // The console's own Vite settings (React plugin, aliases), shared with its web build.
    plugins: [...(webConfig.plugins ?? []), rootRelativeBase],
    resolve: webConfig.resolve,
    define: webConfig.define,
    css: webConfig.css,
    root: resolve(here, 'src/renderer'),
    build: {
      outDir: resolve(here, 'out/renderer'),
      rolldownOptions: {
        input: {
          index: resolve(here, 'src/renderer/index.html'),
          setup: resolve(here, 'src/renderer/setup.html'),
        },
      },
    },
  },
});
