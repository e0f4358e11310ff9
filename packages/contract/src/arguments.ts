/**
 * The bull case and the bear case (issue 33 §3): a coin or event opinion view's posts over a
 * report period grouped into arguments (similar posts together), each with a headline taken from
 * its most central post, its bullish/neutral/bearish split, its KOLs and its posts.
 *
 * Counts add up to the report: for the same view, period and interval, the shown arguments'
 * counts plus `other` equal `sumInfo`'s cntUp/cntNeutral/cntDown of the view's detail call
 * (copies counted once, each coin by the post's stance toward it, as the report counts). `other`
 * holds every counted post not in a shown argument: smaller arguments, single posts, and posts
 * beyond the newest `consideredMax` the server groups.
 */
import { z } from 'zod';
import { GRANULARITIES, REPORT_PERIODS } from './constants';
import * as f from './fields';

export const ARGUMENT_SIDES = ['bullish', 'bearish'] as const;
export type ArgumentSide = (typeof ARGUMENT_SIDES)[number];

const split = {
  cntUp: z.number().int(),
  cntNeutral: z.number().int(),
  cntDown: z.number().int(),
};

export const argumentPost = z.object({
  id: z.string(),
  /** The post's whole text. */
  text: z.string(),
  ct: z.number().int(),
  authorId: z.string(),
  username: z.string(),
  name: z.string(),
  /** The stance the report counts it by (toward the view's coin for a coin view). */
  stance: z.enum(['bullish', 'neutral', 'bearish']),
});
export type ArgumentPost = z.infer<typeof argumentPost>;

export const argumentKol = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  icon: z.string(),
  /** How many of the argument's posts are theirs. */
  posts: z.number().int(),
});

export const opinionArgument = z.object({
  /** The headline post's id: stable while the argument keeps its headline. */
  id: z.string(),
  side: z.enum(ARGUMENT_SIDES),
  /** The most central post's text, shortened at a word (or CJK character) with "…". */
  headline: z.string(),
  headlinePostId: z.string(),
  ...split,
  /** Authors, most posts first (at most ARGUMENT_KOLS_MAX); `kolCount` counts them all. */
  kols: z.array(argumentKol),
  kolCount: z.number().int(),
  /** Posts, most central first (at most ARGUMENT_POSTS_MAX); the counts count them all. */
  posts: z.array(argumentPost),
});
export type OpinionArgument = z.infer<typeof opinionArgument>;

export const opinionArguments = z.object({
  /** Top arguments whose posts are mostly bullish, biggest first. */
  bullish: z.array(opinionArgument),
  /** Top arguments whose posts are mostly bearish, biggest first. */
  bearish: z.array(opinionArgument),
  /** Every counted post in no shown argument; `arguments` how many smaller groups it holds. */
  other: z.object({ ...split, arguments: z.number().int() }),
  /** The report's totals these add up to (its sumInfo's three counts). */
  total: z.object(split),
  /** Posts grouped (the newest counted ones, at most consideredMax); the rest are in `other`. */
  considered: z.number().int(),
  consideredMax: z.number().int(),
  /** When the grouping was made (epoch seconds): it is kept for a short while. */
  groupedAt: z.number().int(),
});
export type OpinionArguments = z.infer<typeof opinionArguments>;

/**
 * Optional (SUMMARY_URL): two sentences per side written by an OpenAI-compatible model from the
 * shown arguments' headlines, in the reader's language; always shown marked as generated, with
 * the model's name. `off`: no endpoint is set (the headlines stand alone); `unavailable`: the
 * endpoint failed or the server's hourly bound is spent; `ready` with '' for a side without
 * arguments.
 */
export const SUMMARY_STATES = ['off', 'ready', 'unavailable'] as const;
export const opinionSummary = z.object({
  state: z.enum(SUMMARY_STATES),
  bullish: z.string(),
  bearish: z.string(),
  model: z.string(),
  /** When it was written (epoch seconds): a summary is kept a while per view, period and language. */
  generatedAt: z.number().int(),
});
export type OpinionSummary = z.infer<typeof opinionSummary>;

const argumentsRequest = z.object({ viewId: f.id, period: z.enum(REPORT_PERIODS), interval: z.enum(GRANULARITIES) });

export const argumentCalls = {
  /** A coin or event opinion view's arguments over the report window of period and interval. */
  opinionArguments: {
    path: 'view/v2/opinion_arguments',
    request: argumentsRequest,
    response: opinionArguments,
  },
  /** The generated two-sentence summary of each side of those arguments (SUMMARY_URL; else state off). */
  opinionSummary: {
    path: 'view/v2/opinion_summary',
    request: argumentsRequest,
    response: opinionSummary,
  },
};
