/**
 * Near-duplicate clusters (migration 0020): the fingerprints of recent leaders for the ingest's
 * folding (pipeline/copies.ts), and the copies of leaders for their "and N others" line.
 */
import type { Queryable } from '../db';

export interface StoredLeader {
  id: string;
  author_id: string;
  ct: number;
  /** posts.fingerprint as decimal text (bigint does not survive JSON or number). */
  fingerprint: string;
}

/** Who else posted a leader's text: how many copies, and the first few accounts. */
export interface CopiesRow {
  copy_of: string;
  count: number;
  author_id: string;
  username: string;
  name: string;
  icon: string;
}

/** A leader's card lists at most this many of the accounts that copied it. */
export const COPIES_USERS_MAX = 5;

export function copiesRepo(db: Queryable) {
  return {
    /**
     * Fingerprinted originals (no copy_of) with ct inside one of the disjoint [lo, hi] ranges:
     * one range scan of posts_by_time each.
     */
    async leadersIn(ranges: { lo: number; hi: number }[], exceptIds: string[]): Promise<StoredLeader[]> {
      if (ranges.length === 0) return [];
      return db.query<StoredLeader>(
        `SELECT p.id, p.author_id, p.ct, p.fingerprint::text AS fingerprint
         FROM unnest($1::bigint[], $2::bigint[]) AS r(lo, hi)
         JOIN posts p ON p.ct BETWEEN r.lo AND r.hi
         WHERE p.fingerprint IS NOT NULL AND p.copy_of IS NULL AND NOT (p.id = ANY($3::text[]))`,
        [ranges.map((r) => r.lo), ranges.map((r) => r.hi), exceptIds],
      );
    },

    /** An earlier post arrived late: it leads the cluster `from` led, `from` included. */
    async repoint(from: string, to: string): Promise<void> {
      await db.query('UPDATE posts SET copy_of = $2 WHERE (id = $1 OR copy_of = $1) AND id <> $2', [from, to]);
      await db.query('UPDATE posts SET copy_of = NULL WHERE id = $1', [to]);
    },

    /**
     * The accounts that copied these leaders, earliest first, at most COPIES_USERS_MAX each; every
     * row carries its leader's count of copying accounts (an account posting the copy twice is one).
     * Walks posts_copies.
     */
    async copiesOf(leaderIds: string[]): Promise<CopiesRow[]> {
      if (leaderIds.length === 0) return [];
      return db.query<CopiesRow>(
        `SELECT c.copy_of, c.count::int AS count, a.id AS author_id, a.username, a.name, a.icon
         FROM (SELECT g.copy_of, g.author_id,
                      count(*) OVER (PARTITION BY g.copy_of) AS count,
                      row_number() OVER (PARTITION BY g.copy_of ORDER BY g.first_ct, g.author_id) AS n
               FROM (SELECT copy_of, author_id, min(ct) AS first_ct FROM posts
                     WHERE copy_of = ANY($1::text[]) GROUP BY copy_of, author_id) g) c
         JOIN x_accounts a ON a.id = c.author_id
         WHERE c.n <= $2
         ORDER BY c.copy_of, c.n`,
        [leaderIds, COPIES_USERS_MAX],
      );
    },
  };
}
