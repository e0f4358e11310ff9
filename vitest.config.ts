import { defineConfig } from 'vitest/config';

// One runner, four projects: `npm test` runs contract, server and web; e2e runs alone.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Timeouts only end a hung test; they are no speed claim. A machine with both cores busy
          // runs these several times slower, so they are far above any test's quiet-machine time.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // expect.poll waits for an event (a count, a state), never for a time: its 1 s default
          // is a speed claim that a busy machine breaks, so it only ends a hung wait here.
          expect: { poll: { timeout: 120_000 } },
          // Integration tests share one embedded database per file; files run in parallel forks.
          pool: 'forks',
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          // A poll waits for the page to settle, however loaded the machine (the default is 1 s).
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
