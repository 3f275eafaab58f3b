import { defineConfig, devices } from '@playwright/test';

/** The real server, built, on its own port and a throw-away embedded database (team notes). */
const port = Number(process.env.SITE_E2E_PORT ?? 5101);
export const baseURL = `http://localhost:${port}`;

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync'],
};

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
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the launcher stop the server and remove its throw-away data directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(port), ADMIN_EMAIL: 'site-e2e@kafue.test', ADMIN_PASSWORD: 'Site-e2e-pass-1' },
  },
});
