import type { Queryable } from '../db';

export interface SourceStateRow {
  name: string;
  cursor: string | null;
  posts_count: number;
  rejected_count: number;
  error_count: number;
  last_error: string;
  last_error_at: Date | null;
  last_success_at: Date | null;
  /** Requests to the network failed in a row (pipeline/source-health.ts). */
  failure_streak: number;
  lease_owner: string;
  lease_until: Date | null;
}

export function sourceStateRepo(db: Queryable) {
  return {
    async get(name: string): Promise<SourceStateRow | undefined> {
      return (await db.query<SourceStateRow>('SELECT * FROM source_state WHERE name = $1', [name]))[0];
    },
    async list(): Promise<SourceStateRow[]> {
      return db.query<SourceStateRow>('SELECT * FROM source_state ORDER BY name');
    },
    /**
     * Takes or renews the lease on a source for `owner`; false when another live worker holds it.
     * The row is created on first use.
     */
    async lease(name: string, owner: string, now: Date, until: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO source_state (name, lease_owner, lease_until, updated_at) VALUES ($1, $2, $4, $3)
         ON CONFLICT (name) DO UPDATE SET lease_owner = $2, lease_until = $4, updated_at = $3
           WHERE source_state.lease_owner = $2 OR source_state.lease_until IS NULL OR source_state.lease_until < $3
         RETURNING name`,
        [name, owner, now, until],
      );
      return rows.length > 0;
    },
    /** Takes the lease from `deadOwner` (a crashed worker of this machine, lease-owner.ts); false if it moved on. */
    async takeOver(name: string, deadOwner: string, owner: string, now: Date, until: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE source_state SET lease_owner = $3, lease_until = $5, updated_at = $4
         WHERE name = $1 AND lease_owner = $2 RETURNING name`,
        [name, deadOwner, owner, now, until],
      );
      return rows.length > 0;
    },
    async release(name: string, owner: string): Promise<void> {
      await db.query(`UPDATE source_state SET lease_until = NULL WHERE name = $1 AND lease_owner = $2`, [name, owner]);
    },
    /** Records a stored batch: the new cursor (null keeps the old one) and the counts. */
    async recordBatch(
      name: string,
      b: { cursor: string | null; posts: number; rejected: number; now: Date },
    ): Promise<void> {
      await db.query(
        `INSERT INTO source_state (name, cursor, posts_count, rejected_count, last_success_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (name) DO UPDATE SET
           cursor = COALESCE($2, source_state.cursor),
           posts_count = source_state.posts_count + $3,
           rejected_count = source_state.rejected_count + $4,
           last_success_at = $5,
           updated_at = $5`,
        [name, b.cursor, b.posts, b.rejected, b.now],
      );
    },
    /** A fetch that threw: one more error and one more failed request in a row. */
    async recordError(name: string, message: string, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO source_state (name, error_count, last_error, last_error_at, failure_streak, updated_at)
         VALUES ($1, 1, $2, $3, 1, $3)
         ON CONFLICT (name) DO UPDATE SET error_count = source_state.error_count + 1, last_error = $2,
           last_error_at = $3, failure_streak = source_state.failure_streak + 1, updated_at = $3`,
        [name, message.slice(0, 500), now],
      );
    },
    /**
     * The requests of a batch that came back (source-health.ts streakAfter): the streak it ended
     * with, and its newest failure as the last error.
     */
    async recordRequests(name: string, failures: number, lastError: string | null, now: Date): Promise<void> {
      await db.query(
        `UPDATE source_state SET failure_streak = $2,
           last_error = COALESCE($3, last_error), last_error_at = CASE WHEN $3::text IS NULL THEN last_error_at ELSE $4 END,
           error_count = error_count + CASE WHEN $3::text IS NULL THEN 0 ELSE 1 END
         WHERE name = $1`,
        [name, failures, lastError?.slice(0, 500) ?? null, now],
      );
    },
  };
}
