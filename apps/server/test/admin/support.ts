/**
 * Posts for statistics tests: chosen source, time, author, coins, categories and counts, saved
 * through the pipeline's own batch save (one batch per source, as the collectors do).
 */
import type { Db } from '../../src/db/db';
import { countedPost } from '../support/posts';
import { saveEnriched } from '../support/store-posts';
import type { Enrichment, RawPost } from '../../src/pipeline/types';

export interface StatPost {
  id?: string;
  ct: number;
  source?: string;
  /** The account id; '' makes an author known only by handle (`handle:<author>`). */
  authorId?: string;
  author?: string;
  coins?: string[];
  /** Category ids: 'defi' or 'defi/lending' (a secondary brings its primary, as enrichment does). */
  categories?: string[];
  likes?: number;
  replies?: number;
  retweets?: number;
  quotes?: number;
}

let next = 8_000_000;

function toRaw(p: StatPost): { raw: RawPost; enrichment: Enrichment } {
  const author = p.author ?? 'kol';
  const categories = (p.categories ?? []).map((id) => {
    const [primary = id] = id.split('/');
    return id.includes('/') ? { primary, secondary: id } : { primary };
  });
  return {
    raw: countedPost({
      ...p,
      id: p.id ?? String(next++),
      text: `about ${(p.coins ?? []).join(' ') || 'markets'}`,
      author,
      icon: '',
      followers: 1000,
      verified: false,
      impressions: 100,
    }),
    enrichment: {
      coins: p.coins ?? [],
      categories,
      sentiment: { label: 'neutral', score: 0, cues: [] },
      lang: 'en',
    },
  };
}

/** Saves the posts, one batch per source; returns their ids in order. */
export async function saveStatPosts(db: Db, posts: StatPost[]): Promise<string[]> {
  const items = posts.map((p) => ({ source: p.source ?? 'test', ...toRaw(p) }));
  for (const source of new Set(items.map((i) => i.source))) {
    const batch = items.filter((i) => i.source === source);
    await saveEnriched(db, batch, source);
  }
  return items.map((i) => i.raw.id);
}

export { prng } from '../support/prng';

/**
 * Stores posts with plain SQL naming only the columns of migration 0002, for a database still at
 * an older schema (the pipeline's save writes columns later migrations add).
 */
export async function saveOldPosts(db: Db, posts: StatPost[]): Promise<void> {
  const at = new Date();
  for (const p of posts) {
    const { raw, enrichment } = toRaw(p);
    await db.query(
      `INSERT INTO x_accounts (id, username, name, source, created_at, updated_at)
       VALUES ($1, $2, $2, $3, $4, $4) ON CONFLICT (id) DO NOTHING`,
      [raw.author.id, raw.author.username, p.source ?? 'test', at],
    );
    const categories = [
      ...new Set(enrichment.categories.flatMap((c) => (c.secondary ? [c.primary, c.secondary] : [c.primary]))),
    ];
    await db.query(
      `INSERT INTO posts (id, author_id, text, ct, metrics_updated_at, coins, categories, like_count, retweet_count,
                          reply_count, quote_count, source, ingested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $5)`,
      [
        raw.id,
        raw.author.id,
        raw.text,
        raw.createdAt,
        at,
        enrichment.coins,
        categories,
        raw.metrics.likeCount,
        raw.metrics.retweetCount,
        raw.metrics.replyCount,
        raw.metrics.quoteCount,
        p.source ?? 'test',
      ],
    );
  }
}
