import { defineConfig, devices } from '@playwright/test';
import { e2eDataDir, e2ePort, launchOptions, realServer, trace } from '../scripts/browser.mjs';

/** The real server, built, on a free port and a throw-away embedded database. */
const port = e2ePort('DESKTOP_E2E_PORT');
export const baseURL = `http://localhost:${port}`;
/** The first Super Admin, created by the server at its first start (design.md). */
export const superAdmin = { email: 'super@kafue.test', password: 'Super-admin-pass-1' };
/** The server's data directory: mail goes to its outbox/ as .eml files (no SMTP_URL in tests). */
export const dataDir = e2eDataDir('DESKTOP_E2E_DATA_DIR');

const server = realServer(port, superAdmin, { dataDir });

/**
 * The server of the tests tagged @alone, a second one with its own database: what they change
 * (general, company or security settings, maintenance mode, a restore) and what they count (the
 * dashboard's figures, analytics totals) concerns no other test, so they run beside the others,
 * one at a time among themselves, where they ran after them on one worker (157 s of the suite's
 * 628 in CI; beside them, 557 s on a quiet machine, 2026-11-30). It has no mailbox, WhatsApp or
 * pawaPay: their stand-ins answer the first.
 */
const alonePort = e2ePort('DESKTOP_E2E_ALONE_PORT');
export const aloneBaseURL = `http://localhost:${alonePort}`;
export const aloneDataDir = e2eDataDir('DESKTOP_E2E_ALONE_DATA_DIR');
const aloneServer = realServer(alonePort, superAdmin, { dataDir: aloneDataDir });

/**
 * pawaPay's stand-in, a process of its own (server/test/pawapay-standin-serve.ts) that the test
 * server calls as PAWAPAY_URL; the tests settle deposits and send their callbacks through its
 * /_standin/ addresses (payments.spec.ts).
 */
export const pawapayStandIn = `http://127.0.0.1:${e2ePort('DESKTOP_E2E_PAWAPAY_PORT')}`;
const pawapayToken = 'e2e-standin-token';

/**
 * The company's mailbox (Dovecot, server/test/dovecot-serve.ts), which the test server watches as
 * IMAP_URL: a test puts a client's answer in it through `${mailboxControl}/deliver` (conversations.spec.ts).
 */
export const mailboxControl = `http://127.0.0.1:${e2ePort('DESKTOP_E2E_MAILBOX_CONTROL_PORT')}`;
const mailbox = { user: 'office@kafue.test', password: 'Mailbox-pass-1', port: e2ePort('DESKTOP_E2E_IMAP_PORT') };
const imapUrl = `imap://${encodeURIComponent(mailbox.user)}:${mailbox.password}@127.0.0.1:${mailbox.port}/INBOX`;

/**
 * WhatsApp's Cloud API stand-in (server/test/whatsapp-standin-serve.ts), which the test server
 * calls as WHATSAPP_API_URL and which sends its signed notifications to the server's webhook: a
 * test has a client write through `${whatsappStandIn}/_standin/text` (conversations.spec.ts).
 */
export const whatsappStandIn = `http://127.0.0.1:${e2ePort('DESKTOP_E2E_WHATSAPP_PORT')}`;
const whatsapp = { token: 'e2e-graph-token', phoneNumberId: '106540352242922', appSecret: 'e2e-app-secret', verifyToken: 'e2e-verify' };

const chromium = { ...devices['Desktop Chrome'], launchOptions };

/** Tests that change or count what every other test sees: on a server of their own, one at a time. */
const alone = /@alone/;
/** Where a project's server keeps its data (support.ts: serverDataDir). */
export interface ServerMetadata {
  dataDir: string;
}
const suiteServer: ServerMetadata = { dataDir };

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Three workers on two cores: the suite waits on pages and servers (1.5 cores busy). The
  // projects are listed in the order their tests should start: Playwright gives a free worker the
  // first waiting file whose project is under its own limit. So the @alone tests, one at a time,
  // run from the start on one worker and the renderer's tests on another, and the web tests take
  // every worker the other two leave: with the web tests held to two workers, the third sat idle
  // for the last 138 s of 317; so the suite takes 287 s, for the same CPU-seconds (2026-11-30).
  // A test that assumes it alone writes somewhere shared (a service category's order) writes
  // where no other test does. To run an @alone test by name:
  // `npx playwright test --project=alone -g '...'`.
  workers: 3,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: { baseURL, trace },
  projects: [
    {
      name: 'alone',
      use: { ...chromium, baseURL: aloneBaseURL },
      grep: alone,
      workers: 1,
      metadata: { dataDir: aloneDataDir } satisfies ServerMetadata,
    },
    // The renderer's desktop build, with the main process's request module behind window.kafue.
    { name: 'desktop-renderer', testDir: 'e2e/desktop', use: chromium, grepInvert: alone, workers: 1, metadata: suiteServer },
    // The console as served on the web at /admin, /kafue-secure-admin, /staff-login, /staff/*.
    { name: 'web', testDir: 'e2e/web', use: chromium, grepInvert: alone, metadata: suiteServer },
  ],
  // TRUST_PROXY: tests send enquiries as visitors of their own addresses (X-Forwarded-For), so
  // the per-address limit on the public form does not count the whole suite together; likewise
  // the beacons of the public pages the suite opens (BEACONS_PER_MINUTE).
  webServer: [
    { ...aloneServer, env: { ...aloneServer.env, TRUST_PROXY: '1', BEACONS_PER_MINUTE: '100000' } },
    {
      ...server,
      env: {
        ...server.env,
        TRUST_PROXY: '1',
        BEACONS_PER_MINUTE: '100000',
        PAWAPAY_URL: pawapayStandIn,
        PAWAPAY_TOKEN: pawapayToken,
        IMAP_URL: imapUrl,
        WHATSAPP_API_URL: `${whatsappStandIn}/v23.0`,
        WHATSAPP_TOKEN: whatsapp.token,
        WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
        WHATSAPP_APP_SECRET: whatsapp.appSecret,
        WHATSAPP_VERIFY_TOKEN: whatsapp.verifyToken,
      },
    },
    {
      command: 'node --import tsx ../server/test/dovecot-serve.ts',
      url: `${mailboxControl}/ready`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: String(mailbox.port),
        CONTROL_PORT: new URL(mailboxControl).port,
        USER: mailbox.user,
        PASSWORD: mailbox.password,
      },
    },
    {
      command: 'node --import tsx ../server/test/pawapay-standin-serve.ts',
      url: `${pawapayStandIn}/_standin/deposits`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: new URL(pawapayStandIn).port,
        TOKEN: pawapayToken,
        CALLBACK_URL: `${baseURL}/api/payments/pawapay/callback`,
      },
    },
    {
      command: 'node --import tsx ../server/test/whatsapp-standin-serve.ts',
      url: `${whatsappStandIn}/_standin/sent`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: {
        PORT: new URL(whatsappStandIn).port,
        TOKEN: whatsapp.token,
        PHONE_NUMBER_ID: whatsapp.phoneNumberId,
        APP_SECRET: whatsapp.appSecret,
        WEBHOOK_URL: `${baseURL}/api/whatsapp/webhook`,
      },
    },
  ],
});
