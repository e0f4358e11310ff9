/**
 * The post filter compiled to SQL: a view's rule groups become one WHERE condition
 * (`groupCondition`), which the feed, the opinion reports and the notifications share.
 *
 * The feed query (`feedRepo`): posts matching a view's filter groups, newest first, paged by an exact
 * (ct, id) keyset so pages never repeat or skip a post while new ones arrive.
 *
 * Semantics (docs/API.md): a post matches a view when it satisfies every group, and a group
 * when it satisfies any of the group's rules.
 */
import type { Queryable } from '../db';
import { notACopy } from '../rollups/shared';
import { keywordCondition, keywordRegExp, likeCondition } from './keyword-match';
import { type GroupRule, memberCondition } from './kol-groups';

export interface CompiledGroup {
  categories?: string[];
  /** Case-insensitive words or phrases; CJK keywords match as substrings. */
  keywords?: string[];
  coins?: string[];
  authorIds?: string[];
  handles?: string[];
  /** Follower ranges; 0 as max means unlimited. */
  fans?: { min: number; max: number }[];
}

/**
 * Only the posts of one KOL group's members, by `memberCondition`, the condition the group's
 * member list uses and the rollups' SQL `kol_group_member()` mirrors, so related posts and report
 * counts cannot disagree. Inlined rather than calling that function: a per-row function call is
 * not inlined by the planner and cost 40-150 µs a post (bench/opinion-feed.bench.ts).
 */
export interface GroupMembership {
  rule: GroupRule;
  /** The whitelist of a group without a follower range: its only possible authors. */
  onlyAuthors?: string[];
}

export interface FeedQuery {
  groups: CompiledGroup[];
  member?: GroupMembership;
  /** Only posts of tracked authors (notification views). */
  trackedOnly?: boolean;
  /** No copies of another account's post: a report's posts list, as its counts (rollups/shared.ts). */
  leadersOnly?: boolean;
  sentiment?: -1 | 0 | 1;
  /** Posts strictly older than this position (the next page). */
  before?: { ct: number; id: string };
  /** Posts strictly newer than this position (new items). */
  after?: { ct: number; id: string };
  /** Posts from this time on (unix seconds): a report's window, so its posts agree with its counts. */
  since?: number;
  limit: number;
  /**
   * With keyword groups: look at no more than this many posts (those passing the other groups,
   * from the cursor down), so a view whose keywords match rarely cannot read the whole table.
   */
  scan?: number;
}

/** A page of matches, and where the look stopped when `scan` cut it short (the next cursor). */
export interface FeedResult {
  rows: FeedRow[];
  scannedTo?: { ct: number; id: string };
}

export interface FeedRow {
  id: string;
  text: string;
  ct: number;
  medias: { imgUrlThumb: string; imgUrlOrigin: string; kind?: 'video' }[];
  /** Migration 0025: the post's links, link card and the counts its network did not report. */
  links: { url: string; text: string }[];
  card: { url: string; title: string; description: string; thumb: string } | null;
  unknown_counts: string[];
  coins: string[];
  /** -1/0/1 per coin, parallel to coins; empty or NULL: every coin has the post's label. */
  coin_stances: number[] | null;
  categories: string[];
  sentiment: number;
  sentiment_cues: string[];
  /** Which classifier read it; '' for posts stored before migration 0011. */
  sentiment_model: string;
  sentiment_confidence: number | null;
  sentiment_call: number | null;
  author_id: string;
  username: string;
  name: string;
  icon: string;
  is_blue_verified: boolean;
  verified_type: string;
  followers_count: number;
  /** The largest audience over the author's person (migration 0019): what fans ranges read. */
  person_followers: number;
  /** The source that last wrote the post ('demo', 'x-api', 'rss', 'push', 'telegram', …). */
  source: string;
  /** contract NETWORKS. */
  network: string;
  /** The post's page as its source gave it; '' when none (X's is derived). */
  url: string;
  vanished: boolean;
  like_count: number;
  retweet_count: number;
  quote_count: number;
  impression_count: number;
  /** The leader of its near-duplicate cluster (migration 0020); null for an original. */
  copy_of: string | null;
}

/** The SQL condition of one group over posts `p` joined with their authors `a`. */
export function groupCondition(g: CompiledGroup, param: (v: unknown) => string): string {
  const any: string[] = [];
  if (g.categories?.length) any.push(`p.categories && ${param(g.categories)}::text[]`);
  if (g.coins?.length) any.push(`p.coins && ${param(g.coins)}::text[]`);
  if (g.keywords?.length) any.push(keywordCondition('p.text', g.keywords, param));
  // An author rule names an account and applies to every account of its person.
  if (g.authorIds?.length)
    any.push(
      `p.person_id = ANY(ARRAY(SELECT x.person_id FROM x_accounts x WHERE x.id = ANY(${param(g.authorIds)}::text[])))`,
    );
  if (g.handles?.length) any.push(`lower(a.username) = ANY(${param(g.handles)}::text[])`);
  for (const f of g.fans ?? []) {
    // Fans ranges compare the person's largest audience (migration 0019).
    const max = f.max > 0 ? ` AND a.person_followers <= ${param(f.max)}` : '';
    any.push(`(a.person_followers >= ${param(f.min)}${max})`);
  }
  // A group with no usable rule matches nothing rather than everything.
  return any.length ? `(${any.join(' OR ')})` : 'false';
}

