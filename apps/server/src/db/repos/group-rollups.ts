/**
 * Which KOL groups have a coin rollup of their own (group_opinion_counts), and the background count
 * that brings one to exact (services/group-rollups.ts drives it; issue 34 item 5). A group's
 * rollup is wanted while a coin opinion or mindshare view uses it: saving such a view writes no
 * rollup row (a broad group's history took 20 s at 220k posts inside the request, 503), the
 * background `adopt`s it, and counts it key range by key range; reports read the members'
 * per-author rows until it is done (`keptGroups`: only groups not pending), the same numbers.
 *
 * Why a group being counted stays exact (the one rule): a group in opinion_groups is counted by
 * the triggers from then on, exact or not; a pending group's rows in key ranges (coin, bucket)
 * below its cursor are exact, the rest are not read. A slice holds group_opinion_counts in SHARE
 * ROW EXCLUSIVE mode, so no writer of posts, accounts or group rules touches the group rows
 * while it deletes a range's rows and sums them again from the members' per-author rows; every
 * writer before it has committed (counted in the per-author rows it reads, its group deltas
 * replaced), every writer after it adds its delta to exact rows. `adopt` makes the boundary
 * clean: it waits for every writer in flight (SHARE on the tables the triggers write and read)
 * before the group is listed, so no writer that did not see the group commits after a slice.
 * Ranges end on UTC days, and every resolution's bucket of a minute lies in its day, so a range
 * covers whole rows of group_opinion_counts. Anything that makes a kept group's rows wrong as a
 * whole (persons merged: `restartReaching`) puts its cursor back to the first key.
 *
 * Rollups no view uses any more are released the same way, a chunk of rows at a time (the group
 * is pending meanwhile, so nothing reads the rows left), then the group leaves opinion_groups.
 */
import type { Queryable } from '../db';
import { CLASS, inRes, RES } from '../rollups/opinion';
import { kolGroupsRepo, memberCondition } from './kol-groups';

const DAY = 86_400;
/** The view types whose group keeps a rollup, and the condition "some view uses group `gid`". */
const USED = (gid: string) =>
  `EXISTS (SELECT 1 FROM views v WHERE v.view_type IN ('coin_opinion', 'mindshare')
           AND v.settings->>'kolGroupId' = ${gid}::text)`;
/** Groups whose rollup is exact: kept, and not pending. */
export const KEPT = (gid: string) =>
  `EXISTS (SELECT 1 FROM opinion_groups og WHERE og.group_id = ${gid})
   AND NOT EXISTS (SELECT 1 FROM opinion_group_recounts r WHERE r.group_id = ${gid})`;

/** What one step did: a slice of a group's count, a chunk released, or nothing left. */
export type GroupStep =
  | { kind: 'counted'; groupId: number; rows: number; done: boolean }
  | { kind: 'released'; groupId: number; rows: number; done: boolean };

/** A key of group_opinion_counts' order, (coin, bucket); null bounds are open. */
interface Key {
  coin: string;
  bucket: number;
}

/** (coin, bucket) within [lo, hi) of table alias `t`, parameters by `param`. */
function inRange(t: string, lo: Key | null, hi: Key | null, param: (v: unknown) => string): string {
  const parts = ['true'];
  if (lo) parts.push(`(${t}.coin, ${t}.bucket) >= (${param(lo.coin)}::text, ${param(lo.bucket)}::bigint)`);
  if (hi) parts.push(`(${t}.coin, ${t}.bucket) < (${param(hi.coin)}::text, ${param(hi.bucket)}::bigint)`);
  return parts.join(' AND ');
}

