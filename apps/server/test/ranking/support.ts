/** Posts for ranking tests: chosen time, coins, author (followers, verification) and counts. */
import type { Db } from '../../src/db/db';
import { saveBatch } from '../../src/pipeline/store';
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
}

let next = 5_000_000;

export function rankRaw(p: RankPost): { raw: RawPost; enrichment: Enrichment } {
  const author = p.author ?? 'kol';
  return {
    raw: {
      id: p.id ?? String(next++),
      text: `about ${p.coins.join(' ')}`,
      createdAt: p.ct,
      lang: 'en',
      author: {
        id: p.authorId ?? `id-${author}`,
        username: author,
        name: author,
        icon: `/icons/${author}.png`,
        followersCount: p.followers ?? 1000,
        isBlueVerified: p.verified ?? false,
        verifiedType: p.verified ? 'blue' : 'none',
      },
      medias: [],
      metrics: {
        likeCount: p.likes ?? 0,
        retweetCount: p.retweets ?? 0,
        replyCount: p.replies ?? 0,
        quoteCount: p.quotes ?? 0,
        impressionCount: p.impressions ?? 0,
      },
    },
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
  await saveBatch(db, {
    source,
    posts: items.map((i) => i.raw),
    enrichments: items.map((i) => i.enrichment),
    cursor: null,
    rejected: 0,
    now: new Date(),
  });
  return items.map((i) => i.raw.id);
}
