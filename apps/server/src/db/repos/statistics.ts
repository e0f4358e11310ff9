/**
 * Administrator statistics, read from the rollups of db/rollups/statistics.ts: one row per bucket (per
 * category), whatever the number of posts. `source` '' means every source.
 */
import type { Queryable } from '../db';

/** The per-bucket figures of stat_counts. */
export type StatColumn = 'posts' | 'interactions' | 'authors' | 'crypto_authors';

export interface BucketRange {
  /** Bucket length in seconds: 3600, 86400 or 604800. */
  res: number;
  source: string;
  /** First bucket start, and the end (exclusive), in epoch seconds. */
  from: number;
  to: number;
}

const COLUMNS: Record<StatColumn, string> = {
  posts: 'posts',
  interactions: 'interactions',
  authors: 'authors',
  crypto_authors: 'crypto_authors',
};

export function statisticsRepo(db: Queryable) {
  return {
    async counts(column: StatColumn, r: BucketRange): Promise<{ bucket: number; cnt: number }[]> {
      const rows = await db.query<{ bucket: number; cnt: number }>(
        `SELECT bucket, ${COLUMNS[column]} AS cnt FROM stat_counts
         WHERE res = $1 AND source = $2 AND bucket >= $3 AND bucket < $4 ORDER BY bucket`,
        [r.res, r.source, r.from, r.to],
      );
      return rows.map((row) => ({ bucket: Number(row.bucket), cnt: Number(row.cnt) }));
    },

    async categoryCounts(r: BucketRange): Promise<{ category: string; bucket: number; cnt: number }[]> {
      const rows = await db.query<{ category: string; bucket: number; cnt: number }>(
        `SELECT category, bucket, posts AS cnt FROM stat_category_counts
         WHERE res = $1 AND source = $2 AND bucket >= $3 AND bucket < $4 ORDER BY bucket, category`,
        [r.res, r.source, r.from, r.to],
      );
      return rows.map((row) => ({ category: row.category, bucket: Number(row.bucket), cnt: Number(row.cnt) }));
    },

    /**
     * Every source that stored posts or ran (source_state), with the number of accounts it has
     * collected posts from (all time); the most productive first.
     */
    async sources(): Promise<{ name: string; accounts: number }[]> {
      const rows = await db.query<{ name: string; accounts: number }>(
        `SELECT s.name, coalesce(c.authors, 0) AS accounts
         FROM (SELECT source AS name FROM stat_counts WHERE res = 0 AND bucket = 0 AND source <> ''
               UNION SELECT name FROM source_state) s
         LEFT JOIN stat_counts c ON c.res = 0 AND c.bucket = 0 AND c.source = s.name
         ORDER BY accounts DESC, s.name`,
      );
      return rows.map((row) => ({ name: row.name, accounts: Number(row.accounts) }));
    },

    async sourceExists(name: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM stat_counts WHERE res = 0 AND bucket = 0 AND source = $1
         UNION ALL SELECT 1 FROM source_state WHERE name = $1 LIMIT 1`,
        [name],
      );
      return rows.length > 0;
    },
  };
}
