/**
 * A candle update running while a batch of posts is being stored (PostgreSQL, several
 * connections): the batch has measured its new calls from the old candles and not committed yet
 * when the new candles land. The prices lock makes the update wait for the batch, so it then sees
 * and re-measures those calls; without it the calls would keep their stale outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { trackPostsStored, trackRecordStore } from '../../src/services/track-record/store';
import { until } from '../support/db-hold';
import { closeTestDb, openMigratedDb } from '../support/test-app';
import { directRecords, savePosts, storeCandles, storedRecords } from './support';

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

    // The author exists; the batch below writes a post of theirs the way saveBatch does, pausing
    // after the track records measured it and before it commits.
    await savePosts(db, [{ id: 'race-0', authorId: '5', ct: T0, coins: [], sentiment: 'neutral' }]);
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atPause = new Promise<void>((r) => (reached = r));
    const batch = db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO posts (id, author_id, text, ct, metrics_updated_at, coins, sentiment, source, ingested_at)
         VALUES ('race-1', '5', 'SOL long', $1, now(), '{SOL}', 1, 'test', now())`,
        [T0 + 60],
      );
      await trackPostsStored(tx, ['race-1']);
      reached();
      await paused;
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
