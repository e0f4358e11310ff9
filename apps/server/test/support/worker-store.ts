/**
 * Where a real worker process (`kolscope start --role=worker`) keeps its data in a crash test: an
 * embedded data folder of its own, or on PostgreSQL (TEST_DATABASE_URL) a schema of its own,
 * chosen through the connection options. The test opens the same store afterwards to count.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Db, openPglite, openPostgres } from '../../src/db/db';

const BIN = fileURLToPath(new URL('../../bin/kolscope.mjs', import.meta.url));

export function workerStore(name: string) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), `kolscope-${name}-`));
  const schema = `${name}_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const db = await openPostgres(pgUrl!, { max: 1 });
    try {
      await db.exec(sql);
    } finally {
      await db.close();
    }
  };
  return {
    /** Before the first worker starts. */
    create: async () => {
      if (pgUrl) await admin(`CREATE SCHEMA ${schema}`);
    },
    /** A worker on this store with `env` (sources, their services, SEED_DEMO …), logging each batch. */
    start: (env: NodeJS.ProcessEnv): ChildProcess => {
      const full: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'debug', ...env };
      if (pgUrl)
        full.DATABASE_URL = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      else delete full.DATABASE_URL;
      return spawn(process.execPath, [BIN, 'start', '--role=worker'], { env: full, stdio: ['ignore', 'pipe', 'pipe'] });
    },
    /** The store, to count what the workers left (close it after). */
    open: (): Promise<Db> => (pgUrl ? openPostgres(pgUrl, { searchPath: schema }) : openPglite(dataDir)),
    /** In afterAll. */
    drop: async () => {
      if (pgUrl) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
  );
