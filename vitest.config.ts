// Unit tests (beside the code in app/) and integration tests (tests/integration/). A config of its
// own so vitest does not load the Remix plugin from vite.config.ts; integration tests start the
// app with that config themselves (tests/helpers/app-under-test.ts).
import { defineConfig } from 'vitest/config';
import tsconfigPaths from './vite.tsconfig-paths';

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    // Forks, not threads: each test file gets its own process, so its own env() and metadata store.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
