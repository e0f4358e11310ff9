import type { Queryable } from '../db';

export function rateLimitsRepo(db: Queryable) {
  return {
    /** Adds one hit to the window and returns the hits in it, atomically. */
    async hit(key: string, windowStart: Date): Promise<number> {
      const rows = await db.query<{ hits: number }>(
        `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
         RETURNING hits`,
        [key, windowStart],
      );
      return rows[0]?.hits ?? 1;
    },
    async deleteOlderThan(before: Date): Promise<void> {
      await db.query('DELETE FROM rate_limits WHERE window_start < $1', [before]);
    },
  };
}
