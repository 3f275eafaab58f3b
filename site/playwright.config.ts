import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir, e2ePort, launchOptions, realServer } from '../scripts/browser.mjs';

/** The real server, built, on a free port and a throw-away embedded database. */
const port = e2ePort('SITE_E2E_PORT');
export const baseURL = `http://localhost:${port}`;

export const siteAdmin = { email: 'site-e2e@kafue.test', password: 'Site-e2e-pass-1' };
/** The server's data directory: the tests read the mails it writes to its outbox. */
export const dataDir = e2eDataDir('SITE_E2E_DATA_DIR');
const server = realServer(port, siteAdmin, { dataDir });

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : 'line',
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, launchOptions } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions } },
  ],
  // TRUST_PROXY: each contact-form test sends as a client address of its own (X-Forwarded-For),
  // so the per-address limit on enquiries counts every test apart. BEACONS_PER_MINUTE: the suite
  // opens hundreds of pages a minute from one address, each sending its beacon; the limit itself
  // is tested on the server (server/test/analytics.test.ts).
  webServer: { ...server, env: { ...server.env, TRUST_PROXY: '1', BEACONS_PER_MINUTE: '100000' } },
});
