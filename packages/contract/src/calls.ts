/**
 * Every call of spec section 7: path, request schema and response (`data`) schema.
 * The server validates requests with these; the web client infers its types from them.
 */
import { z } from 'zod';
import {
  KOL_ALL_PAGE_SIZE,
  REPORT_PERIODS,
  GRANULARITIES,
  STAT_INTERVALS,
  STAT_PERIODS,
  STAT_TYPES,
  TRADING_TRENDS,
} from './constants';
import {
  kolGroup,
  keywordRuleGroup,
  page,
  post,
  rankItem,
  historyPercent,
  reportData,
  statBucket,
  sortingIndicator,
  tweetCategory,
  twitterUser,
  userInfo,
  viewListItem,
} from './entities';
import { argumentCalls } from './arguments';
import { coinCalls } from './coin';
import { mindshareCalls } from './mindshare';
import * as f from './fields';
import { ingestCalls } from './ingest';
import { kolCalls } from './kol';
import { followCalls } from './follow';
import { marketCalls } from './market';
import { notificationCalls } from './notifications';
import { alertCalls } from './alerts';
import { sentimentFeedbackCalls } from './sentiment-feedback';
import { systemCalls } from './system';
import { coinOpinionFields, eventOpinionFields, viewFields, viewInfo, viewUpdateFields } from './view-settings';

export interface CallDef<Req extends z.ZodTypeAny = z.ZodTypeAny, Res extends z.ZodTypeAny = z.ZodTypeAny> {
  path: string;
  request: Req;
  response: Res;
  /**
   * A top-level array (wire name) whose items the handler checks one by one, so one bad item is
   * reported and skipped instead of failing the whole body (ingest batches).
   */
  perItem?: string;
}
function call<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(path: string, request: Req, response: Res) {
  return { path, request, response } satisfies CallDef<Req, Res>;
}

const none = z.object({}).loose();
const ack = z.null();

// ---------- account ----------
export const accountCalls = {
  info: call('account/info', none, userInfo),
  logout: call('account/logout', none, ack),
  checkInnerCode: call('account/check_inner_code', z.object({ innerCode: f.innerCode }), ack),
  registerEmailCode: call('account/register_email_code', z.object({ email: f.email }), ack),
  changePasswdEmailCode: call('account/change_passwd_email_code', z.object({ email: f.email }), ack),
  /** Sign-in with an e-mailed code ("or with a verification code"): send the code... */
  loginEmailCode: call('account/login_email_code', z.object({ email: f.email }), ack),
  /**
   * The verify step of registration or reset: answers whether the code is right without using it
   * up; a wrong code counts against the code's tries like the final call.
   */
  checkEmailCode: call(
    'account/check_email_code',
    z.object({ email: f.email, code: f.verificationCode, purpose: z.enum(['register', 'reset']) }),
    ack,
  ),
  register: call(
    'account/register',
    z.object({
      email: f.email,
      code: f.verificationCode,
      passwd: f.newPassword,
      inviteCode: f.inviteCode,
      innerCode: f.innerCode,
    }),
    ack,
  ),
  login: call(
    'account/login',
    z.object({ email: f.email, passwd: f.loginPassword }),
    z.object({ token: z.string(), accountId: z.string() }),
  ),
  /** ...then sign in with it. */
  loginByCode: call(
    'account/login_by_code',
    z.object({ email: f.email, code: f.verificationCode }),
    z.object({ token: z.string(), accountId: z.string() }),
  ),
  changePasswd: call(
    'account/change_passwd',
    z.object({ email: f.email, code: f.verificationCode, passwd: f.newPassword }),
    ack,
  ),
};

