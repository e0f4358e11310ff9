/**
 * "Follow the group" (packages/contract/src/follow.ts): a group's calls from track_calls, summed
 * per hour of exit, and paged. The rules (what a call is, its entry and exit) stay the track
 * record's: these queries only read the calls it stored. `horizonIndex` is the horizon's position
 * in TRACK_HORIZONS; a position's return is the raw return times the stance (-1 for a short).
 */
import type { Queryable } from '../db';
import { type GroupRule, memberCondition } from './kol-groups';
import type { XAccountRow } from './x-accounts';

/** One hour of exits (hour = floor(exit / 3600)), or the whole set (hour null). */
export interface FollowHourRow {
  hour: number | null;
  /** Calls with a known return (the whole set: pending ones apart). */
  n: number;
  hits: number;
  /** The sum of the returns, and the last exit time in the hour. */
  sum: number | null;
  last_exit: number | null;
  /**
   * Whole set only: calls still waiting for their exit, the first entry and the first call's post
   * time (a price at it reads the entry's candle: services/track-record/rules.ts), the median return.
   */
  pending: number | null;
  first_entry: number | null;
  first_post: number | null;
  median: number | null;
}

export type FollowCallRow = XAccountRow & {
  post_id: string;
  coin: string;
  ct: number;
  stance: number;
  entry_ct: number | null;
  entry_price: number | null;
  ret: number | null;
  text: string;
};

function query(rule: GroupRule) {
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  return { params, param, member: memberCondition(rule, param) };
}

export function followRepo(db: Queryable) {
  return {
    /**
     * The group's calls posted since `since`: the totals (hour null) and one row per hour of exit
     * with a known return. One pass over the calls (the CTE is read twice, computed once).
     */
    async hours(rule: GroupRule, since: number, horizonIndex: number, horizonS: number): Promise<FollowHourRow[]> {
      const q = query(rule);
      const i = q.param(horizonIndex + 1);
      const h = q.param(horizonS);
      const rows = await db.query<FollowHourRow>(
        `WITH c AS MATERIALIZED (
           SELECT c.stance * c.raw[${i}::int] AS r, c.entry_ct + ${h}::bigint AS exit_ct, c.entry_ct, c.ct
           FROM track_calls c JOIN x_accounts a ON a.id = c.author_id
           WHERE c.ct >= ${q.param(since)}::bigint AND ${q.member})
         SELECT NULL::bigint AS hour, count(r)::int AS n, (count(*) FILTER (WHERE r > 0))::int AS hits, sum(r) AS sum,
                max(exit_ct) FILTER (WHERE r IS NOT NULL) AS last_exit, (count(*) - count(r))::int AS pending,
                min(entry_ct) FILTER (WHERE r IS NOT NULL) AS first_entry, min(ct) FILTER (WHERE r IS NOT NULL) AS first_post,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY r) AS median
         FROM c
         UNION ALL
         SELECT exit_ct / 3600, count(*)::int, (count(*) FILTER (WHERE r > 0))::int, sum(r), max(exit_ct),
                NULL, NULL, NULL, NULL
         FROM c WHERE r IS NOT NULL GROUP BY exit_ct / 3600`,
        q.params,
      );
      return rows.map((r) => ({
        hour: r.hour === null ? null : Number(r.hour),
        n: Number(r.n),
        hits: Number(r.hits),
        sum: r.sum === null ? null : Number(r.sum),
        last_exit: r.last_exit === null ? null : Number(r.last_exit),
        pending: r.pending === null ? null : Number(r.pending),
        first_entry: r.first_entry === null ? null : Number(r.first_entry),
        first_post: r.first_post === null ? null : Number(r.first_post),
        median: r.median === null ? null : Number(r.median),
      }));
    },

    /** The group's calls posted since `since`, newest first, after the (ct, post, coin) last shown. */
    calls(
      rule: GroupRule,
      since: number,
      horizonIndex: number,
      after: { ct: number; postId: string; coin: string } | undefined,
      limit: number,
    ): Promise<FollowCallRow[]> {
      const q = query(rule);
      const keyset = after
        ? `AND (c.ct, c.post_id, c.coin) < (${q.param(after.ct)}::bigint, ${q.param(after.postId)}::text, ${q.param(after.coin)}::text)`
        : '';
      return db.query<FollowCallRow>(
        `SELECT c.post_id, c.coin, c.ct, c.stance, c.entry_ct, c.entry_price,
                c.stance * c.raw[${q.param(horizonIndex + 1)}::int] AS ret, p.text,
                a.id, a.username, a.name, a.icon, a.followers_count, a.is_blue_verified, a.verified_type
         FROM track_calls c JOIN x_accounts a ON a.id = c.author_id JOIN posts p ON p.id = c.post_id
         WHERE c.ct >= ${q.param(since)}::bigint AND ${q.member} ${keyset}
         ORDER BY c.ct DESC, c.post_id DESC, c.coin DESC LIMIT ${q.param(limit)}`,
        q.params,
      );
    },
  };
}
