/** Posts stored before the opinion rollups existed are counted when their migration runs. */
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index';
import { migrateAndRecount, migrateBefore } from '../support/migrate-before';
import { openTestDb } from '../support/test-app';

// It applies every migration twice over (once by hand up to 0005, then the rest), so its budget
// grows with their number: a busy machine makes it slower, never wrong.
const BUDGET_MS = 30_000 + 15_000 * migrations.length;

describe('opinion rollup migration', () => {
  it('counts the posts already collected', { timeout: BUDGET_MS }, async () => {
    const { db, drop } = await openTestDb();
    try {
      // A database as it was before migration 0005: the earlier ones applied and recorded.
      await migrateBefore(db, '0005');
      // Written in that schema's own columns: the store writes columns later migrations add.
      await db.query(
        `INSERT INTO x_accounts (id, username, source, created_at, updated_at) VALUES ('42', 'chart_wizard', 'test', now(), now())`,
      );
      await db.query(
        `INSERT INTO posts (id, author_id, text, ct, metrics_updated_at, coins, sentiment, source, ingested_at)
         VALUES ('1', '42', 'gm', 1763000000, now(), '{BTC}', 1, 'test', now()),
                ('2', '42', 'wagmi', 1763000030, now(), '{BTC,ETH}', 1, 'test', now())`,
      );
      await migrateAndRecount(db);
      const rows = await db.query<{ coin: string; up: number }>(
        `SELECT coin, up FROM opinion_counts WHERE res = 1 ORDER BY coin`,
      );
      // With mindshare's keys (migration 0029): both posts name a coin, both a layer 1, once each.
      expect(rows.map((r) => [r.coin, Number(r.up)])).toEqual([
        ['#any', 2],
        ['#sector:layer1', 2],
        ['BTC', 2],
        ['ETH', 1],
      ]);
    } finally {
      await db.close();
      await drop();
    }
  });
});
