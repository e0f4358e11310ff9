/**
 * Opinion alerts (migration 0028; services/alerts/README.md): rules, fired alerts, the minute
 * claim, and the one read the evaluation makes of the opinion rollups per table and minute.
 */
import type { Queryable } from '../db';
import { KEPT } from './group-rollups';

export interface AlertRuleRow {
  id: number;
  user_id: number;
  view_id: number;
  kind: 'sentiment_swing' | 'mention_spike';
  window_s: number;
  threshold: number;
  min_posts: number;
  armed: boolean;
}

/** A rule with what its view counts: the rollup it reads and the key in it. */
export interface EvalRuleRow extends AlertRuleRow {
  view_type: 'coin_opinion' | 'event_opinion';
  view_name: string;
  coin: string | null;
  /** A coin view's KOL group (its own rollup), or an event view's (fixed in its rollup). */
  group_id: number | null;
  /** The coin view names a group that is gone (its report answers "not found"): skipped. */
  group_gone: boolean;
  /**
   * The coin view's group rollup is still being counted in the background (group-rollups.ts):
   * skipped until it is exact, rather than judged on a partial count.
   */
  group_pending: boolean;
}

export interface AlertEventRow {
  id: number;
  user_id: number;
  rule_id: number | null;
  view_id: number;
  view_type: 'coin_opinion' | 'event_opinion';
  kind: 'sentiment_swing' | 'mention_spike';
  window_s: number;
  at: number;
  subject: string;
  group_id: number | null;
  group_default_key: string | null;
  group_name: string | null;
  now_up: number;
  now_neutral: number;
  now_down: number;
  before_up: number;
  before_neutral: number;
  before_down: number;
  baseline: number;
}

export type NewAlertEvent = Omit<AlertEventRow, 'id' | 'view_type' | 'group_default_key' | 'group_name'>;

/** Which rollup a subject reads: all authors of a coin, a KOL group's coin rollup, an event view's. */
export type SubjectTable = 'coin' | 'group' | 'event';

export interface SubjectQuery {
  sid: number;
  /** The KOL group's id (group) or the event view's (event); 0 for a coin over all authors. */
  gid: number;
  /** The coin ('' for an event view). */
  coin: string;
  /** The window edges the subject's rules need, ascending, every one ≡ the minute mod 1800. */
  points: number[];
}

/** Counts of segment `seg` (1-based: [points[seg-1], points[seg]) ) of subject `sid`. */
export interface SegmentSums {
  sid: number;
  seg: number;
  up: number;
  neutral: number;
  down: number;
}

const HALF_HOUR = 1800;
const RULE_COLUMNS = 'r.id, r.user_id, r.view_id, r.kind, r.window_s, r.threshold, r.min_posts, r.armed';

const toRule = (r: Record<string, unknown>): AlertRuleRow => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  view_id: Number(r.view_id),
  kind: r.kind as AlertRuleRow['kind'],
  window_s: Number(r.window_s),
  threshold: Number(r.threshold),
  min_posts: Number(r.min_posts),
  armed: Boolean(r.armed),
});

/**
 * The rollup a subject table is read from, and the condition picking one subject's rows (its
 * `gid`: a KOL group's or an event view's id, and its `coin`). Each table keeps 1- and 30-minute
 * buckets summed by the same triggers, so a half hour read at res 30 is exactly its minutes at res 1.
 */
const TABLES: Record<SubjectTable, { from: string; match: string }> = {
  coin: { from: 'opinion_counts', match: 'c.coin = s.coin' },
  group: { from: 'group_opinion_counts', match: 'c.group_id = s.gid AND c.coin = s.coin' },
  event: { from: 'event_class_counts', match: 'c.view_id = s.gid' },
};

