import { defineConfig, devices } from '@playwright/test';

/** The real server, built, on its own port and a throw-away embedded database. */
const port = 5102;
export const baseURL = `http://localhost:${port}`;
/** The first Super Admin, created by the server at its first start (design.md). */
export const superAdmin = { email: 'super@kafue.test', password: 'Super-admin-pass-1' };

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [
    // The console as served on the web at /admin, /kafue-secure-admin, /staff-login, /staff/*.
    { name: 'web', testDir: 'e2e/web', use: chromium },
    // The renderer's desktop build, with the main process's request module behind window.kafue.
    { name: 'desktop-renderer', testDir: 'e2e/desktop', use: chromium },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM (not Playwright's default SIGKILL) lets the launcher stop the server and its
    // embedded PostgreSQL and remove the throw-away data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(port), ADMIN_EMAIL: superAdmin.email, ADMIN_PASSWORD: superAdmin.password },
  },
});
