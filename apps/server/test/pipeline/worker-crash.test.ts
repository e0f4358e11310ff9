/**
 * A worker killed with SIGKILL in the middle of a batch, then restarted, loses no post and
 * duplicates none. The real worker process collects from the demo source (deterministic for a
 * seed) into its own database; it is killed several times during the backfill, each time at a
 * random moment after it has committed a random number of batches, then restarted and stopped
 * gracefully after three more. Afterwards the stored posts must be exactly the posts the demo
 * source produces for the range the stored cursor covers. Every step waits for batches the worker
 * reports (its debug log), never for a span of time, so a slow machine changes only the duration.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoPosts, parseDemoCursor } from '../../src/pipeline/sources/demo/index';
import { exited, workerStore } from '../support/worker-store';

const POSTS_PER_DAY = 60_000; // a 30-day backfill of ~1.8M posts: it is still running when killed
const SEED = 7;
const store = workerStore('crash');
const WORKER_ENV = {
  SOURCES: 'demo',
  DEMO_SEED: String(SEED),
  DEMO_POSTS_PER_DAY: String(POSTS_PER_DAY),
  SEED_DEMO: 'false',
  // Prices are not this test's subject: a demo price backfill (tens of thousands of candles and
  // the track-record re-measure they start) would share the embedded database with the batches.
  PRICE_SOURCE: 'none',
};

interface Worker {
  child: ChildProcess;
  /** Resolves once the worker has committed `n` batches since it started. */
  batches(n: number): Promise<void>;
  /** New posts the worker has reported committed so far. */
  fresh(): number;
}

function startWorker(): Worker {
  // Its debug log has a line per committed batch, which the test counts.
  const child = store.start(WORKER_ENV);
  let out = '';
  let committed = 0;
  let fresh = 0;
  const waiters: { n: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  const settle = () => {
    for (const w of [...waiters])
      if (committed >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  child.stdout?.on('data', (d: Buffer) => {
    const text = String(d);
    out += text;
    for (const m of text.matchAll(/demo: stored a batch of \d+ posts \((\d+) new\)/g)) {
      committed += 1;
      fresh += Number(m[1]);
    }
    settle();
  });
  child.stderr?.on('data', (d) => (out += d));
  child.once('exit', (code, signal) => {
    for (const w of waiters.splice(0))
      w.reject(new Error(`worker exited (${code ?? signal}) after ${committed} batches:\n${out.slice(-2000)}`));
  });
  return {
    child,
    fresh: () => fresh,
    batches: (n) =>
      new Promise<void>((resolve, reject) => {
        waiters.push({ n, resolve, reject });
        settle();
      }),
  };
}

/** A whole number from 1 to max. */
const upTo = (max: number) => 1 + Math.floor(Math.random() * max);

afterAll(() => store.drop());

describe('a worker killed mid-batch', () => {
  // A budget for the work (up to a dozen batches and four process starts), not a speed claim.
  it('loses no post and duplicates none after a restart', { timeout: 600_000 }, async () => {
    await store.create();
    let reported = 0;
    for (let kill = 0; kill < 3; kill++) {
      const worker = startWorker();
      // Batches run back to back during the backfill: after a random number of commits and a
      // random fraction of a batch more, the kill lands inside the next batch's transaction.
      await worker.batches(upTo(3));
      await new Promise((r) => setTimeout(r, Math.random() * 200));
      worker.child.kill('SIGKILL');
      await exited(worker.child);
      reported += worker.fresh();
    }
    const last = startWorker();
    await last.batches(3);
    last.child.kill('SIGTERM');
    await exited(last.child);
    reported += last.fresh();

    const db = await store.open();
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

      // Every batch a run reported is committed (it logs after the commit), so the stored range
      // holds at least the posts reported new; a killed run may have committed one more unlogged.
      // Batch sizes follow the scheduler's budget and the demo pages, so the count is not fixed.
      expect(reported).toBeGreaterThan(0);
      expect(expected.length).toBeGreaterThanOrEqual(reported);
      expect(new Set(expected).size).toBe(expected.length);
      expect(stored).toEqual([...expected].sort());
      // Every stored batch was counted once: a batch saved twice would count its posts twice.
      expect(state?.posts_count).toBe(stored.length);
    } finally {
      await db.close();
    }
  });
});