/**
 * The sentiment filter. When the view filters by coins, the stance toward those coins decides
 * (posts.coin_stances, migration 0012): "$BTC weak, $SOL ripping" is a bearish BTC post and a
 * bullish SOL one. A post naming none of them (it matched another rule) goes by its own label.
 */
function sentimentCondition(q: FeedQuery, sentiment: number, param: (v: unknown) => string): string {
  const coins = [...new Set(q.groups.flatMap((g) => g.coins ?? []))];
  const s = param(sentiment);
  if (coins.length === 0) return `p.sentiment = ${s}`;
  const c = param(coins);
  return `(CASE WHEN p.coins && ${c}::text[]
            THEN EXISTS (SELECT 1 FROM unnest(p.coins, p.coin_stances) AS cs(coin, stance)
                         WHERE cs.coin = ANY(${c}::text[]) AND coalesce(cs.stance, p.sentiment) = ${s})
            ELSE p.sentiment = ${s} END)`;
}

/** A page's keyword candidates are read in chunks growing from the page size up to this. */
const CHUNK_MAX = 500;
const ROUNDS_MAX = 20;
/**
 * Opens the window and edge statements so db.ts does not prepare them: their best plan depends on
 * the values (a common coin wants the time index, a rare one its GIN index), and after five runs
 * a prepared statement may switch to a generic plan that guessed wrong (0.9 s instead of 2 ms on
 * bench/worst-view's four-group view at 1M posts).
 */
const PLAN_EACH_TIME = '/* planned per call */';
/** The window without a `scan` bound (tests and callers that set none). */
const WINDOW_MAX = 1_000_000_000;
const COLUMNS = `p.id, p.text, p.ct, p.medias, p.links, p.card, p.unknown_counts, p.coins, p.coin_stances, p.categories, p.sentiment, p.sentiment_cues,
  p.sentiment_model, p.sentiment_confidence, p.sentiment_call, p.author_id,
  p.source, p.like_count, p.retweet_count, p.quote_count, p.impression_count, p.network, p.url, p.vanished, p.copy_of,
  a.username, a.name, a.icon, a.is_blue_verified, a.verified_type, a.followers_count, a.person_followers`;

