/**
 * Opinion report queries: bullish/neutral/bearish counts per time bucket and per author
 * verification class, from the rollups of db/rollups/opinion.ts (coin and event opinion) or straight
 * from posts (analytics reports, whose filters can be anything the feed filters by).
 */
import type { Queryable } from '../db';
import { KEPT } from './group-rollups';
import { type GroupRule, kolGroupsRepo, memberCondition } from './kol-groups';
import { type CompiledGroup, groupCondition } from './post-filter-sql';
import { EVENT_SAVE_LOCK } from '../rollups/opinion';
import { notACopy } from '../rollups/shared';
import { HISTORY_PERCENT, HISTORY_START } from './event-history';
import { keywordPattern, likePattern } from './keyword-match';

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

export function builder(w: BucketWindow) {
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const bucketOf = (col: string) =>
    `((${col} - ${param(w.offsetS)}::bigint) / ${param(w.intervalS)}::bigint) * ${param(w.intervalS)}::bigint + ${param(w.offsetS)}::bigint`;
  return { params, param, bucketOf };
}

/** The coarsest slices the buckets are made of: UTC days, half hours (30 min divides both), else minutes. */
export function resolutionFor(w: BucketWindow): 1 | 30 | 1440 {
  const DAY = 86_400;
  const HALF_HOUR = 1800;
  if (w.intervalS % DAY === 0 && w.offsetS % DAY === 0 && w.from % DAY === 0) return 1440;
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
     * be kept (`keptGroups`; `coinOfGroup` reads any group).
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

    /**
     * Which of these groups have an exact coin rollup of their own: some coin opinion or mindshare
     * view uses them and the background count is done (db/repos/group-rollups.ts).
     */
    async keptGroups(groupIds: number[]): Promise<Set<number>> {
      if (groupIds.length === 0) return new Set();
      const rows = await db.query<{ group_id: number }>(
        `SELECT g.id AS group_id FROM unnest($1::bigint[]) AS g(id) WHERE ${KEPT('g.id')}`,
        [groupIds],
      );
      return new Set(rows.map((r) => Number(r.group_id)));
    },

    /**
     * A coin's counts for one group's members: its rollup once exact, its members' per-author rows
     * until then (the same numbers); nothing for a group deleted meanwhile.
     */
    async coinOfGroup(coin: string, w: BucketWindow, groupId: number): Promise<BucketCounts[]> {
      if ((await this.keptGroups([groupId])).has(groupId)) return this.coin(coin, w, groupId);
      const rule = await kolGroupsRepo(db).ruleById(groupId);
      return rule ? this.coinOfMembers(coin, w, rule) : [];
    },

    /**
     * A coin's counts for the members of a group that has no rollup of its own (the coin page asks
     * about every group of the user): the per-author minute rows summed under the membership rule
     * the group rollups are kept by (`memberCondition`, the SQL kol_group_member() mirrors), so the
     * numbers are those a coin opinion view of the group shows once it exists.
     */
    async coinOfMembers(coin: string, w: BucketWindow, rule: GroupRule): Promise<BucketCounts[]> {
      const { params, param, bucketOf } = builder(w);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${bucketOf('c.bucket')} AS bucket, ${CLASS_SQL} AS class,
                sum(c.up) AS up, sum(c.neutral) AS neutral, sum(c.down) AS down
         FROM opinion_author_counts c JOIN x_accounts a ON a.id = c.author_id
         WHERE c.coin = ${param(coin)} AND c.bucket >= ${param(w.from)} AND c.bucket < ${param(w.to)}
           AND ${memberCondition(rule, param)}
         GROUP BY 1, 2`,
        params,
      );
      return toCounts(rows);
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

    /** Posts matching a view's filter groups, counted directly (analytics reports); copies count once, as in the rollups. */
    async matching(groups: CompiledGroup[], w: BucketWindow): Promise<BucketCounts[]> {
      const { params, param, bucketOf } = builder(w);
      const where = groups.map((g) => groupCondition(g, param));
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${bucketOf('p.ct')} AS bucket, ${CLASS_SQL} AS class,
                count(*) FILTER (WHERE p.sentiment = 1) AS up,
                count(*) FILTER (WHERE p.sentiment = 0) AS neutral,
                count(*) FILTER (WHERE p.sentiment = -1) AS down
         FROM posts p JOIN x_accounts a ON a.id = p.author_id
         WHERE p.ct >= ${param(w.from)} AND p.ct < ${param(w.to)} AND ${notACopy('p')}${where.length ? ` AND ${where.join(' AND ')}` : ''}
         GROUP BY 1, 2`,
        params,
      );
      return toCounts(rows);
    },

    /**
     * Sets an event view's group and keyword patterns (one regex per group; a post must match
     * all). New patterns (or a new view) restart its count: the rollups are emptied and the
     * background count (services/event-history.ts) counts the posts since `since` anew, the
     * triggers counting newer posts as it goes. The same patterns with another group recount
     * the group's share from the per-author rows. Run in the transaction that saves the view.
     */
    async setEvent(
      viewId: number,
      groupId: number | null,
      groups: string[][],
      since: number,
      now: number,
    ): Promise<void> {
      const patterns = groups.map(keywordPattern);
      const [stored] = await db.query<{ patterns: string[] | null }>(
        `SELECT (SELECT array_agg(pattern ORDER BY group_no) FROM event_patterns WHERE view_id = $1) AS patterns
         FROM event_views WHERE view_id = $1`,
        [viewId],
      );
      if (stored && JSON.stringify(stored.patterns ?? []) === JSON.stringify(patterns)) {
        await db.query('UPDATE event_views SET group_id = $2 WHERE view_id = $1', [viewId, groupId]);
        await db.query('SELECT event_view_recount($1)', [viewId]);
        return;
      }
      // A recount's slice first (it takes the lock below shared: db/rollups/recount.ts), then
      // writers of posts in flight finish first, and later ones see the restarted view.
      await db.query('SELECT rollups_counted_from()');
      // A history chunk of this view (event-history.ts) ends before the lock below is asked for:
      // writers of posts queue behind that lock, and must not wait for the chunk through it.
      await db.query('SELECT 1 FROM event_views WHERE view_id = $1 FOR NO KEY UPDATE', [viewId]);
      await db.query(`SELECT pg_advisory_xact_lock(${EVENT_SAVE_LOCK})`);
      await db.query(
        `INSERT INTO event_views (view_id, group_id, history_from, history_top, history_watermark)
         VALUES ($1, $2, $3, $4, ${HISTORY_START})
         ON CONFLICT (view_id) DO UPDATE SET group_id = EXCLUDED.group_id, history_from = EXCLUDED.history_from,
           history_top = EXCLUDED.history_top, history_watermark = EXCLUDED.history_watermark`,
        [viewId, groupId, since, now],
      );
      await db.query('DELETE FROM event_patterns WHERE view_id = $1', [viewId]);
      await db.query('DELETE FROM event_counts WHERE view_id = $1', [viewId]);
      await db.query('DELETE FROM event_class_counts WHERE view_id = $1', [viewId]);
      await db.query(
        `INSERT INTO event_patterns (view_id, group_no, pattern, prefilter)
         SELECT $1, n - 1, ($2::text[])[n], ARRAY(SELECT json_array_elements_text($3::json -> (n - 1)::int))
         FROM generate_series(1, cardinality($2::text[])) AS n`,
        [viewId, patterns, JSON.stringify(groups.map((words) => words.filter((k) => k.trim()).map(likePattern)))],
      );
    },

    /** How far an event view's history count is (0-99), or null when it is done. */
    async historyPercent(viewId: number): Promise<number | null> {
      const [row] = await db.query<{ percent: number | null }>(
        `SELECT ${HISTORY_PERCENT} AS percent FROM event_views WHERE view_id = $1`,
        [viewId],
      );
      return row?.percent ?? null;
    },
  };
}
