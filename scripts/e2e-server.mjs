// Starts the built server for end-to-end tests on a fresh, throw-away data directory (its own
// embedded PostgreSQL), and removes that directory when the test runner stops it.
// Used as Playwright's webServer: PORT, ADMIN_EMAIL and ADMIN_PASSWORD come from its env.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// E2E_DATA_DIR: a fresh directory the tests chose (they read the mail outbox in it).
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(join(tmpdir(), 'kafue-e2e-'));
const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
  // No load balancer in front: stop at once on SIGTERM, no drain window.
  env: { DRAIN_SECONDS: '0', ...process.env, DATA_DIR: dataDir },
  stdio: 'inherit',
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
