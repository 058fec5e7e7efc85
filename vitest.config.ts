import { defineConfig } from 'vitest/config';

// Two projects: the Node side against real PostgreSQL and Temporal (one of each per
// run, see scripts/test-support/global-setup.ts), and the console's unit tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            '{schema,catalog,runtime,db,workflows,generator,workers,api,scripts}/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**'],
          globalSetup: ['scripts/test-support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'web/vitest.config.ts',
    ],
  },
});