export function feedRepo(db: Queryable) {
  /** The SQL of the query but the keyword groups, which `extra` (LIKE pre-filters) may add. */
  function select(q: FeedQuery, before: FeedQuery['before'], extra: (param: (v: unknown) => string) => string[]) {
    const params: unknown[] = [];
    const param = (v: unknown) => `$${params.push(v)}`;
    const where = q.groups.filter((g) => !g.keywords?.length).map((g) => groupCondition(g, param));
    if (q.member) {
      // Implied by membership, but lets the planner walk posts_by_author for a whitelist-only group
      // instead of scanning every post of the coin for its few authors.
      // (posts_by_person: the whitelist names accounts, and each brings its person's accounts.)
      if (q.member.onlyAuthors)
        where.push(
          `p.person_id = ANY(ARRAY(SELECT x.person_id FROM x_accounts x WHERE x.id = ANY(${param(q.member.onlyAuthors)}::text[])))`,
        );
      where.push(memberCondition(q.member.rule, param));
    }
    if (q.trackedOnly) where.push('a.tracked');
    if (q.leadersOnly) where.push(notACopy('p'));
    if (q.sentiment !== undefined) where.push(sentimentCondition(q, q.sentiment, param));
    if (before) where.push(`(p.ct, p.id) < (${param(before.ct)}, ${param(before.id)})`);
    if (q.after) where.push(`(p.ct, p.id) > (${param(q.after.ct)}, ${param(q.after.id)})`);
    if (q.since !== undefined) where.push(`p.ct >= ${param(q.since)}`);
    where.push(...extra(param));
    return { where, params, param };
  }

  async function rowsOf(extra: string[], params: unknown[], limit: number) {
    const param = (v: unknown) => `$${params.push(v)}`;
    return db.query<FeedRow>(
      `SELECT ${COLUMNS}
       FROM posts p JOIN x_accounts a ON a.id = p.author_id
       ${extra.length ? `WHERE ${extra.join(' AND ')}` : ''}
       ORDER BY p.ct DESC, p.id DESC
       LIMIT ${param(limit)}`,
      params,
    );
  }

  /** Up to `limit` posts of the window after `from` that pass every keyword group's LIKE. */
  async function windowRows(q: FeedQuery, from: FeedQuery['before'], costly: string[][], limit: number) {
    const { where, params, param } = select(q, q.before, () => []);
    const likes = costly.map((words) => likeCondition('w.text', words, param));
    if (from) likes.unshift(`(w.ct, w.id) < (${param(from.ct)}, ${param(from.id)})`);
    return db.query<FeedRow>(
      `${PLAN_EACH_TIME} SELECT w.* FROM (
         SELECT ${COLUMNS}
         FROM posts p JOIN x_accounts a ON a.id = p.author_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY p.ct DESC, p.id DESC
         LIMIT ${param(q.scan ?? WINDOW_MAX)}
       ) w
       WHERE ${likes.join(' AND ')}
       ORDER BY w.ct DESC, w.id DESC
       LIMIT ${param(limit)}`,
      params,
    );
  }

  return {
    /**
     * Without keyword groups: one statement. With them: within the window of the `scan` newest
     * posts (from the cursor down) passing the other groups, the posts passing the keywords' LIKE
     * pre-filters are read newest first in growing chunks, and each group's regex is tested here
     * (JavaScript's engine is far faster than PostgreSQL's on long alternations), until the page is
     * full or the window is used up. The window is a LIMIT subquery the chunk reads through, so a
     * view whose posts match often stops after a few rows; only a short page asks where the
     * window ended (`scanEdge`), to continue from there.
     */
    async query(q: FeedQuery): Promise<FeedResult> {
      const costly = q.groups.flatMap((g) => (g.keywords?.length ? [g.keywords] : []));
      if (costly.length === 0) {
        const { where, params } = select(q, q.before, () => []);
        return { rows: await rowsOf(where, params, q.limit) };
      }
      const exact = costly.map(keywordRegExp);
      const rows: FeedRow[] = [];
      let from: FeedQuery['before'];
      let chunk = q.limit;
      for (let round = 0; round < ROUNDS_MAX; round++) {
        const candidates = await windowRows(q, from, costly, chunk);
        for (const row of candidates) {
          if (exact.every((re) => re.test(row.text))) rows.push(row);
          if (rows.length === q.limit) return { rows };
        }
        if (candidates.length < chunk) {
          // The window (or the table) is used up: the page ends at the window's last post.
          if (!q.scan) return { rows };
          const { where, params } = select(q, q.before, () => []);
          const scannedTo = await scanEdge(db, where, params, q.scan);
          return scannedTo ? { rows, scannedTo } : { rows };
        }
        from = candidates.at(-1);
        chunk = Math.min(chunk * 4, CHUNK_MAX);
      }
      // Many candidates the regexes refused: go on from the last one next page.
      return { rows, scannedTo: from! };
    },
    /**
     * Which of these posts match the query's filter, cursors aside: the leaders whose copies a
     * page folds (services/copies.ts). Looked up by primary key, so the keyword groups' SQL
     * condition is cheap here.
     */
    async matchingIds(q: FeedQuery, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const { where, params, param } = select({ ...q, after: undefined }, undefined, () => []);
      for (const g of q.groups) if (g.keywords?.length) where.push(groupCondition(g, param));
      where.push(`p.id = ANY(${param(ids)}::text[])`);
      const rows = await db.query<{ id: string }>(
        `SELECT p.id FROM posts p JOIN x_accounts a ON a.id = p.author_id WHERE ${where.join(' AND ')}`,
        params,
      );
      return new Set(rows.map((r) => r.id));
    },
    async position(postId: string): Promise<{ ct: number; id: string } | undefined> {
      return (await db.query<{ ct: number; id: string }>('SELECT ct, id FROM posts WHERE id = $1', [postId]))[0];
    },
  };
}

/**
 * The `scan`-th post (newest first) passing the cheap conditions: the page looks no further.
 * Undefined when fewer remain, so the page reaches the end. Walks posts_by_time (or the index
 * the conditions choose) and reads no text, so it costs little next to the keyword match.
 */
async function scanEdge(
  db: Queryable,
  cheap: string[],
  params: unknown[],
  scan: number,
): Promise<{ ct: number; id: string } | undefined> {
  const author = cheap.some((c) => /\ba\./.test(c)) ? 'JOIN x_accounts a ON a.id = p.author_id' : '';
  const rows = await db.query<{ ct: number; id: string }>(
    `${PLAN_EACH_TIME} SELECT p.ct, p.id FROM posts p ${author}
     ${cheap.length ? `WHERE ${cheap.join(' AND ')}` : ''}
     ORDER BY p.ct DESC, p.id DESC
     OFFSET ${Math.max(0, Math.floor(scan) - 1)} LIMIT 1`,
    params,
  );
  return rows[0];
}
