import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir, e2ePort, launchOptions, realServer, trace } from '../scripts/browser.mjs';

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
 *   (a tag). Three workers on the two cores (a test waits on pages much of its time: with two
 *   the suite kept 1.6 cores busy and took 118 s, with three 104 s for the same CPU-seconds,
 *   2026-11-30), but for the tests tagged @alone (publishing.spec.ts, whatsapp.spec.ts):
 *   they change what every page shows (a service, the company's WhatsApp number), so their
 *   project runs after the others, one test at a time. To run one of them by name without the
 *   whole suite first: `npx playwright test --no-deps -g '...'`.
 */
const layout = /@layout/;
const alone = /@alone/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 3,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : 'line',
  use: { baseURL, trace },
  projects: [
    { name: 'phone', use: phone, grep: layout, grepInvert: alone },
    { name: 'desktop', use: desktop, grepInvert: alone },
    // One after the other: two @alone tests must not run at once either.
    { name: 'desktop-alone', use: desktop, grep: alone, workers: 1, dependencies: ['phone', 'desktop'] },
    {
      name: 'phone-alone',
      use: phone,
      grep: new RegExp(`(?=.*${layout.source})(?=.*${alone.source})`),
      workers: 1,
      dependencies: ['desktop-alone'],
    },
  ],
  // TRUST_PROXY: each contact-form test sends as a client address of its own (X-Forwarded-For),
  // so the per-address limit on enquiries counts every test apart. BEACONS_PER_MINUTE: the suite
  // opens hundreds of pages a minute from one address, each sending its beacon; the limit itself
  // is tested on the server (server/test/analytics.test.ts).
  webServer: { ...server, env: { ...server.env, TRUST_PROXY: '1', BEACONS_PER_MINUTE: '100000' } },
});
