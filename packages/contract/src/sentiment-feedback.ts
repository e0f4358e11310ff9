/**
 * Users correct how a post was read (issue 14 §3). A correction is one label per user and post;
 * it shows at once for that user (`mySentiment` on the post) and is stored with the version of
 * the model that read the post, so `kolscope train-sentiment --with-feedback` can learn from it
 * and an administrator can list where users and the model disagree.
 */
import { z } from 'zod';
import { SENTIMENT_LABELS } from './constants';
import { page } from './entities';
import * as f from './fields';

/** Corrections one user may send per hour (a correction of the same post again counts too). */
export const SENTIMENT_FEEDBACK_PER_HOUR = 120;
const SENTIMENT_FEEDBACK_PAGE_SIZE = 20;

const label = z.enum(SENTIMENT_LABELS, { error: 'sentiment_label_invalid' });

const sentimentFeedbackItem = z.object({
  postId: z.string(),
  text: z.string(),
  ct: z.number().int(),
  username: z.string(),
  /** How the model that read the post labelled it, and which model that was. */
  modelLabel: z.enum(SENTIMENT_LABELS),
  model: z.string(),
  /** How many users said each label. */
  votes: z.object({ bullish: z.number().int(), neutral: z.number().int(), bearish: z.number().int() }),
  /** The label most users chose (ties: the latest correction's label). */
  usersLabel: z.enum(SENTIMENT_LABELS),
  /** Unix seconds of the latest correction. */
  updatedAt: z.number().int(),
});
export type SentimentFeedbackItem = z.infer<typeof sentimentFeedbackItem>;

export const sentimentFeedbackCalls = {
  /** The signed-in user's correction of one post; the same post again replaces it. */
  give: {
    path: 'post/sentiment_feedback',
    request: z.object({ postId: f.id, label }),
    response: z.object({ postId: z.string(), mySentiment: z.enum(SENTIMENT_LABELS) }),
  },
  /** Administrators: posts users corrected, newest correction first. */
  list: {
    path: 'admin/sentiment_feedback',
    request: z.object({
      disagreementsOnly: z.boolean().default(true),
      size: z.number().int().min(1).max(SENTIMENT_FEEDBACK_PAGE_SIZE).default(SENTIMENT_FEEDBACK_PAGE_SIZE),
      nextCb: f.cursor,
    }),
    response: page(sentimentFeedbackItem),
  },
};
