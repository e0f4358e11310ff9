import { defineConfig } from 'vitest/config';
import { POSTGRES_SUBJECTS } from './apps/server/test/postgres-subjects.ts';

// With TEST_DATABASE_URL the server project runs again on PostgreSQL: only the files whose
// subject is the database (apps/server/test/postgres-subjects.ts says which and why).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// One runner, four projects: `npm test` runs contract, server and web; e2e runs alone.
export default defineConfig({
  test: {
    // Two forks, where the default on two cores is one: much of a server file's time is spent
    // waiting on sockets, child processes and PostgreSQL. (Vitest wants one figure for all projects
    // that run together.) The e2e project runs its files one at a time regardless.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: onPostgres ? POSTGRES_SUBJECTS : ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Timeouts only end a hung test; they are no speed claim. A machine with both cores busy
          // runs these several times slower, so they are far above any test's quiet-machine time.
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // expect.poll waits for an event (a count, a state), never for a time: its 1 s default
          // is a speed claim that a busy machine breaks, so it only ends a hung wait here.
          expect: { poll: { timeout: 120_000 } },
          // Integration tests share one embedded database per file; files run in two forks (see
          // maxWorkers above), each running file after file without a new process (isolate:
          // false): the server's modules and PGlite's WebAssembly load once per fork, not once per
          // file (7 s a file on a busy machine). Every file starts and closes its own app and
          // database, so nothing else is shared.
          pool: 'forks',
          isolate: false,
          // Migrates one embedded database for the whole run; each file starts from a copy.
          globalSetup: ['apps/server/test/support/global-setup.ts'],
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
          // Loads the demo history once; files running the default product start from a copy.
          globalSetup: ['e2e/support/global-setup.ts'],
          // A poll waits for the page to settle, however loaded the machine (the default is 1 s).
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
