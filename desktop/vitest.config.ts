import { defineConfig } from 'vitest/config';

// Unit tests of the desktop workspace: console logic (src/renderer) and the Electron main
// process (test/main, with `electron` replaced by a test double). Browser flows are Playwright's.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
  },
});
