/**
 * Holding the database deterministically, so tests of time limits and shares wait on a lock the
 * test owns rather than on the machine's speed.
 */
import type { Db, Queryable } from '../../src/db/db';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const holds: Array<() => void> = [];

/** Releases every hold still taken (afterEach): a failed test must not leave the database held. */
export function releaseHolds() {
  for (const release of holds.splice(0)) release();
}

/**
 * Holds the database until `release`: on PostgreSQL with `lockSql` in a transaction (only what it
 * locks waits), on PGlite by holding its one connection (everything waits).
 */
export async function holdDb(db: Db, lockSql: string, params: unknown[] = []) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let holder = 0;
  let ready!: () => void;
  const isHeld = new Promise<void>((r) => (ready = r));
  const done = db.transaction(async (tx: Queryable) => {
    if (onPostgres) {
      await tx.query(lockSql, params);
      holder = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
    }
    ready();
    await released;
  });
  await isHeld;
  holds.push(release);
  return {
    /** Statements waiting on the lock (PostgreSQL): each holds one of the request connections. */
    async blocked(): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        // Behind the holder directly, or behind a statement that waits for it (same row).
        `WITH RECURSIVE waiting (pid) AS (
           SELECT pid FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))
           UNION SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY (pg_blocking_pids(a.pid))
         ) SELECT count(*)::int AS n FROM waiting`,
        [holder],
      );
      return row?.n ?? 0;
    },
    async release() {
      release();
      await done;
    },
  };
}

/** Polls (bounded) until `ok()`; a condition, never a time, decides. */
export async function until(ok: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 1500; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never happened: ${what}`);
}
