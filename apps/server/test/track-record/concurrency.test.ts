/**
 * A candle update running while a batch of posts is being stored (PostgreSQL, several
 * connections): the batch has measured its new calls from the old candles and not committed yet
 * when the new candles land. The prices lock makes the update wait for the batch, so it then sees
 * and re-measures those calls; without it the calls would keep their stale outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/db/db';
import { saveBatch } from '../../src/pipeline/store';
import { trackRecordStore } from '../../src/services/track-record/store';
import { until } from '../support/db-hold';
import { rawPost } from '../support/posts';
import { closeTestDb, openMigratedDb } from '../support/test-app';
import { directRecords, storeCandles, storedRecords } from './support';

const T0 = 1_700_006_400;
let db: Db;
let drop: () => Promise<void>;

describe.skipIf(!process.env.TEST_DATABASE_URL)('track records under concurrent writers', () => {
  beforeAll(async () => {
    ({ db, drop } = await openMigratedDb());
  });
  afterAll(() => closeTestDb(db, drop));

  it('a candle update waits for a batch measuring from older candles', async () => {
    const store = trackRecordStore({ db });
    const hours = (from: number, n: number, close: (h: number) => number) =>
      Array.from({ length: n }, (_, h) => ({
        coin: 'SOL',
        interval: '1h' as const,
        openTime: T0 + (from + h) * 3600,
        close: close(h),
      }));
    await storeCandles(
      db,
      store,
      hours(0, 2, () => 100),
    );

    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atPause = new Promise<void>((r) => (reached = r));
    const batch = saveBatch(db, {
      source: 'test',
      posts: [rawPost({ id: 'race-1', text: 'SOL long', createdAt: T0 + 60, authorId: '5' })],
      enrichments: [
        { coins: ['SOL'], categories: [], sentiment: { label: 'bullish', score: 0, cues: [] }, lang: 'en' },
      ],
      cursor: null,
      rejected: 0,
      now: new Date(),
      afterSave: async (tx: Queryable, ids: string[]) => {
        await store.postsStoredIn(tx, ids);
        reached();
        await paused;
      },
    });
    await atPause;
    // The exit candle of the 1 h horizon lands while the batch is open.
    let updated = false;
    const update = storeCandles(
      db,
      store,
      hours(2, 1, () => 120),
    ).then(() => {
      updated = true;
    });
    const waiters = async () => {
      const [row] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      );
      return (row?.n ?? 0) > 0;
    };
    // Either the update waits on the lock (right) or it has already finished without the batch's call.
    await until(async () => updated || (await waiters()), 'the candle update waits or finishes');
    release();
    await Promise.all([batch, update]);
    const [stored, direct] = [await storedRecords(db), await directRecords(db)];
    expect(direct.calls).toHaveLength(1);
    expect(direct.calls[0]!.raw[0]).toBeCloseTo(0.2, 12);
    expect(stored).toEqual(direct);
  });
});
