/**
 * Users' corrections of how a post reads (issue 14 §3): a user gives one label per post (again:
 * replaced), sees it at once on the post (`mySentiment`, laid over feed pages in feed.ts), and
 * administrators list the posts users corrected, with the model's and the users' labels.
 */
import { SENTIMENT_FEEDBACK_PER_HOUR, type SentimentFeedbackItem, type SentimentLabel } from '@kolscope/contract';
import type { Db, Queryable } from '../db/db';
import { type FeedbackPageRow, sentimentFeedbackRepo } from '../db/repos/sentiment-feedback';
import type { Clock } from '../domain/clock';
import { type FeedbackSummary, feedbackExamples } from '../pipeline/enrich/sentiment/model/feedback-rows';
import { badRequest, notFound } from './errors';
import type { Limit, RateLimiter } from './rate-limit';
import { CURSOR_ID, cursorPattern } from './cursor-id';

/** Every correction counts, a repeat of the same post too: the limit bounds writes, not posts. */
export const FEEDBACK_LIMIT = {
  name: 'sentiment-feedback:user',
  max: SENTIMENT_FEEDBACK_PER_HOUR,
  windowSeconds: 3600,
} satisfies Limit;

export const LABEL_VALUE = { bullish: 1, neutral: 0, bearish: -1 } as const satisfies Record<SentimentLabel, number>;
export function labelOf(value: number): SentimentLabel {
  return value > 0 ? 'bullish' : value < 0 ? 'bearish' : 'neutral';
}

/**
 * Users' corrections stored in the database, folded per post (feedback-rows.ts): what
 * `kolscope train-sentiment --with-feedback` hands the training command.
 */
export async function storedFeedback(db: Queryable): Promise<FeedbackSummary> {
  const rows = await sentimentFeedbackRepo(db).trainingRows();
  return feedbackExamples(
    rows.map((r) => ({ postId: r.post_id, text: r.text, lang: r.lang, userId: r.user_id, label: labelOf(r.label) })),
  );
}

/** Admin page cursors: the (updated_at in µs, post id) of the last row shown, opaque to the client. */
function encodeCursor(row: FeedbackPageRow): string {
  return Buffer.from(`${row.at_us}:${row.post_id}`).toString('base64url');
}
function decodeCursor(cursor: string): { atUs: number; postId: string } {
  const m = cursorPattern('(\\d{1,17})', `(${CURSOR_ID})`).exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m || !Number.isSafeInteger(Number(m[1]))) throw badRequest('cursor_invalid');
  return { atUs: Number(m[1]), postId: m[2]! };
}

function present(row: FeedbackPageRow): SentimentFeedbackItem {
  return {
    postId: row.post_id,
    text: row.text,
    ct: row.ct,
    username: row.username,
    modelLabel: labelOf(row.model_label),
    model: row.model,
    votes: { bullish: row.bullish, neutral: row.neutral, bearish: row.bearish },
    usersLabel: labelOf(row.users_label),
    updatedAt: Math.floor(row.at_us / 1_000_000),
  };
}

export function sentimentFeedback(deps: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const repo = () => sentimentFeedbackRepo(deps.db);
  return {
    async give(userId: number, postId: string, label: SentimentLabel) {
      // Counted before the write, so parallel corrections cannot pass the limit; taken back when
      // there was no such post (a mistyped id is no correction).
      const taken = await deps.limiter.take(FEEDBACK_LIMIT, String(userId));
      let stored: boolean;
      try {
        stored = await repo().upsert(userId, postId, LABEL_VALUE[label], deps.clock.now());
      } catch (err) {
        await deps.limiter.refund(taken);
        throw err;
      }
      if (!stored) {
        await deps.limiter.refund(taken);
        throw notFound();
      }
      return { postId, mySentiment: label };
    },

    /** The user's own labels of these posts (for `mySentiment`). */
    async labelsOf(userId: number, postIds: string[]): Promise<Map<string, SentimentLabel>> {
      const values = await repo().labelsOf(userId, postIds);
      return new Map([...values].map(([id, v]) => [id, labelOf(v)]));
    },

    async list(req: { disagreementsOnly: boolean; size: number; nextCb: string }) {
      const before = req.nextCb ? decodeCursor(req.nextCb) : undefined;
      const rows = await repo().page({ disagreementsOnly: req.disagreementsOnly, limit: req.size + 1, before });
      const page = rows.slice(0, req.size);
      const more = rows.length > req.size;
      const last = page.at(-1);
      return {
        list: page.map(present),
        more: more ? (1 as const) : (0 as const),
        nextCb: more && last ? encodeCursor(last) : '',
      };
    },
  };
}
export type SentimentFeedback = ReturnType<typeof sentimentFeedback>;
