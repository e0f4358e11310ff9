/**
 * `kolscope train-sentiment --with-feedback`: users' stored corrections (post/sentiment_feedback)
 * as training examples of the shipped models.
 *
 * - One example per post: the label with the most (weighted) votes; a post whose users are tied
 *   teaches nothing and is left out.
 * - A user's weight is capped: one who corrected k posts gives each vote min(1, USER_CAP / k), so
 *   all of one user's corrections together count as at most USER_CAP posts' worth. 50 keeps one
 *   busy (or hostile) user below a tenth of the crypto dev set (~500 rows) in the model.
 * - An example weighs like a dev row (HYPER.devWeight, crypto posts as the dev sets are) times its
 *   winning label's vote weight, at most 1: a post only a capped user corrected weighs less
 *   (nested.ts rowWeights).
 * Corrections train the shipped models only, never the cross-validated figures: those stay on
 * the public dev sets.
 */
import type { SentimentLabel } from '../../../types';
import { cleanText, type Example, type ModelLang } from './data';

export const FEEDBACK_GROUP = 'feedback';
export const USER_CAP = 50;

export interface FeedbackVote {
  postId: string;
  text: string;
  /** posts.lang ('' when unknown): Chinese posts train the Chinese model. */
  lang: string;
  userId: number;
  label: SentimentLabel;
}

export interface FeedbackExample extends Example {
  lang: ModelLang;
  /** Relative to a dev row: the winning label's summed vote weight, at most 1. */
  weight: number;
}

export interface FeedbackSummary {
  votes: number;
  users: number;
  posts: number;
  /** Posts left out because their users were tied. */
  tied: number;
  examples: FeedbackExample[];
}

export function feedbackExamples(votes: readonly FeedbackVote[], cap: number = USER_CAP): FeedbackSummary {
  const perUser = new Map<number, number>();
  for (const v of votes) perUser.set(v.userId, (perUser.get(v.userId) ?? 0) + 1);
  const posts = new Map<string, { text: string; lang: string; sums: Record<SentimentLabel, number> }>();
  for (const v of votes) {
    let p = posts.get(v.postId);
    if (!p) {
      p = { text: v.text, lang: v.lang, sums: { bullish: 0, neutral: 0, bearish: 0 } };
      posts.set(v.postId, p);
    }
    p.sums[v.label] += Math.min(1, cap / perUser.get(v.userId)!);
  }
  const examples: FeedbackExample[] = [];
  let tied = 0;
  for (const [postId, p] of [...posts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const ranked = (Object.entries(p.sums) as [SentimentLabel, number][]).sort((a, b) => b[1] - a[1]);
    const [top, second] = ranked as [[SentimentLabel, number], [SentimentLabel, number]];
    const text = cleanText(p.text);
    if (!text) continue;
    if (Math.abs(top[1] - second[1]) < 1e-9) {
      tied++;
      continue;
    }
    examples.push({
      text,
      label: top[0],
      source: `feedback:${postId}`,
      group: FEEDBACK_GROUP,
      twoClass: false,
      crypto: false,
      lang: p.lang.toLowerCase().startsWith('zh') ? 'zh' : 'en',
      weight: Math.min(1, top[1]),
    });
  }
  return { votes: votes.length, users: perUser.size, posts: posts.size, tied, examples };
}
