import type { Queryable } from '../db';

export function rateLimitsRepo(db: Queryable) {
  return {
    /** Records one attempt under `key`; returns its row id (to take it back). */
    async insert(key: string, at: Date): Promise<number> {
      const rows = await db.query<{ id: number }>(
        'INSERT INTO rate_limit_hits (key, at) VALUES ($1, $2) RETURNING id',
        [key, at],
      );
      return rows[0]?.id ?? 0;
    },
    /**
     * The attempts under `key` since `since` and the time of the oldest of them, which tells when
     * the window frees a place.
     */
    async count(key: string, since: Date): Promise<{ hits: number; oldest: Date | null }> {
      const rows = await db.query<{ hits: number; oldest: Date | null }>(
        'SELECT count(*)::int AS hits, min(at) AS oldest FROM rate_limit_hits WHERE key = $1 AND at > $2',
        [key, since],
      );
      return rows[0] ?? { hits: 0, oldest: null };
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM rate_limit_hits WHERE id = $1', [id]);
    },
    async deleteOlderThan(before: Date): Promise<void> {
      await db.query('DELETE FROM rate_limit_hits WHERE at < $1', [before]);
    },
  };
}