// ---------- views ----------
const viewRef = z.object({ viewId: f.id });
const viewIds = z.object({ viewIds: z.array(f.id).max(500) });
const tweetsPage = page(post);
const reportQuery = z.object({
  viewId: f.id,
  period: z.enum(REPORT_PERIODS),
  interval: z.enum(GRANULARITIES),
  silent: z.boolean().optional(),
  /**
   * The report as it stood at this time (unix seconds; an opinion alert opens it there): the
   * period ends with the bucket holding `at` instead of now. A time ahead of now reads as now.
   */
  at: z
    .number({ error: 'report_at_invalid' })
    .int({ error: 'report_at_invalid' })
    .min(0, { error: 'report_at_invalid' })
    .optional(),
});
export const viewCalls = {
  tweetCategory: call('view/tweet_category', none, z.array(tweetCategory)),
  add: call('view/add', viewFields, z.array(viewListItem)),
  update: call('view/update', viewUpdateFields, ack),
  delete: call('view/delete', viewRef, ack),
  sort: call('view/sort', viewIds, ack),
  info: call('view/info', viewRef, viewInfo),
  rankingList: call(
    'view/ranking_list',
    z.object({ viewId: f.id, nextCb: f.cursor }),
    z.object({
      list: z.array(rankItem),
      statRangeSeconds: z.number().int(),
      updateTime: z.number().int(),
      sortingIndicatorType: sortingIndicator,
      /** The view's comparisons, so the view can explain an empty or short list (RANK_MIN_KOLS). */
      fastestRising: z.boolean().optional(),
      newCoinEntry: z.boolean().optional(),
      more: z.union([z.literal(0), z.literal(1)]),
      nextCb: z.string(),
    }),
  ),
  list: call('view/v2/list', none, z.array(viewListItem)),
  tweets: call(
    'view/v2/tweets',
    z.object({
      viewId: f.id,
      nextCb: f.cursor,
      tradingTrend: z.enum(TRADING_TRENDS).optional().default(''),
      /**
       * The id of the newest post the client shows: the answer is then the posts newer than it
       * (newest first, at most 50, `more` 1 when there are even more), for the new-items tip.
       */
      newerThan: f.id.optional(),
      /**
       * A report's related posts: only the posts inside the report's window for this period and
       * interval (the buckets its chart and cards count), so the list agrees with the numbers.
       */
      period: z.enum(REPORT_PERIODS).optional(),
      interval: z.enum(GRANULARITIES).optional(),
    }),
    tweetsPage,
  ),
  mergeSort: call('view/v2/merge_sort', viewIds, ack),
  coinOpinionAdd: call('view/v2/coin_opinion_add', coinOpinionFields, z.array(viewListItem)),
  coinOpinionInfo: call(
    'view/v2/coin_opinion_info',
    viewRef,
    z.object({ viewId: z.string(), coin: z.string(), kolGroupId: z.string(), viewType: z.literal('coin_opinion') }),
  ),
  coinOpinionUpdate: call('view/v2/coin_opinion_update', coinOpinionFields.extend({ viewId: f.id }), ack),
  coinOpinionDetail: call('view/v2/coin_opinion_detail', reportQuery, reportData),
  coinOpinionDelete: call('view/v2/coin_opinion_delete', viewRef, ack),
  eventOpinionAdd: call('view/v2/event_opinion_add', eventOpinionFields, z.array(viewListItem)),
  eventOpinionInfo: call(
    'view/v2/event_opinion_info',
    viewRef,
    z.object({
      viewId: z.string(),
      name: z.string(),
      kolGroupId: z.string(),
      matchingRules: z.array(keywordRuleGroup),
      /** Coins whose price the report draws beside the opinion (at most EVENT_PRICE_COINS_MAX). */
      coins: z.array(z.string()),
      viewType: z.literal('event_opinion'),
      historyPercent,
    }),
  ),
  eventOpinionUpdate: call('view/v2/event_opinion_update', eventOpinionFields.extend({ viewId: f.id }), ack),
  eventOpinionDetail: call('view/v2/event_opinion_detail', reportQuery, reportData),
  eventOpinionDelete: call('view/v2/event_opinion_delete', viewRef, ack),
  /** The report view's data (analytics_report) by viewId, period and interval. */
  reportDetail: call('view/report_detail', reportQuery, reportData),
  /**
   * Makes again the fixed default views (Hot Coins, All KOLs) the caller deleted; answers the
   * ones made, none when nothing was missing.
   */
  restoreDefaults: call(
    'view/restore_defaults',
    none,
    z.object({ restored: z.array(z.object({ viewId: z.string(), name: z.string() })) }),
  ),
};

// ---------- search ----------
const coinItem = z.object({ coin: z.string(), name: z.string(), icon: z.string() });
export const searchCalls = {
  coins: call('search/coins', z.object({ query: f.query }), z.array(coinItem)),
  twitterUser: call('search/twitter_user', z.object({ query: f.query, nextCb: f.cursor }), page(twitterUser)),
  twitterKol: call('search/twitter_kol', z.object({ query: f.query, nextCb: f.cursor }), page(twitterUser)),
};

// ---------- KOL groups ----------
const fansPair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const groupFields = z.object({
  name: f.groupName,
  twitterUserFans: fansPair,
  whiteTwitterUserIds: z.array(z.string().max(64)).max(500),
  blackTwitterUserIds: z.array(z.string().max(64)).max(500),
});
const groupRef = z.object({ groupId: f.id });
export const kolGroupCalls = {
  list: call('kol_group/list', none, z.array(kolGroup)),
  add: call('kol_group/add', groupFields, ack),
  update: call('kol_group/update', groupFields.extend({ groupId: f.id }), ack),
  delete: call('kol_group/delete', groupRef, ack),
  info: call('kol_group/info', groupRef, kolGroup),
  twitterUserList: call(
    'kol_group/twitter_user_list',
    z.object({ groupId: f.id, nextCb: f.cursor }),
    page(twitterUser),
  ),
  addUnlistedTwitterUser: call(
    'kol_group/add_unlisted_twitter_user',
    z.object({
      twitterUserName: z
        .string({ error: 'username_required' })
        .transform((s) => s.trim().replace(/^@+/, '').trim())
        .pipe(z.string().min(1, { error: 'username_required' }).max(50)),
    }),
    ack,
  ),
  /** The paged list of all KOLs (the spec leaves its path unnamed). */
  allKols: call(
    'kol_group/all_kols',
    z.object({
      query: f.query,
      size: z.number().int().min(1).max(KOL_ALL_PAGE_SIZE).default(KOL_ALL_PAGE_SIZE),
      nextCb: f.cursor,
    }),
    page(twitterUser),
  ),
};

