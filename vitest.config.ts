import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The seeded simulations first, then Vitest's own order. The 10,000-order trading simulation alone
 * takes two thirds of the run on PGlite: started first, the other worker runs every other file
 * beside it; started when Vitest's order (the largest files first, on a fresh clone without its
 * timing cache) reached it, it ran on alone for the last minute.
 */
class SimulationsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const simulation = (file: TestSpecification) => file.moduleId.endsWith('simulation.test.ts');
    return [...sorted.filter(simulation), ...sorted.filter((file) => !simulation(file))];
  }
}

// Three projects. `node`: packages and the server. One PGlite instance per worker is expensive
// (seconds, hundreds of MB), so test files in a worker share module state (`isolate: false`) and
// with it one database; tests therefore create their own uniquely named rows and never assume an
// empty table. `admin`: the back office's rules, each file isolated. `web`: the customer app's
// unit tests in happy-dom, each file isolated (the app keeps session, theme and toasts in module
// state).
export default defineConfig({
  test: {
    pool: 'forks',
    sequence: { sequencer: SimulationsFirst },
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
          globalSetup: ['apps/server/test/support/global-setup.ts'],
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
