import type { Db, Queryable } from '../db';

const COUNT = 'SELECT count(*)::int AS hits, min(at) AS oldest FROM rate_limit_hits WHERE key = $1 AND at > $2';

export function rateLimitsRepo(db: Queryable & Pick<Db, 'transaction'>) {
  return {
    /**
     * Records one attempt under `key` unless `max` attempts were recorded since `since`. Attempts
     * on one key take turns (a transaction-scoped advisory lock on the key), so the count each one
     * reads already holds every attempt before it: exactly `max` pass a window however many come
     * at once, and a refused attempt writes nothing.
     */
    async takeIfUnder(
      key: string,
      at: Date,
      since: Date,
      max: number,
    ): Promise<{ id: number } | { refused: true; oldest: Date | null }> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
        const [row] = await tx.query<{ hits: number; oldest: Date | null }>(COUNT, [key, since]);
        if ((row?.hits ?? 0) >= max) return { refused: true as const, oldest: row?.oldest ?? null };
        const ids = await tx.query<{ id: number }>(
          'INSERT INTO rate_limit_hits (key, at) VALUES ($1, $2) RETURNING id',
          [key, at],
        );
        return { id: ids[0]?.id ?? 0 };
      });
    },
    /**
     * The attempts under `key` since `since` and the time of the oldest of them, which tells when
     * the window frees a place.
     */
    async count(key: string, since: Date): Promise<{ hits: number; oldest: Date | null }> {
      const rows = await db.query<{ hits: number; oldest: Date | null }>(COUNT, [key, since]);
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
