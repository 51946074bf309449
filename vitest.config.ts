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
    // Two files at a time: most integration tests wait on databases and servers, not the CPU.
    // On the 2-core CI machine the whole run went from 979 s to 586 s, all green (vitest's own
    // default there is one worker).
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
