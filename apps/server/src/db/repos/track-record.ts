/**
 * Track records' SQL (migration 0017): the calls, their candles and the per-author stats. The
 * rules themselves are in services/track-record/rules.ts; this file only reads and writes rows.
 */
import type { Queryable } from '../db';
import { type GroupRule, memberCondition } from './kol-groups';
import type { XAccountRow } from './x-accounts';

export interface PostCoinRow {
  post_id: string;
  author_id: string;
  ct: number;
  text: string;
  ref_kind: string;
  sentiment: number;
  /** posts.sentiment_call (the label for posts stored before calls): 0 when the reading is unsure. */
  sentiment_call: number;
  coin: string;
  coin_stance: number | null;
}

/** A chain to re-derive: one (author, coin) from time `from` on. */
export interface ChainFrom {
  author: string;
  coin: string;
  from: number;
}

export interface CallRow {
  post_id: string;
  coin: string;
  author_id: string;
  ct: number;
  stance: number;
  entry_ct: number | null;
  entry_price: number | null;
  raw: (number | null)[];
  excess: (number | null)[];
}

export interface StatsRow {
  author_id: string;
  coin: string;
  horizon: string;
  calls: number;
  pending: number;
  hits: number;
  raw_hits: number;
  hit_rate_low: number | null;
  sort_low: number;
  median_excess: number | null;
  median_raw: number | null;
  best_post_id: string | null;
  best_coin: string | null;
  worst_post_id: string | null;
  worst_coin: string | null;
}

/** A post's coins, one row each, with the post's own label and that coin's stance. */
// The author of a call is the post's person (migration 0019): one record across networks.
// A post stored before calls (migration 0024) has no sentiment_call yet: its label stands for it.
const POST_COINS = `p.id AS post_id, p.person_id AS author_id, p.ct, p.text, p.ref_kind, p.sentiment,
  COALESCE(p.sentiment_call, p.sentiment) AS sentiment_call, s.coin, s.stance AS coin_stance`;
const CHAINS = 'unnest($1::text[], $2::text[], $3::bigint[]) AS u(author, coin, t)';
const chainParams = (chains: ChainFrom[]) => [
  chains.map((c) => c.author),
  chains.map((c) => c.coin),
  chains.map((c) => c.from),
];
const CALL_COLUMNS = 'post_id, coin, author_id, ct, stance, entry_ct, entry_price, raw, excess';

/** A call as the profile lists it: with its post's text and the reading's confidence. */
export type ShownCallRow = CallRow & { text: string; confidence: number | null };

