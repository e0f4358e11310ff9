/**
 * A history backfill loaded newest first stores no track records per batch (each batch older
 * than every stored post would re-derive all later calls again: loading a month took ever longer,
 * issue 29 §8). The batch that completes it marks a rebuild; the pass after it, or at the next
 * start if the process stopped first, leaves records equal to a direct recomputation. The pass
 * lets the server answer between its pages. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { trackRecordRepo } from '../../src/db/repos/track-record';
import { requestGate } from '../../src/pipeline/request-gate';
import { createScheduler } from '../../src/pipeline/scheduler';
import {
  rebuildTrackRecords,
  rebuildTrackRecordsAfterBackfill,
  rebuildTrackRecordsIfNeeded,
  trackRecordStore,
} from '../../src/services/track-record/store';
import type { SentimentLabel } from '../../src/pipeline/types';
import { prng } from '../support/prng';
import { closeTestDb, openMigratedDb, startTestApp } from '../support/test-app';
import { directRecords, savePosts, storeCandles, storedRecords, type TrackPost, clearTrackData } from './support';

const D = 86_400;
const T0 = 1_700_006_400;
const COINS = ['BTC', 'ETH', 'SOL'];
const LABELS: SentimentLabel[] = ['bullish', 'bearish', 'neutral'];

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

async function reset() {
  await clearTrackData(db);
  await trackRecordRepo(db).rebuildDone();
}

function randomPosts(seed: number, n: number): TrackPost[] {
  const rand = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  return Array.from({ length: n }, (_, i) => ({
    id: `${seed}-${i}`,
    authorId: String(1 + Math.floor(rand() * 4)),
    ct: T0 + Math.floor(rand() * 30 * D),
    coins: [pick(COINS)],
    sentiment: pick(LABELS),
  }));
}

/** Hourly closes over the span, so calls are measured. */
async function candles(seed: number) {
  const rand = prng(seed);
  for (const coin of COINS) {
    let price = 100;
    const rows = Array.from({ length: 40 * 24 }, (_, h) => {
      price *= 1 + (rand() - 0.5) * 0.04;
      return { coin, interval: '1h' as const, openTime: T0 + h * 3600, close: price };
    });
    await storeCandles(db, trackRecordStore({ db }), rows);
  }
}

/** Loads posts like the demo: the newest first as live posts, then history backward in batches. */
async function loadNewestFirst(posts: TrackPost[], batch: number) {
  const byAge = [...posts].sort((a, b) => b.ct - a.ct);
  await savePosts(db, byAge.slice(0, batch)); // the live edge: per-batch records
  const history = byAge.slice(batch);
  for (let i = 0; i < history.length; i += batch) {
    await savePosts(db, history.slice(i, i + batch), { done: i + batch >= history.length });
  }
}

describe('track records of a backfill', () => {
  it('are derived once the backfill ends, equal to a direct recomputation', async () => {
    await reset();
    await candles(1);
    await loadNewestFirst(randomPosts(1, 240), 20);
    expect(await trackRecordRepo(db).rebuildNeeded()).toBe(true);
    const direct = await directRecords(db);
    expect(direct.calls.length).toBeGreaterThan(20);
    // Until then only the live edge has records.
    expect((await storedRecords(db)).calls.length).toBeLessThan(direct.calls.length);
    await rebuildTrackRecordsAfterBackfill(db, () => {});
    expect(await storedRecords(db)).toEqual(direct);
    expect(await trackRecordRepo(db).rebuildNeeded()).toBe(false);
  });

  it('are derived at the next start when the process stopped before the pass', async () => {
    await reset();
    await candles(2);
    await loadNewestFirst(randomPosts(2, 200), 25);
    // A restart: the flag committed with the last batch brings the pass.
    await rebuildTrackRecordsIfNeeded(db, () => {});
    expect(await storedRecords(db)).toEqual(await directRecords(db));
    expect(await trackRecordRepo(db).rebuildNeeded()).toBe(false);
  });

  it('runs the pass in the scheduler slices of a serving process, and leaves the flag when stopped before its turn', async () => {
    await reset();
    await candles(3);
    await loadNewestFirst(randomPosts(3, 200), 25);
    // A request in flight holds the pass; stopping the process meanwhile leaves the flag.
    const gate = requestGate();
    gate.enter();
    const stop = new AbortController();
    const held = rebuildTrackRecordsIfNeeded(db, () => {}, {
      scheduler: createScheduler({ db: db.kind, gate }),
      signal: stop.signal,
    });
    await expect.poll(() => gate.waiting).toBe(1);
    stop.abort();
    await held;
    gate.leave();
    expect(await trackRecordRepo(db).rebuildNeeded()).toBe(true);
    // The next start's pass runs slice by slice through its scheduler, to the same records.
    const scheduler = createScheduler({ db: db.kind });
    await rebuildTrackRecordsIfNeeded(db, () => {}, { scheduler, signal: new AbortController().signal });
    expect(await storedRecords(db)).toEqual(await directRecords(db));
    expect(await trackRecordRepo(db).rebuildNeeded()).toBe(false);
    expect(scheduler.report()['track-records']?.slices).toBeGreaterThan(0);
  });

  it('lets the server answer between the pages of the pass', async () => {
    const t = await startTestApp();
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const authors = 120;
      const posts = Array.from({ length: authors }, (_, i) => ({
        id: `y${i}`,
        authorId: `a${i}`,
        ct: T0 + i * 60,
        coins: ['BTC'],
        sentiment: 'bullish' as const,
      }));
      await savePosts(t.db, posts);
      let pages = 0;
      let answeredAt: number | undefined;
      let asked: Promise<unknown> | undefined;
      // One account a page; a request over a real socket once the pass has begun.
      const pass = rebuildTrackRecords(
        t.db,
        () => {
          pages++;
          asked ??= fetch(`${address}/healthz`).then(() => {
            answeredAt = pages;
          });
        },
        1,
      );
      const total = await pass;
      await asked;
      expect(total).toBeGreaterThanOrEqual(authors);
      expect(answeredAt).toBeLessThan(total);
    } finally {
      await t.close();
    }
  });
});
