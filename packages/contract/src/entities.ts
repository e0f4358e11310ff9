/** Entities of spec section 3, as they travel (camelCase). */
import { z } from 'zod';
import { priceFields } from './market';
import { network } from './networks';
import { NOTIFICATION_SOURCES, RULE_TYPES, SENTIMENT_LABELS, SORTING_INDICATORS, VIEW_TYPES } from './constants';

export const viewType = z.enum(VIEW_TYPES);
const ruleType = z.enum(RULE_TYPES);
export const sortingIndicator = z.enum(SORTING_INDICATORS);
export const notificationSource = z.enum(NOTIFICATION_SOURCES);

/** One rule inside a filter group. `data` carries what the rule type needs (see docs/API.md). */
export const matchingRule = z.object({
  label: z.string().max(200).optional(),
  value: z.string().max(200).optional(),
  data: z
    .object({
      username: z.string().max(100).optional(),
      minFans: z.number().int().min(0).optional(),
      maxFans: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type MatchingRule = z.infer<typeof matchingRule>;

export const matchingRuleGroup = z.object({
  type: ruleType,
  rules: z.array(matchingRule).max(200),
});
export type MatchingRuleGroup = z.infer<typeof matchingRuleGroup>;

/** Event opinion views keep their keywords as `{type: 'keywords', keywords: [...]}`. */
export const keywordRuleGroup = z.object({
  type: z.literal('keywords'),
  keywords: z.array(z.string().max(100)).max(50),
});
export type KeywordRuleGroup = z.infer<typeof keywordRuleGroup>;

const viewSub = z.object({
  viewId: z.string(),
  name: z.string(),
  viewType,
  fixed: z.boolean().optional(),
  /** Coin and event opinion subs: the KOL group's name ("All KOLs" when the view has none). */
  kolGroupName: z.string().optional(),
  /** Coin and event opinion subs: the counts of the detail's default report (1d at 1h). */
  daySplit: z.object({ cntUp: z.number().int(), cntNeutral: z.number().int(), cntDown: z.number().int() }).optional(),
  /** Coin opinion subs: the coin's last price and 24 h change (market.ts). */
  ...priceFields,
});
export const viewListItem = z.object({
  viewId: z.string(),
  name: z.string(),
  viewType,
  fixed: z.boolean(),
  subs: z.array(viewSub),
});
export type ViewListItem = z.infer<typeof viewListItem>;

export const tweetCategory = z.object({
  id: z.string(),
  name: z.string(),
  subs: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TweetCategory = z.infer<typeof tweetCategory>;

export const twitterUser = z.object({
  id: z.string(),
  /** The account's network (networks.ts); absent means X. */
  network: network.optional(),
  username: z.string(),
  name: z.string().optional(),
  icon: z.string(),
  followersCount: z.number().int(),
  isBlueVerified: z.boolean().optional(),
  verifiedType: z.string().optional(),
});
export type TwitterUser = z.infer<typeof twitterUser>;

/**
 * The same text posted by other accounts within minutes (issue 17 §3): the earliest post shows
 * once with "and N others"; `count` accounts copied it, `users` are the first few of them.
 */
export const postCopies = z.object({
  count: z.number().int(),
  users: z.array(z.object({ id: z.string(), username: z.string(), name: z.string(), icon: z.string() })),
});
export type PostCopies = z.infer<typeof postCopies>;

export const post = z.object({
  id: z.string(),
  text: z.string(),
  ct: z.number().int(),
  user: z.object({
    id: z.string().optional(),
    icon: z.string(),
    name: z.string(),
    username: z.string(),
    isBlueVerified: z.boolean(),
    verifiedType: z.string(),
    /** The network of the account (networks.ts); absent on older servers, which knew only X. */
    network: network.optional(),
  }),
  /** The network the post was made on; absent means X. The card shows its icon. */
  network: network.optional(),
  /** Its network no longer shows it (deleted there); kolscope keeps it, and the card says so. */
  vanished: z.boolean().optional(),
  categoryList: z.array(
    z.object({ id: z.string().optional(), name: z.string(), subs: z.array(z.object({ name: z.string() })) }),
  ),
  coinViewList: z.array(
    z.object({
      coin: z.string(),
      viewId: z.string(),
      /**
       * The post's stance toward this coin where it differs from `sentiment` ("$BTC weak, $SOL
       * ripping": BTC bearish on a bullish post); absent when the coin has the post's label.
       */
      stance: z.enum(['bullish', 'neutral', 'bearish']).optional(),
    }),
  ),
  /** Images, and videos by their still (`kind: 'video'`: the app marks it and opens imgUrlOrigin). */
  medias: z.array(z.object({ imgUrlThumb: z.string(), imgUrlOrigin: z.string(), kind: z.enum(['video']).optional() })),
  /**
   * Every link the post carries, as its network shows it: `text` is what the reader sees in `text`
   * (an anchor's words, a shortened label, or the URL), `url` where it goes. Absent: none.
   */
  links: z.array(z.object({ url: z.string(), text: z.string() })).optional(),
  /** The link preview its network attached (a Bluesky external embed, a Telegram web page). */
  card: z
    .object({ url: z.string(), title: z.string(), description: z.string(), thumb: z.string().optional() })
    .optional(),
  sentiment: z.enum(SENTIMENT_LABELS).optional(),
  /** Why it reads so: the words, emoji and rules that moved the classifier most. */
  sentimentCues: z.array(z.string()).optional(),
  /** Which model read it ('rules-1', 'model-<version>', 'openai:<name>'); absent for old rows. */
  sentimentModel: z.string().optional(),
  /** How likely `sentiment` is right (calibrated probability); absent when the classifier gives none. */
  sentimentConfidence: z.number().min(0).max(1).optional(),
  /** Whether the reading counts as a call in track records (sure enough); absent for neutral posts. */
  sentimentCall: z.boolean().optional(),
  /** The signed-in user's own correction of `sentiment` (post/sentiment_feedback). */
  mySentiment: z.enum(SENTIMENT_LABELS).optional(),
  /** The post on its network, opened by tapping the time; absent when it has no page there. */
  url: z.string().optional(),
  /**
   * Counts as the source last reported them; absent when the source reports none (RSS), and each
   * count absent when its network did not report it (a Jetstream post, Telegram reposts): unknown,
   * not 0.
   */
  metrics: z
    .object({
      likeCount: z.number().int().optional(),
      repostCount: z.number().int().optional(),
      viewCount: z.number().int().optional(),
    })
    .optional(),
  /** Other accounts that posted the same text soon after; their copies are folded into this post. */
  copies: postCopies.optional(),
});
export type Post = z.infer<typeof post>;

const rankPerson = z.object({ id: z.string(), icon: z.string(), username: z.string().optional() });

export const rankItem = z.object({
  rank: z.number().int(),
  coin: z.string(),
  icon: z.string(),
  hot: z.number(),
  /** The accounts behind the avatars; `id` opens their KOL profile. */
  usersWhistleblower: z.array(rankPerson),
  usersCrown: z.array(rankPerson),
  /**
   * How many KOLs posted about the coin in the window: the strips show a few of them (the first
   * and the most followed) and "+N" for the rest of this count (issue 29).
   */
  kolCount: z.number().int().optional(),
  isNew: z.boolean().optional(),
  growth: z.number().optional(),
  /** The coin's last price and 24 h change (market.ts). */
  ...priceFields,
});
export type RankItem = z.infer<typeof rankItem>;

export const kolGroup = z.object({
  id: z.string(),
  kolGroupId: z.string().optional(),
  name: z.string(),
  kolCnt: z.number().int(),
  isDefault: z.boolean().optional(),
  /** Which default group this is: all tracked KOLs, the top ones, or the whitelist only. */
  defaultRole: z.enum(['all', 'top', 'whitelistOnly']).optional(),
  twitterUserFans: z.tuple([z.number().int(), z.number().int()]),
  whiteTwitterUsers: z.array(twitterUser),
  blackTwitterUsers: z.array(twitterUser),
});
export type KolGroup = z.infer<typeof kolGroup>;

/**
 * The bucket holding "now" is still filling: `partial` marks it (only the last bucket of a
 * series), `elapsed` is the share of its time gone by (0..1). Optional: older servers omit them.
 */
const bucketProgress = {
  partial: z.boolean().optional(),
  elapsed: z.number().min(0).max(1).optional(),
};
export const reportBucket = z.object({
  ct: z.number().int(),
  ...bucketProgress,
  cntUp: z.number().int(),
  cntNeutral: z.number().int(),
  cntDown: z.number().int(),
});
export const sumInfo = z.object({
  cntUp: z.number().int(),
  cntNeutral: z.number().int(),
  cntDown: z.number().int(),
  cntUpBlue: z.number().int(),
  cntNeutralBlue: z.number().int(),
  cntDownBlue: z.number().int(),
  cntUpGold: z.number().int(),
  cntNeutralGold: z.number().int(),
  cntDownGold: z.number().int(),
});
export type SumInfo = z.infer<typeof sumInfo>;
/** A report's sums before any post is counted. */
export const EMPTY_SUM_INFO: Readonly<SumInfo> = Object.freeze(
  Object.fromEntries(Object.keys(sumInfo.shape).map((k) => [k, 0])) as SumInfo,
);
/**
 * How far an event opinion view's history is counted (0-99 %), while it is being counted in the
 * background after its keywords were saved; absent or null once done (and for other reports).
 */
export const historyPercent = z.number().int().min(0).max(99).nullable().optional();
export const reportData = z.object({ intervalList: z.array(reportBucket), sumInfo, historyPercent });
export type ReportData = z.infer<typeof reportData>;
export const statBucket = z.object({ ct: z.number().int(), cnt: z.number().int(), ...bucketProgress });

export const userInfo = z.object({
  id: z.string(),
  ct: z.number().int(),
  ut: z.number().int(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  sourceId: z.string(),
  icon: z.string(),
  inviteCode: z.string(),
  sourceInviteCode: z.string(),
  sourceInviteUserId: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** A cursor page of anything. `more` is 1 when another page exists; `nextCb` is opaque. */
export function page<T extends z.ZodTypeAny>(item: T) {
  return z.object({ list: z.array(item), more: z.union([z.literal(0), z.literal(1)]), nextCb: z.string() });
}
