/** Stores hand-made posts with chosen enrichment, through the pipeline's own save. */
import type { Db } from '../../src/db/db';
import { saveBatch } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';
import type { Enrichment, RawPost, SentimentLabel } from '../../src/pipeline/types';
import { rawPost } from './posts';

export interface PostSpec {
  text: string;
  ct: number;
  id?: string;
  authorId?: string;
  username?: string;
  followers?: number;
  coins?: string[];
  categories?: { primary: string; secondary?: string }[];
  sentiment?: SentimentLabel;
  cues?: string[];
  /** SentimentResult.model, stored in posts.sentiment_model. */
  model?: string;
  /** posts.lang; 'en' when absent. */
  lang?: string;
}

export async function storePosts(db: Db, specs: PostSpec[]): Promise<string[]> {
  const posts = specs.map((s) =>
    rawPost({
      text: s.text,
      createdAt: s.ct,
      ...(s.id ? { id: s.id } : {}),
      authorId: s.authorId ?? '42',
      username: s.username ?? 'chart_wizard',
      followers: s.followers ?? 12_000,
    }),
  );
  const enrichments: Enrichment[] = specs.map((s) => ({
    coins: s.coins ?? [],
    categories: s.categories ?? [],
    sentiment: {
      label: s.sentiment ?? 'neutral',
      score: 0,
      cues: s.cues ?? [],
      ...(s.model ? { model: s.model } : {}),
    },
    lang: s.lang ?? 'en',
  }));
  await saveBatch(db, { source: 'test', posts, enrichments, cursor: null, rejected: 0, now: new Date() }, storeHooks);
  return posts.map((p) => p.id);
}

/** Saves posts with their enrichment as one batch of `source`, through the pipeline's own save. */
export async function saveEnriched(
  db: Db,
  items: { raw: RawPost; enrichment: Enrichment }[],
  source = 'test',
): Promise<void> {
  await saveBatch(
    db,
    {
      source,
      posts: items.map((i) => i.raw),
      enrichments: items.map((i) => i.enrichment),
      cursor: null,
      rejected: 0,
      now: new Date(),
    },
    storeHooks,
  );
}
