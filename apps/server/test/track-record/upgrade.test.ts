/**
 * A database that held posts before migration 0017 gets its track records derived once by the
 * collecting process (rebuildTrackRecordsIfNeeded); a fresh one needs nothing.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { rebuildTrackRecordsIfNeeded } from '../../src/services/track-record/store';
import { migrateBefore } from '../support/migrate-before';
import { closeTestDb, openTestDb } from '../support/test-app';
import { storeCandles } from './support';

const T = 1_767_225_600; // 2026-01-01T00:00:00Z, a multiple of an hour
const needed = async (db: Awaited<ReturnType<typeof openTestDb>>['db']) =>
  (await db.query<{ needed: boolean }>('SELECT needed FROM track_rebuild'))[0]?.needed;

describe('track records of an upgraded database', () => {
  it('are derived once from the posts stored before them, and the flag is cleared', async () => {
    const { db, drop } = await openTestDb();
    try {
      await migrateBefore(db, '0017_track_record');
      await db.query(
        `INSERT INTO x_accounts (id, username, source, created_at, updated_at) VALUES ('7', 'early', 'test', now(), now())`,
      );
      await db.query(
        `INSERT INTO posts (id, author_id, text, ct, coins, sentiment, metrics_updated_at, source, ingested_at)
         VALUES ('p1', '7', '$SOL to the moon', $1, '{SOL}', 1, now(), 'test', now())`,
        [T + 600],
      );
      await migrate(db);
      expect(await needed(db)).toBe(true);
      expect((await db.query('SELECT 1 FROM track_calls')).length).toBe(0);

      await storeCandles(db, undefined, [
        { coin: 'SOL', interval: '1h', openTime: T, close: 100 },
        { coin: 'BTC', interval: '1h', openTime: T, close: 50_000 },
      ]);
      const lines: string[] = [];
      await rebuildTrackRecordsIfNeeded(db, (l) => void lines.push(l));
      const calls = await db.query<{ post_id: string; entry_price: number }>(
        'SELECT post_id, entry_price FROM track_calls',
      );
      expect(calls).toEqual([{ post_id: 'p1', entry_price: 100 }]);
      expect(await needed(db)).toBe(false);
      expect(lines.at(-1)).toMatch(/track-rebuild: done, 1 accounts/);

      // Once done, a restart does nothing.
      lines.length = 0;
      await rebuildTrackRecordsIfNeeded(db, (l) => void lines.push(l));
      expect(lines).toEqual([]);
    } finally {
      await closeTestDb(db, drop);
    }
  });

  it('are not rebuilt on a fresh database', async () => {
    const { db, drop } = await openTestDb();
    try {
      await migrate(db);
      expect(await needed(db)).toBe(false);
    } finally {
      await closeTestDb(db, drop);
    }
  });
});
