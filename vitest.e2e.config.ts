// End-to-end tests: each file starts the built server and drives a real Chromium. One file at a
// time, in a forked process: two Chromiums and two servers do not fit on a 2-core machine.
// Standalone on purpose: it does not load vite.config.ts (the Remix plugin has no place here).
import { defineConfig } from 'vitest/config';
import tsconfigPaths from './vite.tsconfig-paths';

export default defineConfig({
  // A test may read app modules (the chart type registry) to know what to drive.
  plugins: [tsconfigPaths()],
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
    // One retry: a browser test that fails once under a loaded CI machine is retried before it
    // fails the run (see docs/decisions/007-e2e-retry.md). The default reporter still names the retry,
    // so a flake is visible, and a test that fails twice fails.
    retry: 1,
  },
});
