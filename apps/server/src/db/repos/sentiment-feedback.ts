/**
 * Users' corrections of how a post reads (issue 14 §3; migration 0011). Labels are stored as
 * posts.sentiment is: 1 bullish, 0 neutral, -1 bearish. The per-post sums in
 * sentiment_feedback_posts are kept by a trigger, so nothing here writes them.
 */
import type { Queryable } from '../db';

export interface FeedbackPageRow {
  post_id: string;
  text: string;
  ct: number;
  username: string;
  model_label: number;
  model: string;
  bullish: number;
  neutral: number;
  bearish: number;
  users_label: number;
  /** updated_at in microseconds since the epoch: exact, so it can be a keyset cursor. */
  at_us: number;
}

export interface FeedbackPageQuery {
  disagreementsOnly: boolean;
  limit: number;
  /** The (updated_at in µs, post id) of the last row of the previous page. */
  before?: { atUs: number; postId: string };
}

/** One stored correction, with what training needs of its post. */
export interface FeedbackTrainingRow {
  post_id: string;
  text: string;
  lang: string;
  user_id: number;
  label: number;
}

/**
 * The label most users chose. A tie goes to the latest correction's label when that is one of the
 * tied; otherwise (e.g. bullish and bearish tied and the latest said neutral, or a tie left by a
 * deleted user) to neutral: a crowd split between two readings reads as neutral.
 */
const USERS_LABEL = `CASE
    WHEN s.bullish > s.neutral AND s.bullish > s.bearish THEN 1
    WHEN s.bearish > s.neutral AND s.bearish > s.bullish THEN -1
    WHEN s.neutral > s.bullish AND s.neutral > s.bearish THEN 0
    WHEN (CASE s.last_label WHEN 1 THEN s.bullish WHEN -1 THEN s.bearish ELSE s.neutral END)
         = GREATEST(s.bullish, s.neutral, s.bearish) THEN s.last_label
    ELSE 0 END`;

export function sentimentFeedbackRepo(db: Queryable) {
  return {
    /**
     * Stores (or replaces) the user's label of a post, recording the model that read it and that
     * model's label. Answers false when there is no such post.
     */
    async upsert(userId: number, postId: string, label: -1 | 0 | 1, at: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO sentiment_feedback (user_id, post_id, label, model, model_label, created_at, updated_at)
         SELECT $1, p.id, $3, p.sentiment_model, p.sentiment, $4, $4 FROM posts p WHERE p.id = $2
         ON CONFLICT (user_id, post_id) DO UPDATE SET
           label = EXCLUDED.label, model = EXCLUDED.model, model_label = EXCLUDED.model_label,
           updated_at = EXCLUDED.updated_at
         RETURNING post_id`,
        [userId, postId, label, at],
      );
      return rows.length > 0;
    },

    /** The user's labels of the given posts, by post id (posts without one are absent). */
    async labelsOf(userId: number, postIds: string[]): Promise<Map<string, number>> {
      if (postIds.length === 0) return new Map();
      const rows = await db.query<{ post_id: string; label: number }>(
        'SELECT post_id, label FROM sentiment_feedback WHERE user_id = $1 AND post_id = ANY($2::text[])',
        [userId, postIds],
      );
      return new Map(rows.map((r) => [r.post_id, r.label]));
    },

    /** The administrators' list: corrected posts, newest correction first, by keyset. */
    async page(q: FeedbackPageQuery): Promise<FeedbackPageRow[]> {
      const params: unknown[] = [q.limit];
      const where: string[] = [];
      if (q.disagreementsOnly) where.push('x.users_label <> x.model_label');
      if (q.before) {
        params.push(q.before.atUs, q.before.postId);
        where.push(`(x.updated_at, x.post_id) < ('epoch'::timestamptz + $2::bigint * interval '1 microsecond', $3)`);
      }
      return db.query<FeedbackPageRow>(
        `SELECT x.post_id, x.text, x.ct, x.username, x.model_label, x.model, x.bullish, x.neutral, x.bearish,
                x.users_label, (extract(epoch FROM x.updated_at) * 1000000)::bigint AS at_us
         FROM (
           SELECT s.post_id, s.updated_at, s.bullish, s.neutral, s.bearish, ${USERS_LABEL} AS users_label,
                  p.text, p.ct, p.sentiment AS model_label, p.sentiment_model AS model, a.username
           FROM sentiment_feedback_posts s
           JOIN posts p ON p.id = s.post_id
           JOIN x_accounts a ON a.id = p.author_id
         ) x
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY x.updated_at DESC, x.post_id DESC
         LIMIT $1`,
        params,
      );
    },

    /** Every stored correction with its post's text and language, for `train-sentiment --with-feedback`. */
    async trainingRows(): Promise<FeedbackTrainingRow[]> {
      return db.query<FeedbackTrainingRow>(
        `SELECT f.post_id, p.text, p.lang, f.user_id, f.label
         FROM sentiment_feedback f JOIN posts p ON p.id = f.post_id
         ORDER BY f.post_id, f.user_id`,
      );
    },
  };
}
