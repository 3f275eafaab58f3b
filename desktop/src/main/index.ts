/** Entry of the Electron main process (built to out/main/index.js). */
import { fileURLToPath } from 'node:url';
import { startApp } from './app';

void startApp({
  rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
  preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
});
