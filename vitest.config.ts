import { defineConfig } from 'vitest/config';

// Two projects. `node`: packages and the server. One PGlite instance per worker is expensive
// (seconds, hundreds of MB), so test files in a worker share module state (`isolate: false`) and
// with it one database; tests therefore create their own uniquely named rows and never assume an
// empty table. `web`: the customer app's unit tests in happy-dom, each file isolated (the app
// keeps session, theme and toasts in module state).
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/scripts/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['apps/server/test/support/setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/admin/src/test/setup.ts'],
          isolate: true,
          testTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          isolate: true,
          testTimeout: 10_000,
        },
      },
    ],
  },
});
