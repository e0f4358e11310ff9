/**
 * A view's settings, one schema per view type (VIEW_TYPES), and view/add and view/update's body
 * as a union keyed by `viewType`. The wire is the spec's flat object (`name`, `view_type`,
 * `matching_rules` and the type's settings side by side); keys another type owns are stripped,
 * never stored. Coin and event opinion views are made with calls of their own (calls.ts), so
 * view/add accepts their type only for the server to refuse it with its own message.
 */
import { z } from 'zod';
import { HOT_COIN, NOTIFICATION_SOURCES, REPORT_PERIODS, VIEW_LIMITS, type ViewType } from './constants';
import { matchingRuleGroup, notificationSource, sortingIndicator, viewType } from './entities';
import * as f from './fields';
import type { MessageKey } from './messages';
import { keywordRuleGroupInput, matchingRuleGroupInput } from './rule-forms';
import { viewLimitExceeded } from './rules';

/** A number within bounds, every failure reported with one message key. */
const bounded = (min: number, max: number, error: MessageKey) =>
  z.number({ error }).min(min, { error }).max(max, { error });
const rankWeight = bounded(0, 1, 'rank_weight_range');
const seconds = (max: number) => z.number().int().min(60).max(max);

/** ranking_list: the hot-coin ranking's knobs (spec section 5, "Ranking"), each optional. */
export const rankSettings = z.object({
  topNum: bounded(HOT_COIN.topNum.min, HOT_COIN.topNum.max, 'rank_top_num_range')
    .int({ error: 'rank_top_num_range' })
    .optional(),
  authorWeight: bounded(HOT_COIN.authorWeight.min, HOT_COIN.authorWeight.max, 'rank_author_weight_range').optional(),
  tweetWeight: bounded(HOT_COIN.tweetWeight.min, HOT_COIN.tweetWeight.max, 'rank_tweet_weight_range').optional(),
  commentWeight: rankWeight.optional(),
  retweetWeight: rankWeight.optional(),
  exposureWeight: rankWeight.optional(),
  logTransform: z.boolean().optional(),
  newCoinEntry: z.boolean().optional(),
  fastestRising: z.boolean().optional(),
  statRangeSeconds: bounded(HOT_COIN.statRangeSeconds.min, HOT_COIN.statRangeSeconds.max, 'rank_stat_range')
    .int({ error: 'rank_stat_range' })
    .optional(),
  sortingIndicatorType: sortingIndicator.optional(),
});
export type RankSettings = z.output<typeof rankSettings>;
/** A ranking view's settings with every default filled in (server and rank-setting form). */
export type RankParams = Required<RankSettings>;
/** A ranking with nothing chosen: the spec's defaults (the hot_coins starter ranks with these). */
export const DEFAULT_RANK_PARAMS: RankParams = {
  topNum: HOT_COIN.topNum.default,
  authorWeight: HOT_COIN.authorWeight.default,
  tweetWeight: HOT_COIN.tweetWeight.default,
  commentWeight: HOT_COIN.commentWeight,
  retweetWeight: HOT_COIN.retweetWeight,
  exposureWeight: HOT_COIN.exposureWeight,
  logTransform: HOT_COIN.logTransform,
  newCoinEntry: HOT_COIN.newCoinEntry,
  fastestRising: HOT_COIN.fastestRising,
  statRangeSeconds: HOT_COIN.statRangeSeconds.default,
  sortingIndicatorType: HOT_COIN.sortingIndicatorType,
};

/** notification: push on or off, at most one push per `updateFreqSeconds`, where items come from. */
const notificationSettings = z.object({
  notificationEnabled: z.boolean().optional(),
  updateFreqSeconds: seconds(30 * 86_400).optional(),
  dataSources: z.array(notificationSource).max(NOTIFICATION_SOURCES.length).optional(),
});
export type NotificationSettings = z.output<typeof notificationSettings>;

/** analytics_report: how often it is recomputed, and how far back it looks from when it was made. */
const reportSettings = z.object({
  updateFreqSeconds: seconds(30 * 86_400).optional(),
  backtrackingSeconds: seconds(365 * 86_400).optional(),
});
export type ReportSettings = z.output<typeof reportSettings>;

