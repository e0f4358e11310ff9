/**
 * KOL-group coin rollups as the app keeps them (services/group-rollups.ts): a coin opinion view
 * using the group, then the background count run to the end.
 */
import type { Db } from '../../src/db/db';
import { groupRollups } from '../../src/services/group-rollups';

/** Runs the background count of the groups' rollups to the end (adopting, counting, releasing). */
export const countGroupRollups = (db: Db) => groupRollups({ db, log: () => {} }).drain();

/** Gives each group a BTC coin opinion view of `userId` (raw rows) and counts their rollups. */
export async function keepGroupRollups(db: Db, userId: number, groupIds: number[]): Promise<void> {
  for (const id of groupIds) {
    await db.query(
      `INSERT INTO views (user_id, name, view_type, settings, created_at, updated_at)
       VALUES ($1, 'BTC', 'coin_opinion', $2::jsonb, now(), now())`,
      [userId, JSON.stringify({ coin: 'BTC', kolGroupId: String(id) })],
    );
  }
  await countGroupRollups(db);
}
