/** Hand-made RawPosts for pipeline tests. */
import type { RawPost } from '../../src/pipeline/types';

let next = 1_000_000;

export function rawPost(
  over: Partial<RawPost> & { authorId?: string; username?: string; followers?: number } = {},
): RawPost {
  const { authorId, username, followers, ...rest } = over;
  const id = String(next++);
  return {
    id,
    text: 'Breakout confirmed on $BTC, next stop 120k 🚀',
    createdAt: 1_763_000_000 + next,
    lang: 'en',
    author: {
      id: authorId ?? '42',
      username: username ?? 'chart_wizard',
      name: 'Chart Wizard',
      icon: 'https://pbs.example/icon.png',
      followersCount: followers ?? 12_000,
      isBlueVerified: true,
      verifiedType: 'blue',
    },
    medias: [],
    metrics: { likeCount: 10, retweetCount: 2, replyCount: 1, quoteCount: 0, impressionCount: 900 },
    ...rest,
  };
}

/** The counts and author a rollup test chooses; the account id is `id-<author>` unless authorId says otherwise. */
export interface CountedPost {
  id: string;
  text: string;
  ct: number;
  author: string;
  authorId?: string | undefined;
  icon: string;
  followers: number;
  verified: boolean;
  likes?: number | undefined;
  retweets?: number | undefined;
  replies?: number | undefined;
  quotes?: number | undefined;
  impressions: number;
}

export function countedPost(p: CountedPost): RawPost {
  return {
    id: p.id,
    text: p.text,
    createdAt: p.ct,
    lang: 'en',
    author: {
      id: p.authorId ?? `id-${p.author}`,
      username: p.author,
      name: p.author,
      icon: p.icon,
      followersCount: p.followers,
      isBlueVerified: p.verified,
      verifiedType: p.verified ? 'blue' : 'none',
    },
    medias: [],
    metrics: {
      likeCount: p.likes ?? 0,
      retweetCount: p.retweets ?? 0,
      replyCount: p.replies ?? 0,
      quoteCount: p.quotes ?? 0,
      impressionCount: p.impressions,
    },
  };
}
