/** Posts for ranking tests: chosen time, coins, author (followers, verification) and counts. */
import type { Db } from '../../src/db/db';
import { countedPost } from '../support/posts';
import { saveEnriched } from '../support/store-posts';
import type { Enrichment, RawPost } from '../../src/pipeline/types';

export interface RankPost {
  id?: string;
  ct: number;
  coins: string[];
  /** Handle; the account id is `id-<author>` unless authorId says otherwise ('' = known by handle only). */
  author?: string;
  authorId?: string;
  followers?: number;
  verified?: boolean;
  replies?: number;
  retweets?: number;
  quotes?: number;
  impressions?: number;
  likes?: number;
  /** The text, `about <coins>` unless given (too short to be folded as a copy). */
  text?: string;
}

let next = 5_000_000;

export function rankRaw(p: RankPost): { raw: RawPost; enrichment: Enrichment } {
  const author = p.author ?? 'kol';
  return {
    raw: countedPost({
      ...p,
      id: p.id ?? String(next++),
      text: p.text ?? `about ${p.coins.join(' ')}`,
      author,
      icon: `/icons/${author}.png`,
      followers: p.followers ?? 1000,
      verified: p.verified ?? false,
      impressions: p.impressions ?? 0,
    }),
    enrichment: {
      coins: p.coins,
      categories: [],
      sentiment: { label: 'neutral', score: 0, cues: [] },
      lang: 'en',
    },
  };
}

/** Saves the posts through the pipeline's own batch save (accounts, posts, cursor); returns ids. */
export async function savePosts(db: Db, posts: RankPost[], source = 'test'): Promise<string[]> {
  const items = posts.map(rankRaw);
  await saveEnriched(db, items, source);
  return items.map((i) => i.raw.id);
}