export function trackRecordRepo(db: Queryable) {
  return {
    /** The prices lock: shared by batches measuring calls, exclusive for a candle update. */
    async lockPrices(key: number, mode: 'shared' | 'exclusive'): Promise<void> {
      await db.query(`SELECT pg_advisory_xact_lock${mode === 'shared' ? '_shared' : ''}($1)`, [key]);
    },
    /** Advisory locks (space, key) taken in key order in one statement (no deadlock between batches). */
    async lockKeys(space: number, keys: number[]): Promise<void> {
      await db.query(
        'SELECT count(pg_advisory_xact_lock($1, k)) FROM (SELECT k FROM unnest($2::int[]) AS k ORDER BY k) s',
        [space, keys],
      );
    },
    /** Whether the records still have to be derived once (a database upgraded past 0017). */
    async rebuildNeeded(): Promise<boolean> {
      return (await db.query<{ needed: boolean }>('SELECT needed FROM track_rebuild'))[0]?.needed ?? false;
    },
    async rebuildDone(): Promise<void> {
      await db.query('UPDATE track_rebuild SET needed = false');
    },
    /** Records that every record must be derived again (a backfill stored without them ended). */
    async rebuildLater(): Promise<void> {
      await db.query('UPDATE track_rebuild SET needed = true');
    },
    /** Every coin of these posts (the posts' current state). */
    postCoins(postIds: string[]): Promise<PostCoinRow[]> {
      return db.query<PostCoinRow>(
        `SELECT ${POST_COINS} FROM posts p CROSS JOIN LATERAL unnest(p.coins, p.coin_stances) AS s(coin, stance)
         WHERE p.id = ANY($1::text[]) AND s.coin IS NOT NULL`,
        [postIds],
      );
    },
    /** The authors of these posts and of the calls they made, for locking before anything is read. */
    async authorsOf(postIds: string[]): Promise<string[]> {
      const rows = await db.query<{ a: string }>(
        `SELECT person_id AS a FROM posts WHERE id = ANY($1::text[])
         UNION SELECT author_id FROM track_calls WHERE post_id = ANY($1::text[])`,
        [postIds],
      );
      return rows.map((r) => r.a);
    },
    /** The calls these posts are now (the chains they were in). */
    callsOfPosts(postIds: string[]): Promise<{ author_id: string; coin: string; ct: number }[]> {
      return db.query('SELECT author_id, coin, ct FROM track_calls WHERE post_id = ANY($1::text[])', [postIds]);
    },
    /** Every (author, coin) of these authors with a post naming the coin or a stored call. */
    chainsOfAuthors(authors: string[]): Promise<{ author_id: string; coin: string }[]> {
      return db.query(
        `SELECT DISTINCT p.person_id AS author_id, s.coin FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS s(coin)
         WHERE p.person_id = ANY($1::text[])
         UNION SELECT author_id, coin FROM track_calls WHERE author_id = ANY($1::text[])`,
        [authors],
      );
    },
    /** Account ids after `after`, in id order (a rebuild's walk). */
    async accountsAfter(after: string, limit: number): Promise<string[]> {
      // Persons, by the account that names each (migration 0019).
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM x_accounts WHERE id > $1 AND id = person_id ORDER BY id LIMIT $2',
        [after, limit],
      );
      return rows.map((r) => r.id);
    },
    /** The last call of each chain before its `from`. */
    async anchors(chains: ChainFrom[]): Promise<Map<string, number>> {
      const rows = await db.query<{ author: string; coin: string; ct: number }>(
        `SELECT u.author, u.coin, max(c.ct) AS ct FROM ${CHAINS}
         JOIN track_calls c ON c.author_id = u.author AND c.coin = u.coin AND c.ct < u.t
         GROUP BY u.author, u.coin`,
        chainParams(chains),
      );
      return new Map(rows.map((r) => [`${r.author}\u0000${r.coin}`, Number(r.ct)]));
    },
    /** The stored calls of each chain from its `from` on (what a re-derivation compares with). */
    callsFrom(
      chains: ChainFrom[],
    ): Promise<{ post_id: string; coin: string; author_id: string; ct: number; stance: number }[]> {
      return db.query(
        `SELECT c.post_id, c.coin, c.author_id, c.ct, c.stance FROM ${CHAINS}
         JOIN track_calls c ON c.author_id = u.author AND c.coin = u.coin AND c.ct >= u.t`,
        chainParams(chains),
      );
    },
    async deleteCalls(keys: { postId: string; coin: string }[]): Promise<void> {
      if (keys.length === 0) return;
      await db.query(
        `DELETE FROM track_calls c USING unnest($1::text[], $2::text[]) AS k(post_id, coin)
         WHERE c.post_id = k.post_id AND c.coin = k.coin`,
        [keys.map((k) => k.postId), keys.map((k) => k.coin)],
      );
    },
    /**
     * The posts of each chain's author naming its coin, from its `from` on. Each author's posts
     * are read once, from the earliest of their chains, keeping the chains' coins; each row is then
     * held to its own chain's start here. Joined per chain, an author with many coins was read
     * once per coin, whatever the join was written as (the planner takes the chains as a few rows):
     * at 10M posts a from-scratch derivation spent minutes on one author (bench/track-record).
     */
    async chainPosts(chains: ChainFrom[]): Promise<PostCoinRow[]> {
      const rows = await db.query<PostCoinRow>(
        `SELECT ${POST_COINS}
         FROM (SELECT author, min(t) AS t, array_agg(coin) AS coins FROM ${CHAINS} GROUP BY author) a
         JOIN posts p ON p.person_id = a.author AND p.ct >= a.t
         CROSS JOIN LATERAL unnest(p.coins, p.coin_stances) AS s(coin, stance)
         WHERE s.coin = ANY(a.coins)`,
        chainParams(chains),
      );
      const from = new Map<string, number>();
      for (const c of chains) {
        const k = `${c.author}\u0000${c.coin}`;
        from.set(k, Math.min(c.from, from.get(k) ?? Number.POSITIVE_INFINITY));
      }
      return rows.filter(
        (r) => Number(r.ct) >= (from.get(`${r.author_id}\u0000${r.coin}`) ?? Number.POSITIVE_INFINITY),
      );
    },
    /** Stored closes of these candles, keyed `coin interval openTime`. */
    async closes(keys: { coin: string; interval: string; openTime: number }[]): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await db.query<{ coin: string; interval: string; open_time: number; close: number }>(
        `SELECT c.coin, c.interval, c.open_time, c.close
         FROM unnest($1::text[], $2::text[], $3::bigint[]) AS k(coin, interval, open_time)
         JOIN candles c ON c.coin = k.coin AND c.interval = k.interval AND c.open_time = k.open_time`,
        [keys.map((k) => k.coin), keys.map((k) => k.interval), keys.map((k) => k.openTime)],
      );
      return new Map(rows.map((r) => [`${r.coin} ${r.interval} ${Number(r.open_time)}`, Number(r.close)]));
    },
    /** Inserts calls, or rewrites their outcome when they are already stored. */
    async upsertCalls(rows: CallRow[]): Promise<void> {
      if (rows.length === 0) return;
      // Arrays of arrays cannot go through unnest; the returns travel as JSON.
      await db.query(
        `INSERT INTO track_calls (${CALL_COLUMNS})
         SELECT r.post_id, r.coin, r.author_id, r.ct, r.stance, r.entry_ct, r.entry_price,
                ARRAY(SELECT (x #>> '{}')::double precision FROM jsonb_array_elements(r.raw) x),
                ARRAY(SELECT (x #>> '{}')::double precision FROM jsonb_array_elements(r.excess) x)
         FROM jsonb_to_recordset($1::jsonb) AS r(post_id text, coin text, author_id text, ct bigint, stance smallint,
              entry_ct bigint, entry_price double precision, raw jsonb, excess jsonb)
         ON CONFLICT (post_id, coin) DO UPDATE SET author_id = EXCLUDED.author_id, ct = EXCLUDED.ct,
           stance = EXCLUDED.stance, entry_ct = EXCLUDED.entry_ct, entry_price = EXCLUDED.entry_price,
           raw = EXCLUDED.raw, excess = EXCLUDED.excess`,
        [JSON.stringify(rows)],
      );
    },
    /**
     * Calls that read a price in [from, to): their post time, or their entry plus a horizon
     * (`offsets`), on one of `coins` (every coin when null).
     */
    affectedBySpan(coins: string[] | null, from: number, to: number, offsets: number[]): Promise<CallRow[]> {
      const params: unknown[] = [from, to];
      const ranges = [
        '(ct >= $1 AND ct < $2)',
        ...offsets.map((o) => {
          params.push(o);
          return `(entry_ct >= $1 - $${params.length}::bigint AND entry_ct < $2 - $${params.length}::bigint)`;
        }),
      ];
      if (coins) params.push(coins);
      return db.query<CallRow>(
        `SELECT ${CALL_COLUMNS} FROM track_calls
         WHERE (${ranges.join(' OR ')}) ${coins ? `AND coin = ANY($${params.length}::text[])` : ''}`,
        params,
      );
    },
    callsOfAuthors(authors: string[]): Promise<CallRow[]> {
      return db.query<CallRow>(`SELECT ${CALL_COLUMNS} FROM track_calls WHERE author_id = ANY($1::text[])`, [authors]);
    },
    /** Replaces every stats row of these authors with `rows`. */
    async replaceStats(authors: string[], rows: StatsRow[]): Promise<void> {
      await db.query('DELETE FROM track_stats WHERE author_id = ANY($1::text[])', [authors]);
      await this.insertStats(rows);
    },

    /** Replaces the stats rows of these (author, coin) pairs with `rows`. */
    async replaceStatsOf(pairs: { author: string; coin: string }[], rows: StatsRow[]): Promise<void> {
      await db.query(
        `DELETE FROM track_stats s USING unnest($1::text[], $2::text[]) AS k(author, coin)
         WHERE s.author_id = k.author AND s.coin = k.coin`,
        [pairs.map((p) => p.author), pairs.map((p) => p.coin)],
      );
      await this.insertStats(rows);
    },
    async insertStats(rows: StatsRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.query(`INSERT INTO track_stats SELECT * FROM jsonb_populate_recordset(NULL::track_stats, $1::jsonb)`, [
        JSON.stringify(rows),
      ]);
    },

    // Reading, for the calls.
    async account(id: string): Promise<(XAccountRow & { person_id: string }) | undefined> {
      const rows = await db.query<XAccountRow & { person_id: string }>('SELECT * FROM x_accounts WHERE id = $1', [id]);
      return rows[0];
    },
    stats(author: string, coin: string): Promise<StatsRow[]> {
      return db.query<StatsRow>('SELECT * FROM track_stats WHERE author_id = $1 AND coin = $2', [author, coin]);
    },
    /**
     * The author's own bullish or bearish posts on a coin that are not calls because their
     * reading was unsure (posts.sentiment_call 0): what the record left out.
     */
    async unsurePosts(author: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*) AS n FROM posts WHERE person_id = $1 AND sentiment <> 0 AND sentiment_call = 0
           AND cardinality(coins) > 0 AND ref_kind NOT IN ('repost', 'quote')`,
        [author],
      );
      return Number(row?.n ?? 0);
    },
    async totalCalls(author: string): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*) AS n FROM track_calls WHERE author_id = $1', [
        author,
      ]);
      return Number(row?.n ?? 0);
    },
    /** An author's calls newest first, after the (ct, post, coin) position of the last one shown. */
    callsPage(
      author: string,
      after: { ct: number; postId: string; coin: string } | undefined,
      limit: number,
    ): Promise<ShownCallRow[]> {
      const keyset = after ? `AND (c.ct, c.post_id, c.coin) < ($2::bigint, $3::text, $4::text)` : '';
      return db.query(
        `SELECT c.*, p.text, p.sentiment_confidence AS confidence FROM track_calls c JOIN posts p ON p.id = c.post_id
         WHERE c.author_id = $1 ${keyset}
         ORDER BY c.ct DESC, c.post_id DESC, c.coin DESC LIMIT ${after ? '$5' : '$2'}`,
        after ? [author, after.ct, after.postId, after.coin, limit] : [author, limit],
      );
    },
    callsByKeys(keys: { postId: string; coin: string }[]): Promise<ShownCallRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db.query(
        `SELECT c.*, p.text, p.sentiment_confidence AS confidence FROM unnest($1::text[], $2::text[]) AS k(post_id, coin)
         JOIN track_calls c ON c.post_id = k.post_id AND c.coin = k.coin JOIN posts p ON p.id = c.post_id`,
        [keys.map((k) => k.postId), keys.map((k) => k.coin)],
      );
    },
    /**
     * A group's members with calls, in leaderboard order: the bound (-1 below the minimum) desc,
     * calls desc, account id asc; after the position of the last one shown.
     */
    leaderboard(
      rule: GroupRule,
      coin: string,
      horizon: string,
      after: { low: number; calls: number; id: string } | undefined,
      limit: number,
    ): Promise<(StatsRow & XAccountRow)[]> {
      const params: unknown[] = [];
      const param = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      const keyset = after
        ? `AND (s.sort_low < ${param(after.low)}::float8
               OR (s.sort_low = ${param(after.low)}::float8 AND s.calls < ${param(after.calls)}::int)
               OR (s.sort_low = ${param(after.low)}::float8 AND s.calls = ${param(after.calls)}::int AND s.author_id > ${param(after.id)}::text))`
        : '';
      return db.query(
        `SELECT s.*, a.id, a.username, a.name, a.icon, a.followers_count, a.is_blue_verified, a.verified_type
         FROM track_stats s JOIN x_accounts a ON a.id = s.author_id
         WHERE s.coin = ${param(coin)}::text AND s.horizon = ${param(horizon)}::text AND s.calls + s.pending > 0
           AND ${memberCondition(rule, param)} ${keyset}
         ORDER BY s.sort_low DESC, s.calls DESC, s.author_id LIMIT ${param(limit)}`,
        params,
      );
    },
  };
}