export function groupRollupsRepo(db: Queryable) {
  /** One slice of a used pending group: the next `rows` per-author rows' key range, summed again. */
  async function countSlice(groupId: number, lo: Key | null, rows: number): Promise<GroupStep> {
    const rule = await kolGroupsRepo(db).ruleById(groupId);
    // The group was deleted: opinion_groups follows it (ON DELETE CASCADE), nothing to count.
    if (!rule) return { kind: 'counted', groupId, rows: 0, done: true };
    const params: unknown[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const [next] = await db.query<{ coin: string; bucket: string }>(
      `SELECT c.coin, c.bucket FROM opinion_author_counts c WHERE ${inRange('c', lo, null, param)}
       ORDER BY c.coin, c.bucket OFFSET ${param(Math.max(1, rows))} LIMIT 1`,
      params,
    );
    // The range ends at the day of the row `rows` ahead, or the next day when that is where it starts.
    let hi: Key | null = null;
    if (next) {
      const day = Math.floor(Number(next.bucket) / DAY) * DAY;
      hi =
        lo && lo.coin === next.coin && lo.bucket >= day
          ? { coin: next.coin, bucket: day + DAY }
          : { ...next, bucket: day };
    }
    const del: unknown[] = [groupId];
    await db.query(
      `DELETE FROM group_opinion_counts t WHERE t.group_id = $1 AND ${inRange('t', lo, hi, (v) => {
        del.push(v);
        return `$${del.length}`;
      })}`,
      del,
    );
    params.length = 0;
    const gid = param(groupId);
    const added = await db.query<{ n: string }>(
      `WITH sums AS (
         SELECT c.coin, r.res, ${inRes('c.bucket')} AS bucket, ${CLASS('a')} AS class,
                sum(c.up) AS up, sum(c.neutral) AS neutral, sum(c.down) AS down
         FROM opinion_author_counts c JOIN x_accounts a ON a.id = c.author_id
         ${RES}
         WHERE ${inRange('c', lo, hi, param)} AND ${memberCondition(rule, param)}
         GROUP BY 1, 2, 3, 4
       ), ins AS (
         INSERT INTO group_opinion_counts (group_id, coin, res, bucket, class, up, neutral, down)
         SELECT ${gid}::bigint, coin, res, bucket, class, up, neutral, down FROM sums
         RETURNING 1)
       SELECT count(*)::text AS n FROM ins`,
      params,
    );
    if (hi) {
      await db.query('UPDATE opinion_group_recounts SET next_coin = $2, next_bucket = $3 WHERE group_id = $1', [
        groupId,
        hi.coin,
        hi.bucket,
      ]);
    } else await db.query('DELETE FROM opinion_group_recounts WHERE group_id = $1', [groupId]);
    return { kind: 'counted', groupId, rows: Number(added[0]?.n ?? 0), done: hi === null };
  }

  /** One chunk of an unused group's rows deleted; the group itself once none is left. */
  async function releaseChunk(groupId: number, rows: number): Promise<GroupStep> {
    const deleted = await db.query(
      `DELETE FROM group_opinion_counts WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM group_opinion_counts WHERE group_id = $1 LIMIT $2)) RETURNING 1`,
      [groupId, rows],
    );
    // Rows below the cursor are gone: if a view takes the group again, it is counted from the start.
    await db.query('UPDATE opinion_group_recounts SET next_coin = NULL, next_bucket = NULL WHERE group_id = $1', [
      groupId,
    ]);
    const done = deleted.length < rows;
    if (done) await db.query('DELETE FROM opinion_groups WHERE group_id = $1', [groupId]);
    return { kind: 'released', groupId, rows: deleted.length, done };
  }

  return {
    /**
     * Lists the groups some view uses that have no rollup yet (pending from the first key), and
     * marks pending the kept ones no view uses (to be released). Returns the groups adopted.
     */
    async adopt(): Promise<number[]> {
      const wanted = await db.query<{ group_id: string }>(
        `SELECT g.id AS group_id FROM kol_groups g
         WHERE ${USED('g.id')} AND NOT EXISTS (SELECT 1 FROM opinion_groups og WHERE og.group_id = g.id)`,
      );
      if (wanted.length) {
        // Writers in flight finish first, and later ones see the groups (module header).
        await db.query('LOCK TABLE x_accounts, kol_groups, kol_group_accounts, opinion_author_counts IN SHARE MODE');
      }
      const ids = wanted.map((w) => Number(w.group_id));
      await db.query(
        `WITH added AS (
           INSERT INTO opinion_groups (group_id) SELECT unnest($1::bigint[]) ON CONFLICT DO NOTHING RETURNING group_id)
         INSERT INTO opinion_group_recounts (group_id) SELECT group_id FROM added ON CONFLICT DO NOTHING`,
        [ids],
      );
      await db.query(
        `INSERT INTO opinion_group_recounts (group_id)
         SELECT og.group_id FROM opinion_groups og WHERE NOT ${USED('og.group_id')}
         ON CONFLICT DO NOTHING`,
      );
      return ids;
    },

    /**
     * One step of the count, in the caller's transaction: a slice of `rows` per-author rows of a
     * pending group some view uses, else a chunk of `rows` rows of one no view uses. Null when no
     * group is pending, or while the rollups are recounted (db/rollups/recount.ts: the cursor
     * rule of that count and this one's would meet).
     */
    async step(rows: number): Promise<GroupStep | null> {
      if ((await db.query('SELECT 1 FROM rollup_recount')).length) return null;
      // A recount's slice first (it takes its lock before these tables), then the group rows.
      await db.query('SELECT rollups_counted_from()');
      await db.query('LOCK TABLE group_opinion_counts IN SHARE ROW EXCLUSIVE MODE');
      const [pending] = await db.query<{
        group_id: string;
        next_coin: string | null;
        next_bucket: string | null;
        used: boolean;
      }>(
        `SELECT r.group_id, r.next_coin, r.next_bucket, ${USED('r.group_id')} AS used
         FROM opinion_group_recounts r ORDER BY 4 DESC, r.group_id LIMIT 1`,
      );
      if (!pending) return null;
      const groupId = Number(pending.group_id);
      if (!pending.used) return releaseChunk(groupId, rows);
      const lo = pending.next_coin === null ? null : { coin: pending.next_coin, bucket: Number(pending.next_bucket) };
      return countSlice(groupId, lo, rows);
    },

    /**
     * Persons merged or split (`accountIds`: every account of the persons before and after): the
     * kept groups whose lists name one of them are counted again from the first key, since the
     * per-account triggers read the lists as they are after the change and cannot see an entry
     * reaching other accounts. Groups whose lists name none of them only gain or lose members by
     * their range, which those triggers count. Returns the groups restarted.
     */
    async restartReaching(accountIds: string[]): Promise<number[]> {
      const rows = await db.query<{ group_id: string }>(
        `INSERT INTO opinion_group_recounts AS r (group_id)
         SELECT DISTINCT og.group_id FROM opinion_groups og
         JOIN kol_group_accounts l ON l.group_id = og.group_id
         WHERE l.account_id = ANY($1::text[])
         ON CONFLICT (group_id) DO UPDATE SET next_coin = NULL, next_bucket = NULL
         RETURNING r.group_id`,
        [accountIds],
      );
      return rows.map((r) => Number(r.group_id));
    },

    /** Groups still to count or release, for /healthz and tests. */
    async pending(): Promise<number[]> {
      const rows = await db.query<{ group_id: string }>('SELECT group_id FROM opinion_group_recounts ORDER BY 1');
      return rows.map((r) => Number(r.group_id));
    },
  };
}
