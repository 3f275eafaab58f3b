import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir, e2ePort, launchOptions, realServer } from '../scripts/browser.mjs';

/** The real server, built, on a free port and a throw-away embedded database. */
const port = e2ePort('SITE_E2E_PORT');
export const baseURL = `http://localhost:${port}`;

export const siteAdmin = { email: 'site-e2e@kafue.test', password: 'Site-e2e-pass-1' };
/** The server's data directory: the tests read the mails it writes to its outbox. */
export const dataDir = e2eDataDir('SITE_E2E_DATA_DIR');
const server = realServer(port, siteAdmin, { dataDir });

const phone = { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, launchOptions };
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };

/**
 * Which spec runs where:
 * - Every test runs on desktop. A test also runs on the phone (390 px) when it is tagged @layout:
 *   it is about layout or the phone (the mobile menu, sizes, positions, overflow, a control shown
 *   at one width only, anything whose behaviour differs by width) or it runs axe, which checks
 *   both widths. Tag a describe (`test.describe('x', { tag: '@layout' }, ...)`) or a test; when
 *   in doubt, tag it.
 * - Tests share one server and database, so each keeps to data of its own: its own visitor
 *   address (the per-address limits), its own e-mail address (the mail outbox), its own enquiries
 *   (a tag). A test that changes what every page shows (publishing a service, the company's
 *   WhatsApp number) is tagged @alone: those run after all others, one at a time. One worker:
 *   two, on the 2-core machine, left pages unhydrated past the 5 s an expectation waits (as
 *   they did in the console's suite, tried 2026-11-28); with @alone, more workers need only the
 *   number raised.
 */
const layout = /@layout/;
const alone = /@alone/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : 'line',
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [
    { name: 'phone', use: phone, grep: layout, grepInvert: alone },
    { name: 'desktop', use: desktop, grepInvert: alone },
    { name: 'alone: desktop', use: desktop, grep: alone, workers: 1, dependencies: ['phone', 'desktop'] },
    { name: 'alone: phone', use: phone, grep: /^(?=.*@alone)(?=.*@layout)/, workers: 1, dependencies: ['alone: desktop'] },
  ],
  // TRUST_PROXY: each contact-form test sends as a client address of its own (X-Forwarded-For),
  // so the per-address limit on enquiries counts every test apart. BEACONS_PER_MINUTE: the suite
  // opens hundreds of pages a minute from one address, each sending its beacon; the limit itself
  // is tested on the server (server/test/analytics.test.ts).
  webServer: { ...server, env: { ...server.env, TRUST_PROXY: '1', BEACONS_PER_MINUTE: '100000' } },
});
