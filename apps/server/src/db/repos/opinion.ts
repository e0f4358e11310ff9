/**
 * Opinion report queries: bullish/neutral/bearish counts per time bucket and per author
 * verification class, from the rollups of db/rollups/opinion.ts (coin and event opinion) or straight
 * from posts (analytics reports, whose filters can be anything the feed filters by).
 */
import type { Queryable } from '../db';
import { type CompiledGroup, groupCondition } from './post-filter-sql';
import { keywordCondition, keywordPattern } from './keyword-match';

/** Buckets of `intervalS` aligned to `offsetS` (weeks start on Monday), over [from, to), in epoch seconds. */
export interface BucketWindow {
  from: number;
  to: number;
  intervalS: number;
  offsetS: number;
}

export interface BucketCounts {
  bucket: number;
  /** 2 gold, 1 blue, 0 none. */
  class: number;
  up: number;
  neutral: number;
  down: number;
}

const CLASS_SQL = 'author_class(a.is_blue_verified, a.verified_type)';

function builder(w: BucketWindow) {
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const bucketOf = (col: string) =>
    `((${col} - ${param(w.offsetS)}::bigint) / ${param(w.intervalS)}::bigint) * ${param(w.intervalS)}::bigint + ${param(w.offsetS)}::bigint`;
  return { params, param, bucketOf };
}

/** Half-hour slices when the buckets are made of them (30 min divides both), else minutes. */
function resolutionFor(w: BucketWindow): 1 | 30 {
  const HALF_HOUR = 1800;
  return w.intervalS % HALF_HOUR === 0 && w.offsetS % HALF_HOUR === 0 ? 30 : 1;
}

const toCounts = (rows: Record<string, unknown>[]): BucketCounts[] =>
  rows.map((r) => ({
    bucket: Number(r.bucket),
    class: Number(r.class),
    up: Number(r.up),
    neutral: Number(r.neutral),
    down: Number(r.down),
  }));

export function opinionRepo(db: Queryable) {
  return {
    /**
     * A coin's counts, for every author or for one KOL group's members. A group read here must
     * have been registered with useGroup (its rollup is kept only then).
     */
    async coin(coin: string, w: BucketWindow, groupId?: number): Promise<BucketCounts[]> {
      const res = resolutionFor(w);
      const { params, param, bucketOf } = builder(w);
      const table = groupId === undefined ? 'opinion_counts' : 'group_opinion_counts';
      const group = groupId === undefined ? '' : `group_id = ${param(groupId)} AND `;
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${bucketOf('bucket')} AS bucket, class, sum(up) AS up, sum(neutral) AS neutral, sum(down) AS down
         FROM ${table}
         WHERE ${group}coin = ${param(coin)} AND res = ${param(res)} AND bucket >= ${param(w.from)} AND bucket < ${param(w.to)}
         GROUP BY 1, 2`,
        params,
      );
      return toCounts(rows);
    },

    /** Starts keeping a group's coin rollup (counting its history once), if not kept yet. */
    async useGroup(groupId: number): Promise<void> {
      const added = await db.query(
        'INSERT INTO opinion_groups (group_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING group_id',
        [groupId],
      );
      if (added.length) await db.query('SELECT group_opinion_recount($1)', [groupId]);
    },

    /** Stops keeping the rollups of a user's groups no coin opinion view filters by any more. */
    async releaseUnusedGroups(userId: number): Promise<void> {
      await db.query(
        `DELETE FROM opinion_groups og USING kol_groups g
         WHERE g.id = og.group_id AND g.user_id = $1
           AND NOT EXISTS (SELECT 1 FROM views v WHERE v.user_id = $1 AND v.view_type = 'coin_opinion'
                           AND v.settings->>'kolGroupId' = og.group_id::text)`,
        [userId],
      );
    },

    /** An event opinion view's counts (its group's members, or everyone: fixed when saved). */
    async event(viewId: number, w: BucketWindow): Promise<BucketCounts[]> {
      const { params, param, bucketOf } = builder(w);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${bucketOf('bucket')} AS bucket, class, sum(up) AS up, sum(neutral) AS neutral, sum(down) AS down
         FROM event_class_counts
         WHERE view_id = ${param(viewId)} AND res = ${param(resolutionFor(w))} AND bucket >= ${param(w.from)} AND bucket < ${param(w.to)}
         GROUP BY 1, 2`,
        params,
      );
      return toCounts(rows);
    },

    /** Posts matching a view's filter groups, counted directly (analytics reports). */
    async matching(groups: CompiledGroup[], w: BucketWindow): Promise<BucketCounts[]> {
      const { params, param, bucketOf } = builder(w);
      const where = groups.map((g) => groupCondition(g, param));
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${bucketOf('p.ct')} AS bucket, ${CLASS_SQL} AS class,
                count(*) FILTER (WHERE p.sentiment = 1) AS up,
                count(*) FILTER (WHERE p.sentiment = 0) AS neutral,
                count(*) FILTER (WHERE p.sentiment = -1) AS down
         FROM posts p JOIN x_accounts a ON a.id = p.author_id
         WHERE p.ct >= ${param(w.from)} AND p.ct < ${param(w.to)}${where.length ? ` AND ${where.join(' AND ')}` : ''}
         GROUP BY 1, 2`,
        params,
      );
      return toCounts(rows);
    },

    /**
     * Sets an event view's group and keyword patterns (one regex per group; a post must match
     * all) and recounts its rollups from the posts since `since`. Run in the transaction that
     * saves the view.
     */
    async setEvent(viewId: number, groupId: number | null, groups: string[][], since: number): Promise<void> {
      // The rollup triggers match new posts with the stored patterns (db/rollups/opinion.ts).
      const patterns = groups.map(keywordPattern);
      const params: unknown[] = [viewId, since];
      const param = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      const matches = groups.map((words) => keywordCondition('p.text', words, param)).join(' AND ');
      await db.query(
        `INSERT INTO event_views (view_id, group_id) VALUES ($1, $2)
         ON CONFLICT (view_id) DO UPDATE SET group_id = EXCLUDED.group_id`,
        [viewId, groupId],
      );
      await db.query('DELETE FROM event_patterns WHERE view_id = $1', [viewId]);
      await db.query('DELETE FROM event_counts WHERE view_id = $1', [viewId]);
      await db.query(
        `INSERT INTO event_patterns (view_id, group_no, pattern)
         SELECT $1, n - 1, pattern FROM unnest($2::text[]) WITH ORDINALITY AS u(pattern, n)`,
        [viewId, patterns],
      );
      await db.query(
        `INSERT INTO event_counts (view_id, bucket, author_id, up, neutral, down)
         SELECT $1, (p.ct / 60) * 60, p.author_id,
                count(*) FILTER (WHERE p.sentiment = 1), count(*) FILTER (WHERE p.sentiment = 0),
                count(*) FILTER (WHERE p.sentiment = -1)
         FROM posts p
         WHERE p.ct >= $2 AND ${matches || 'false'}
         GROUP BY 2, 3`,
        params,
      );
      await db.query('SELECT event_view_recount($1)', [viewId]);
    },
  };
}
