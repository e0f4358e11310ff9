import type { Queryable } from '../db';

export function rateLimitsRepo(db: Queryable) {
  return {
    /**
     * Records one attempt and returns the attempts under `key` since `since` (this one included)
     * and the time of the oldest of them, which tells when the window frees a place.
     */
    async hit(key: string, now: Date, since: Date): Promise<{ hits: number; oldest: Date }> {
      await db.query('INSERT INTO rate_limit_hits (key, at) VALUES ($1, $2)', [key, now]);
      const rows = await db.query<{ hits: number; oldest: Date }>(
        'SELECT count(*)::int AS hits, min(at) AS oldest FROM rate_limit_hits WHERE key = $1 AND at > $2',
        [key, since],
      );
      return rows[0] ?? { hits: 1, oldest: now };
    },
    async deleteOlderThan(before: Date): Promise<void> {
      await db.query('DELETE FROM rate_limit_hits WHERE at < $1', [before]);
    },
  };
}
