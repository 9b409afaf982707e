import { defineConfig } from 'vitest/config';

// One PGlite instance per worker is expensive (seconds, hundreds of MB), so test files in a worker
// share module state (`isolate: false`) and with it one database; tests therefore create their own
// uniquely named rows and never assume an empty table.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/scripts/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
    ],
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
