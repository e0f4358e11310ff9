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
