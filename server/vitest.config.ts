import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

// One embedded PostgreSQL for the whole run (test/global-setup.ts); each test file gets its own
// database on it and drives the real Koa app over HTTP.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Password hashes at argon2's lowest cost (src/auth/passwords.ts): thousands of sign-ins, each
    // 0.3 to 1 s at the production cost. Tests about hashing itself (passwords.test.ts, the timing
    // and parallel sign-in tests) take the production cost back: productionHashCost() in helpers.ts.
    env: { ARGON2_LOW_COST_FOR_TESTS: '1' },
    pool: 'forks',
    // A worker imports the server once for all its files, not once per file: that import (Koa,
    // TypeORM, every module) was a fifth of the stage's CPU. Each file still starts its own app on
    // its own database; what a module keeps between files holds no test's data.
    isolate: false,
    // Three files side by side on the two cores: each file's tests mostly wait on the database or
    // on processes they started (with two, the stage kept 1.6 cores busy and took 145 s; with
    // three, 130 s, 2026-11-30). The 503s and 500s that parallel sign-ins met were argon2 holding
    // every thread of libuv's pool, so that database connections timed out (auth/passwords.ts:
    // two computations at most).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
  },
});
