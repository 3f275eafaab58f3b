import { defineConfig } from 'vitest/config';

// One embedded PostgreSQL for the whole run (test/global-setup.ts); each test file gets its own
// database on it and drives the real Koa app over HTTP.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on two cores is one file at a time; the tests mostly wait on PostgreSQL
    // and HTTP, so two files side by side keep both cores busy.
    maxWorkers: 2,
  },
});