/** The KOL group an opinion view counts ('' for all KOLs). */
const kolGroupId = z.string().max(64).default('');
/** coin_opinion, as stored (its own calls check the coin: calls.ts coinOpinionFields). */
const coinOpinionSettings = z.object({ coin: z.string().max(20).default(''), kolGroupId });
export type CoinOpinionSettings = z.output<typeof coinOpinionSettings>;
/** event_opinion, as stored; its keywords are its matching rules. */
/** Coins an event opinion view may name to draw their price beside the opinion. */
export const EVENT_PRICE_COINS_MAX = 3;
const eventOpinionSettings = z.object({
  kolGroupId,
  coins: z
    .array(z.string().trim().toUpperCase().min(1).max(20))
    .max(EVENT_PRICE_COINS_MAX, { error: 'event_coins_too_many' })
    .optional()
    .default([]),
});
export type EventOpinionSettings = z.output<typeof eventOpinionSettings>;

/** coin_opinion's own calls: a coin is required (the server checks it is a known one). */
export const coinOpinionFields = coinOpinionSettings.extend({
  coin: z.string().trim().min(1, { error: 'coin_required' }).max(20),
});
/** event_opinion's own calls: a title and one to five keyword groups. */
export const eventOpinionFields = eventOpinionSettings.extend({
  name: f.title,
  matchingRules: z
    .array(keywordRuleGroupInput)
    .min(1, { error: 'keywords_required' })
    .max(5)
    .superRefine((groups, ctx) => {
      const problem = viewLimitExceeded(
        groups.length,
        groups.map((g) => g.keywords),
      );
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

const noSettings = z.object({});

/** mindshare (issue 33 §2), as stored: the KOL group it counts ('' for all KOLs) and its period. */
export const mindshareSettings = z.object({
  kolGroupId,
  period: z.enum(REPORT_PERIODS, { error: 'mindshare_period_invalid' }).default('1d'),
});
export type MindshareSettings = z.output<typeof mindshareSettings>;

/** Each view type's settings: exactly the keys it owns. */
export const viewSettings = {
  content_feed: noSettings,
  notification: notificationSettings,
  ranking_list: rankSettings,
  analytics_report: reportSettings,
  coin_opinion: coinOpinionSettings,
  event_opinion: eventOpinionSettings,
  hot_coins: noSettings,
  mindshare: mindshareSettings,
} as const satisfies Record<ViewType, z.ZodObject>;

/** A view's filter groups, within VIEW_LIMITS (the error is at `matching_rules`). */
const matchingRules = z
  .array(matchingRuleGroupInput)
  .max(VIEW_LIMITS.groups, { error: 'view_groups_too_many' })
  .superRefine((groups, ctx) => {
    const words = groups.filter((g) => g.type === 'keywords').map((g) => g.rules.map((r) => r.value ?? r.label ?? ''));
    const problem = viewLimitExceeded(groups.length, words);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One member of the union: the type's settings, then the fields every view has. */
function member<T extends ViewType, S extends z.ZodRawShape, E extends z.ZodRawShape>(
  type: T,
  settings: z.ZodObject<S>,
  extra: E,
) {
  return settings.extend({ name: f.title, viewType: z.literal(type), matchingRules }).extend(extra);
}

/**
 * Every type is a member, so a type view/add refuses (without settings here) reaches the server,
 * which names it; an unknown type fails at `view_type` as any other invalid field.
 */
function viewFieldsUnion<E extends z.ZodRawShape>(extra: E) {
  return z.discriminatedUnion('viewType', [
    member('content_feed', viewSettings.content_feed, extra),
    member('notification', viewSettings.notification, extra),
    member('ranking_list', viewSettings.ranking_list, extra),
    member('analytics_report', viewSettings.analytics_report, extra),
    member('coin_opinion', noSettings, extra),
    member('event_opinion', noSettings, extra),
    member('hot_coins', noSettings, extra),
    member('mindshare', noSettings, extra),
  ]);
}

/** view/add's body. */
export const viewFields = viewFieldsUnion({});
/** view/update's body. */
export const viewUpdateFields = viewFieldsUnion({ viewId: f.id });
/** What view/add receives, once parsed: the common fields and the settings of its type. */
export type ViewFields = z.output<typeof viewFields>;

/** view/info: the view's settings beside its name and rules, flat as the spec lists them. */
export const viewInfo = z
  .object({ name: z.string(), viewType: viewType.optional(), matchingRules: z.array(matchingRuleGroup) })
  .extend(rankSettings.shape)
  .extend(notificationSettings.shape)
  .extend(reportSettings.shape);
export type ViewInfo = z.infer<typeof viewInfo>;
