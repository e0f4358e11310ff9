/**
 * The push source: external collectors POST batches of posts to /webapi/v1/ingest/posts with an
 * ingest key. Each item is checked on its own, so one bad item is reported and skipped while the
 * rest are stored. The item shape is documented in docs/API.md.
 */
import { z } from 'zod';

const count = z.number().int().min(0).max(1e13).default(0);

export const ingestPost = z.object({
  id: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, { error: 'id must be the numeric X post id' }),
  text: z.string().min(1).max(10_000),
  /** Unix seconds, or an ISO 8601 date-time. */
  createdAt: z.union([
    z.number().int().min(1_000_000_000).max(10_000_000_000),
    z.iso.datetime({ offset: true }).transform((s) => Math.floor(Date.parse(s) / 1000)),
  ]),
  lang: z.string().max(10).default(''),
  author: z.object({
    id: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, { error: 'author.id must be the numeric X user id' }),
    username: z
      .string()
      .trim()
      .regex(/^@?\w{1,50}$/, { error: 'author.username must be an X handle' })
      .transform((u) => u.replace(/^@/, '')),
    name: z.string().max(100).default(''),
    icon: z.string().max(1000).default(''),
    followersCount: count,
    isBlueVerified: z.boolean().default(false),
    verifiedType: z.enum(['none', 'blue', 'business', 'government']).default('none'),
  }),
  medias: z
    .array(z.object({ imgUrlThumb: z.string().max(1000), imgUrlOrigin: z.string().max(1000) }))
    .max(20)
    .default([]),
  metrics: z
    .object({
      likeCount: count,
      retweetCount: count,
      replyCount: count,
      quoteCount: count,
      impressionCount: count,
    })
    .default({ likeCount: 0, retweetCount: 0, replyCount: 0, quoteCount: 0, impressionCount: 0 }),
  /** What the post is to another one; absent for an original post. Reposts and quotes are no calls. */
  refKind: z.enum(['repost', 'quote', 'reply'], { error: 'ref_kind must be repost, quote or reply' }).optional(),
});

const INGEST_BATCH_MAX = 1000;

const ingestResult = z.object({
  /** Distinct posts stored (new or updated). */
  accepted: z.number().int(),
  /** Items that repeated an id sent earlier in the same batch: stored once, the last copy wins. */
  duplicates: z.number().int(),
  /** Items refused, by index in `posts`; `reason` starts with the field in wire names. */
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type IngestResult = z.output<typeof ingestResult>;

export const ingestCalls = {
  posts: {
    path: 'ingest/posts',
    // Items are validated one by one by the server, so a bad one does not sink the batch.
    request: z.object({
      posts: z
        .array(z.unknown())
        .min(1, { error: 'posts_required' })
        .max(INGEST_BATCH_MAX, { error: 'posts_too_many' }),
    }),
    // Checked item by item by the server: the body check leaves `posts` alone.
    perItem: 'posts',
    response: ingestResult,
  },
};
