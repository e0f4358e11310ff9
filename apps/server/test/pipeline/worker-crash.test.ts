/**
 * A worker killed with SIGKILL in the middle of a batch, then restarted, loses no post and
 * duplicates none. The real worker process collects from the demo source (deterministic for a
 * seed) into its own database; it is killed several times at random moments during the backfill,
 * then restarted and stopped gracefully. Afterwards the stored posts must be exactly the posts
 * the demo source produces for the range the stored cursor covers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openPglite, openPostgres } from '../../src/db/db';
import { generateDemoPosts, parseDemoCursor } from '../../src/pipeline/sources/demo/index';

const BIN = fileURLToPath(new URL('../../bin/kolscope.mjs', import.meta.url));
const POSTS_PER_DAY = 60_000; // a 30-day backfill of ~1.8M posts: it is still running when killed
const SEED = 7;
const dataDir = mkdtempSync(join(tmpdir(), 'kolscope-crash-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `crash_${randomBytes(5).toString('hex')}`;

function workerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SOURCES: 'demo',
    DEMO_SEED: String(SEED),
    DEMO_POSTS_PER_DAY: String(POSTS_PER_DAY),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  // On PostgreSQL the worker works in a schema of its own, chosen through the connection options.
  if (pgUrl)
    env.DATABASE_URL = `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  else delete env.DATABASE_URL;
  return env;
}

function startWorker(): { child: ChildProcess; started: Promise<void> } {
  const child = spawn(process.execPath, [BIN, 'start', '--role=worker'], {
    env: workerEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('worker started')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting:\n${out}`)));
  });
  return { child, started };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
  );

async function openWorkerDb(): Promise<Db> {
  return pgUrl ? openPostgres(pgUrl, { searchPath: schema }) : openPglite(dataDir);
}

afterAll(async () => {
  if (pgUrl) {
    const admin = await openPostgres(pgUrl, { max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker killed mid-batch', () => {
  it('loses no post and duplicates none after a restart', { timeout: 180_000 }, async () => {
    if (pgUrl) {
      const admin = await openPostgres(pgUrl, { max: 1 });
      await admin.exec(`CREATE SCHEMA ${schema}`);
      await admin.close();
    }
    for (let kill = 0; kill < 3; kill++) {
      const { child, started } = startWorker();
      await started;
      // Batches run back to back during the backfill, so a random moment is almost surely mid-batch.
      await new Promise((r) => setTimeout(r, 1500 + Math.random() * 2500));
      child.kill('SIGKILL');
      await exited(child);
    }
    const { child, started } = startWorker();
    await started;
    // Long enough for a few batches even on a busy machine (every batch runs the rollup triggers).
    await new Promise((r) => setTimeout(r, 4000));
    child.kill('SIGTERM');
    await exited(child);

    const db = await openWorkerDb();
    try {
      const [state] = await db.query<{ cursor: string; posts_count: number }>(
        `SELECT cursor, posts_count FROM source_state WHERE name = 'demo'`,
      );
      const cursor = parseDemoCursor(state?.cursor ?? null);
      expect(cursor).not.toBeNull();
      // History loads newest first: [back, live) is what the cursor says is stored.
      const expected = generateDemoPosts({
        seed: SEED,
        fromMs: cursor!.back,
        toMs: cursor!.live,
        postsPerDay: POSTS_PER_DAY,
        storyEndMs: cursor!.storyEnd,
      }).map((p) => p.id);
      const stored = (await db.query<{ id: string }>('SELECT id FROM posts ORDER BY id')).map((r) => r.id);

      // Several batches (100 posts each) really were stored.
      expect(expected.length).toBeGreaterThan(300);
      expect(new Set(expected).size).toBe(expected.length);
      expect(stored).toEqual([...expected].sort());
      // Every stored batch was counted once: a batch saved twice would count its posts twice.
      expect(state?.posts_count).toBe(stored.length);
    } finally {
      await db.close();
    }
  });
});