// ---------- administrator ----------
export const adminCalls = {
  stat: call(
    'admin/stat',
    z.object({
      statType: z.enum(STAT_TYPES),
      fromAcntName: z.string().max(100).default(''),
      period: z.enum(STAT_PERIODS),
      interval: z.enum(STAT_INTERVALS),
    }),
    z.array(
      z.object({
        tableName: z.string(),
        tableList: z.array(statBucket),
      }),
    ),
  ),
  fromAcntList: call('admin/from_acnt_list', none, z.array(z.object({ name: z.string(), cntAtt: z.number().int() }))),
  /**
   * How each collection source is doing (issue 31): 'failing' once its last requests to the
   * network all failed, with the service's own error text (credentials masked), else 'ok'.
   */
  sourceHealth: call(
    'admin/source_health',
    none,
    z.array(
      z.object({
        name: z.string(),
        state: z.enum(['ok', 'failing']),
        /** Requests that failed in a row. */
        failures: z.number().int(),
        /** The newest error, as the service said it; absent when none was recorded. */
        error: z.string().optional(),
        errorAt: z.number().int().optional(),
        /** When a batch was last stored (unix seconds). */
        lastSuccessAt: z.number().int().optional(),
        posts: z.number().int(),
      }),
    ),
  ),
  /** Missing-KOL submissions waiting for a decision (issue 5's review queue). */
  kolSubmissions: call(
    'admin/kol_submissions',
    z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
    z.array(
      z.object({
        submissionId: z.string(),
        twitterUserName: z.string(),
        submittedBy: z.string(),
        count: z.number().int(),
        status: z.enum(['pending', 'approved', 'rejected']),
        ct: z.number().int(),
      }),
    ),
  ),
  /** Approves (the account becomes tracked) or rejects a submission. */
  kolReview: call('admin/kol_review', z.object({ submissionId: f.id, approve: z.boolean() }), ack),
  /**
   * One KOL, several networks (issue 17 §2): makes the accounts (and every account already linked
   * to one of them) one person; returns the person's accounts.
   */
  kolMerge: call(
    'admin/kol_merge',
    z.object({
      twitterUserIds: z.array(f.id).min(2, { error: 'kol_merge_count' }).max(10, { error: 'kol_merge_count' }),
    }),
    z.object({ personId: z.string(), accounts: z.array(twitterUser) }),
  ),
  /** Splits an account off its person: it counts on its own again. */
  kolUnmerge: call('admin/kol_unmerge', z.object({ twitterUserId: f.id }), ack),
  /** "Same person?": one-sided cross-links (an account's bio or links name another's profile), pending. */
  kolLinkSuggestions: call(
    'admin/kol_link_suggestions',
    none,
    z.array(z.object({ claimant: twitterUser, claimed: twitterUser, reason: z.string(), ct: z.number().int() })),
  ),
  /** Merges the two accounts of a suggestion, or dismisses it (it is not suggested again). */
  kolLinkDecide: call(
    'admin/kol_link_decide',
    z.object({ claimantId: f.id, claimedId: f.id, merge: z.boolean() }),
    ack,
  ),
};

/** Every call, for registries and for the property test that walks them all. */
export const allCalls: CallDef[] = [
  ...Object.values(accountCalls),
  ...Object.values(viewCalls),
  ...Object.values(searchCalls),
  ...Object.values(kolGroupCalls),
  ...Object.values(adminCalls),
  ...Object.values(ingestCalls),
  ...Object.values(notificationCalls),
  ...Object.values(alertCalls),
  ...Object.values(systemCalls),
  ...Object.values(sentimentFeedbackCalls),
  ...Object.values(marketCalls),
  ...Object.values(kolCalls),
  ...Object.values(followCalls),
  ...Object.values(coinCalls),
  ...Object.values(argumentCalls),
  ...Object.values(mindshareCalls),
];

export type Request<C extends CallDef> = z.input<C['request']>;
export type ParsedRequest<C extends CallDef> = z.output<C['request']>;
export type Response<C extends CallDef> = z.output<C['response']>;
