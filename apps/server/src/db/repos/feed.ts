/**
 * The feed query: posts matching a view's filter groups, newest first, paged by an exact
 * (ct, id) keyset so pages never repeat or skip a post while new ones arrive.
 *
 * Semantics (docs/API.md): a post matches a view when it satisfies every group, and a group
 * when it satisfies any of the group's rules.
 */
import type { Queryable } from '../db';
import { keywordCondition } from './keyword-match';
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
  sentiment?: -1 | 0 | 1;
  /** Posts strictly older than this position (the next page). */
  before?: { ct: number; id: string };
  /** Posts strictly newer than this position (new items). */
  after?: { ct: number; id: string };
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
  medias: { imgUrlThumb: string; imgUrlOrigin: string }[];
  coins: string[];
  categories: string[];
  sentiment: number;
  author_id: string;
  username: string;
  name: string;
  icon: string;
  is_blue_verified: boolean;
  verified_type: string;
  /** The source that last wrote the post ('demo', 'x-api', 'rss', 'push'). */
  source: string;
  like_count: number;
  retweet_count: number;
  quote_count: number;
  impression_count: number;
}

/** The SQL condition of one group over posts `p` joined with their authors `a`. */
export function groupCondition(g: CompiledGroup, param: (v: unknown) => string): string {
  const any: string[] = [];
  if (g.categories?.length) any.push(`p.categories && ${param(g.categories)}::text[]`);
  if (g.coins?.length) any.push(`p.coins && ${param(g.coins)}::text[]`);
  if (g.keywords?.length) any.push(keywordCondition('p.text', g.keywords, param));
  if (g.authorIds?.length) any.push(`p.author_id = ANY(${param(g.authorIds)}::text[])`);
  if (g.handles?.length) any.push(`lower(a.username) = ANY(${param(g.handles)}::text[])`);
  for (const f of g.fans ?? []) {
    const max = f.max > 0 ? ` AND a.followers_count <= ${param(f.max)}` : '';
    any.push(`(a.followers_count >= ${param(f.min)}${max})`);
  }
  // A group with no usable rule matches nothing rather than everything.
  return any.length ? `(${any.join(' OR ')})` : 'false';
}

export function feedRepo(db: Queryable) {
  return {
    async query(q: FeedQuery): Promise<FeedResult> {
      const params: unknown[] = [];
      const param = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      // Keyword groups are the costly part: the rest selects the posts the scan may look at.
      const costly = q.groups.filter((g) => g.keywords?.length);
      const cheap = q.groups.filter((g) => !g.keywords?.length).map((g) => groupCondition(g, param));
      if (q.member) {
        // Implied by membership, but lets the planner walk posts_by_author for a whitelist-only group
        // instead of scanning every post of the coin for its few authors.
        if (q.member.onlyAuthors) cheap.push(`p.author_id = ANY(${param(q.member.onlyAuthors)}::text[])`);
        cheap.push(memberCondition(q.member.rule, param));
      }
      if (q.sentiment !== undefined) cheap.push(`p.sentiment = ${param(q.sentiment)}`);
      if (q.before) cheap.push(`(p.ct, p.id) < (${param(q.before.ct)}, ${param(q.before.id)})`);
      if (q.after) cheap.push(`(p.ct, p.id) > (${param(q.after.ct)}, ${param(q.after.id)})`);
      const scannedTo = q.scan && costly.length ? await scanEdge(db, cheap, [...params], q.scan) : undefined;
      const where = [...cheap, ...costly.map((g) => groupCondition(g, param))];
      if (scannedTo) where.push(`(p.ct, p.id) >= (${param(scannedTo.ct)}, ${param(scannedTo.id)})`);
      const rows = await db.query<FeedRow>(
        `SELECT p.id, p.text, p.ct, p.medias, p.coins, p.categories, p.sentiment, p.author_id,
                p.source, p.like_count, p.retweet_count, p.quote_count, p.impression_count,
                a.username, a.name, a.icon, a.is_blue_verified, a.verified_type
         FROM posts p JOIN x_accounts a ON a.id = p.author_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY p.ct DESC, p.id DESC
         LIMIT ${param(q.limit)}`,
        params,
      );
      return scannedTo ? { rows, scannedTo } : { rows };
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
    `SELECT p.ct, p.id FROM posts p ${author}
     ${cheap.length ? `WHERE ${cheap.join(' AND ')}` : ''}
     ORDER BY p.ct DESC, p.id DESC
     OFFSET ${Math.max(0, Math.floor(scan) - 1)} LIMIT 1`,
    params,
  );
  return rows[0];
}
