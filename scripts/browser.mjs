// The one Chromium every browser test and benchmark uses: Debian's, since Playwright and
// Lighthouse cannot download their own on these machines. We run as root, hence --no-sandbox;
// the machine's closed network refuses Chromium's background connections, hence the rest.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * What the browser tests drive: Chromium's headless shell (Debian package
 * `chromium-headless-shell`, the build Playwright itself uses for headless tests) where it is
 * installed. It draws the same pages with the same Blink; without the full browser's windowing
 * and UI layers a console suite ran in 20% less time (2.5 to 2.0 min, 17 tests). Lighthouse keeps
 * the full browser, as a visitor's.
 */
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const testChromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : chromiumPath);
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--disable-component-update',
  '--disable-sync',
];
/**
 * Playwright's launchOptions. Software compositing in the browser process itself: with no GPU,
 * the GPU process composited every frame in software as a process of its own, as busy as the
 * page's renderer; without it, its share of a console suite's CPU fell from a quarter to a
 * twentieth (top, settings.spec.ts). A test's page lives seconds: V8's optimising compiler
 * (--no-opt) works on a background thread for code that never runs long enough to pay it back,
 * and the pages of one test server need no process per site. Two console specs (settings and
 * phone-width, no trace) took 115 CPU-s instead of 124 (2026-11-29); nothing a test sees changes.
 */
export const launchOptions = {
  executablePath: testChromiumPath,
  args: [...chromiumArgs, '--disable-gpu-compositing', '--js-flags=--no-opt', '--disable-features=site-per-process,IsolateOrigins'],
};

/**
 * Both suites' trace: none. Recording every action for the few tests that fail cost a tenth of a
 * suite's CPU (two console specs: 138 to 124 CPU-s; a screencast too cost a third), and CI keeps
 * only what it prints. To keep one of a failing test: `npx playwright test --trace retain-on-failure`.
 */
export const trace = 'off';

/**
 * The port of a suite's test server: a free one, taken once by Playwright's runner and kept in
 * the environment variable `name`, so that its workers (which load the config again) and its
 * webServer agree. Two runs on one machine (two clones, a developer's and CI's) never collide.
 * Setting `name` beforehand chooses the port.
 *
 * The port is free when chosen but taken only seconds later, when its server listens: so it is
 * chosen below the kernel's ephemeral range, from which every port the system hands out by
 * itself in between comes (another server's port 0, the embedded databases', each outgoing
 * connection's local port). One from that range, as before, could be handed out again meanwhile.
 */
export function e2ePort(name) {
  process.env[name] ||= execFileSync(process.execPath, ['-e', portProbe], { encoding: 'utf8' }).trim();
  return Number(process.env[name]);
}

/** Prints a free port below the ephemeral range (listened on as the server will: every address). */
const portProbe = `
const { readFileSync } = require('fs');
const { createServer } = require('net');
let ephemeralLow = 32768;
try { ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\\s+/)[0]); } catch {}
const low = 10000, high = Math.max(ephemeralLow, low + 1000);
const attempt = (left) => {
  const port = left ? low + Math.floor(Math.random() * (high - low)) : 0;
  const probe = createServer().once('error', () => attempt(left - 1));
  probe.listen(port, () => { console.log(probe.address().port); probe.close(); });
};
attempt(50);
`;

/**
 * A fresh data directory for a suite's test server, made once by Playwright's runner and kept in
 * the environment variable `name` (as e2ePort), so that its workers can read what the server
 * writes there (the mail outbox). The launcher removes it when the server stops.
 */
export function e2eDataDir(name) {
  process.env[name] ||= mkdtempSync(join(tmpdir(), 'kafue-e2e-'));
  return process.env[name];
}

const launcher = fileURLToPath(new URL('./e2e-server.mjs', import.meta.url));

/**
 * Playwright's webServer: the real built server on `port`, on a throw-away embedded database,
 * with `admin` as its first Super Admin. SIGTERM (not Playwright's default SIGKILL) lets the
 * launcher stop the server and remove the data directory. `options.dataDir` names that directory
 * (a fresh one, which the tests read: the mail outbox); by default the launcher makes one.
 */
export function realServer(port, admin, options = {}) {
  return {
    command: `node ${launcher}`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      // New password hashes at argon2's lowest cost: the browser suites sign in and create
      // accounts hundreds of times, and at the production cost those hashes were over a third
      // of a core beside the browser. The server's own tests check the production cost.
      ARGON2_LOW_COST_FOR_TESTS: '1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...(options.dataDir ? { E2E_DATA_DIR: options.dataDir } : {}),
    },
  };
}