export function alertsRepo(db: Queryable) {
  return {
    async countOf(userId: number, viewId?: number): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_rules WHERE user_id = $1 AND ($2::bigint IS NULL OR view_id = $2)`,
        [userId, viewId ?? null],
      );
      return Number(rows[0]?.n ?? 0);
    },

    async list(userId: number, viewId?: number): Promise<AlertRuleRow[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.user_id = $1 AND ($2::bigint IS NULL OR r.view_id = $2) ORDER BY r.id`,
        [userId, viewId ?? null],
      );
      return rows.map(toRule);
    },

    async get(userId: number, id: number): Promise<AlertRuleRow | undefined> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${RULE_COLUMNS} FROM alert_rules r WHERE r.user_id = $1 AND r.id = $2`,
        [userId, id],
      );
      return rows[0] ? toRule(rows[0]) : undefined;
    },

    /**
     * Adds a rule when the user and the view are under their limits: the count and the insert in
     * one statement, after a lock on the user's row, so parallel adds cannot pass a limit.
     */
    async add(
      r: Omit<AlertRuleRow, 'id' | 'armed'>,
      limits: { perUser: number; perView: number },
      now: Date,
    ): Promise<AlertRuleRow | 'user_full' | 'view_full'> {
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [r.user_id]);
      const counts = await db.query<{ mine: number; view: number }>(
        `SELECT count(*)::int AS mine, (count(*) FILTER (WHERE view_id = $2))::int AS view FROM alert_rules WHERE user_id = $1`,
        [r.user_id, r.view_id],
      );
      if (Number(counts[0]?.mine) >= limits.perUser) return 'user_full';
      if (Number(counts[0]?.view) >= limits.perView) return 'view_full';
      const rows = await db.query<Record<string, unknown>>(
        `INSERT INTO alert_rules AS r (user_id, view_id, kind, window_s, threshold, min_posts, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${RULE_COLUMNS}`,
        [r.user_id, r.view_id, r.kind, r.window_s, r.threshold, r.min_posts, now],
      );
      return toRule(rows[0]!);
    },

    /** Changes a rule of the user; it is armed again (it measures something else now). */
    async update(
      userId: number,
      id: number,
      r: Pick<AlertRuleRow, 'kind' | 'window_s' | 'threshold' | 'min_posts'>,
    ): Promise<AlertRuleRow | undefined> {
      const rows = await db.query<Record<string, unknown>>(
        `UPDATE alert_rules r SET kind = $3, window_s = $4, threshold = $5, min_posts = $6, armed = true
         WHERE r.user_id = $1 AND r.id = $2 RETURNING ${RULE_COLUMNS}`,
        [userId, id, r.kind, r.window_s, r.threshold, r.min_posts],
      );
      return rows[0] ? toRule(rows[0]) : undefined;
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db.query('DELETE FROM alert_rules WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
      return rows.length > 0;
    },

    /**
     * Claims `minute` for this process: true for exactly one caller per minute, in the order the
     * minutes come (the row lock holds a second claimer until the first commits, which then
     * finds the minute taken). Called inside the evaluation's transaction.
     */
    async claimMinute(minute: number): Promise<boolean> {
      const rows = await db.query('UPDATE alert_clock SET minute = $1 WHERE id = 1 AND minute < $1 RETURNING minute', [
        minute,
      ]);
      return rows.length > 0;
    },

    /** Every rule with its view's subject (10,000 rules: one statement). */
    async rulesToEvaluate(): Promise<EvalRuleRow[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${RULE_COLUMNS}, v.view_type, v.name AS view_name,
                CASE WHEN v.view_type = 'coin_opinion' THEN v.settings->>'coin' END AS coin,
                CASE WHEN v.view_type = 'coin_opinion' THEN nullif(v.settings->>'kolGroupId', '')::bigint
                     ELSE ev.group_id END AS group_id,
                (v.view_type = 'coin_opinion' AND nullif(v.settings->>'kolGroupId', '') IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM kol_groups g
                                  WHERE g.id = nullif(v.settings->>'kolGroupId', '')::bigint AND g.user_id = r.user_id)) AS group_gone,
                (v.view_type = 'coin_opinion' AND nullif(v.settings->>'kolGroupId', '') IS NOT NULL
                  AND NOT (${KEPT("nullif(v.settings->>'kolGroupId', '')::bigint")})) AS group_pending
         FROM alert_rules r JOIN views v ON v.id = r.view_id
         LEFT JOIN event_views ev ON ev.view_id = v.id
         WHERE v.view_type IN ('coin_opinion', 'event_opinion')`,
      );
      return rows.map((r) => ({
        ...toRule(r),
        view_type: r.view_type as EvalRuleRow['view_type'],
        view_name: String(r.view_name),
        coin: r.coin === null ? null : String(r.coin),
        group_id: r.group_id === null ? null : Number(r.group_id),
        group_gone: Boolean(r.group_gone),
        group_pending: Boolean(r.group_pending),
      }));
    },

    /**
     * The counts between consecutive points of every subject of one table, in one statement:
     * whole half hours inside a segment from the 30-minute rows, the half hours a point cuts
     * through from the minute rows. Each subject's rows are read once, whatever the number of
     * rules on it (services/alerts/README.md).
     */
    async segmentSums(table: SubjectTable, subjects: SubjectQuery[], minute: number): Promise<SegmentSums[]> {
      if (subjects.length === 0) return [];
      const t = TABLES[table];
      const cut = minute % HALF_HOUR;
      // LATERAL: each subject is its own index range scan of the rollup's key, whatever the
      // planner thinks of how many subjects come (a hash join would read the whole table).
      const rows = await db.query<Record<string, unknown>>(
        `WITH s AS MATERIALIZED (
           SELECT sid, gid, coin, pts::bigint[] AS pts, cardinality(pts::bigint[]) AS n
           FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[]) AS u(sid, gid, coin, pts)
         ), cuts AS MATERIALIZED (
           -- The minutes of the half hours the points cut through (none when they fall on the half hour).
           SELECT s.sid, s.gid, s.coin, s.pts, greatest(p.pt - $5::bigint, s.pts[1]) AS lo,
                  least(p.pt - $5::bigint + ${HALF_HOUR}, s.pts[s.n]) AS hi
           FROM s CROSS JOIN LATERAL unnest(s.pts) AS p(pt)
           WHERE $5::bigint > 0
         ), parts AS (
           SELECT s.sid, width_bucket(c.bucket, s.pts) AS seg, c.up, c.neutral, c.down
           FROM s CROSS JOIN LATERAL (
             SELECT c.bucket, c.up, c.neutral, c.down FROM ${t.from} c
             WHERE ${t.match} AND c.res = 30
               AND c.bucket >= s.pts[1] - $5::bigint + CASE WHEN $5::bigint > 0 THEN ${HALF_HOUR} ELSE 0 END
               AND c.bucket < s.pts[s.n] - $5::bigint
             OFFSET 0
           ) c
           WHERE $5::bigint = 0 OR NOT (c.bucket + $5::bigint = ANY (s.pts))
           UNION ALL
           SELECT s.sid, width_bucket(c.bucket, s.pts) AS seg, c.up, c.neutral, c.down
           FROM cuts s CROSS JOIN LATERAL (
             SELECT c.bucket, c.up, c.neutral, c.down FROM ${t.from} c
             WHERE ${t.match} AND c.res = 1 AND c.bucket >= s.lo AND c.bucket < s.hi
             OFFSET 0
           ) c
         )
         SELECT sid, seg, sum(up)::int AS up, sum(neutral)::int AS neutral, sum(down)::int AS down
         FROM parts GROUP BY 1, 2`,
        [
          subjects.map((s) => s.sid),
          subjects.map((s) => s.gid),
          subjects.map((s) => s.coin),
          subjects.map((s) => `{${s.points.join(',')}}`),
          cut,
        ],
      );
      return rows.map((r) => ({
        sid: Number(r.sid),
        seg: Number(r.seg),
        up: Number(r.up),
        neutral: Number(r.neutral),
        down: Number(r.down),
      }));
    },

    /** Rules that fired (disarmed) and re-armed this minute, and the alerts fired. */
    async record(fired: NewAlertEvent[], disarm: number[], rearm: number[]): Promise<number[]> {
      if (disarm.length) await db.query('UPDATE alert_rules SET armed = false WHERE id = ANY($1::bigint[])', [disarm]);
      if (rearm.length) await db.query('UPDATE alert_rules SET armed = true WHERE id = ANY($1::bigint[])', [rearm]);
      if (fired.length === 0) return [];
      const col = <K extends keyof NewAlertEvent>(k: K) => fired.map((e) => e[k]);
      const rows = await db.query<{ id: number }>(
        `INSERT INTO alert_events (user_id, rule_id, view_id, kind, window_s, at, subject, group_id,
           now_up, now_neutral, now_down, before_up, before_neutral, before_down, baseline)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::bigint[], $7::text[],
           $8::bigint[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::float8[])
         RETURNING id`,
        [
          col('user_id'),
          col('rule_id'),
          col('view_id'),
          col('kind'),
          col('window_s'),
          col('at'),
          col('subject'),
          col('group_id'),
          col('now_up'),
          col('now_neutral'),
          col('now_down'),
          col('before_up'),
          col('before_neutral'),
          col('before_down'),
          col('baseline'),
        ],
      );
      return rows.map((r) => Number(r.id));
    },

    /** Fired alerts by id (to push them), whoever they belong to. */
    async eventsByIds(ids: number[]): Promise<AlertEventRow[]> {
      return this.events(null, { ids, limit: ids.length });
    },

    /** A user's fired alerts (null: anyone's, with `ids`), newest first, keyset-paged by (at, id). */
    async events(
      userId: number | null,
      opts: { viewId?: number; ids?: number[]; before?: { at: number; id: number }; limit: number },
    ): Promise<AlertEventRow[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT e.*, v.view_type, g.default_key AS group_default_key, g.name AS group_name
         FROM alert_events e JOIN views v ON v.id = e.view_id
         LEFT JOIN kol_groups g ON g.id = e.group_id AND g.user_id = e.user_id
         WHERE ($1::bigint IS NULL OR e.user_id = $1) AND ($2::bigint IS NULL OR e.view_id = $2)
           AND ($3::bigint[] IS NULL OR e.id = ANY($3::bigint[]))
           AND ($4::bigint IS NULL OR (e.at, e.id) < ($4::bigint, $5::bigint))
         ORDER BY e.at DESC, e.id DESC LIMIT $6`,
        [userId, opts.viewId ?? null, opts.ids ?? null, opts.before?.at ?? null, opts.before?.id ?? 0, opts.limit],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        user_id: Number(r.user_id),
        rule_id: r.rule_id === null ? null : Number(r.rule_id),
        view_id: Number(r.view_id),
        view_type: r.view_type as AlertEventRow['view_type'],
        kind: r.kind as AlertEventRow['kind'],
        window_s: Number(r.window_s),
        at: Number(r.at),
        subject: String(r.subject),
        group_id: r.group_id === null ? null : Number(r.group_id),
        group_default_key: (r.group_default_key as string | null) ?? null,
        group_name: (r.group_name as string | null) ?? null,
        now_up: Number(r.now_up),
        now_neutral: Number(r.now_neutral),
        now_down: Number(r.now_down),
        before_up: Number(r.before_up),
        before_neutral: Number(r.before_neutral),
        before_down: Number(r.before_down),
        baseline: Number(r.baseline),
      }));
    },
  };
}
export type AlertsRepo = ReturnType<typeof alertsRepo>;
