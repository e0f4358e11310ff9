/** Business constants and limits of spec section 9 (and the enumerations of section 3). */

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** localStorage key under which the client keeps the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'kolscope.lang';
/** Request header that carries the client's language to the server. */
export const LANGUAGE_HEADER = 'accept-language';

export const API_PREFIX = '/webapi/v1';
export const REQUEST_TIMEOUT_MS = 500_000;
export const TOKEN_COOKIE = 'token';
export const TOKEN_COOKIE_DAYS = 7;

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_HISTORY_MAX = 20;
export const RECENT_QUERIES_MAX = 10;

export const PENDING_NEW_ITEMS_CAP = 50;
export const SCROLL_TOP_THRESHOLD_PX = 60;
export const SILENT_INSERT_SPINNER_MS = 200;
export const AUTO_REFRESH_MS = 60_000;
export const STATISTICS_REFRESH_MS = 60_000;

export const FEED_COLLAPSE_ROWS = 3;
export const FEED_MAX_IMAGES = 4;

export const CHART_POINT_WIDTH_PX = 60;
export const CHART_MIN_WIDTH_PX = 300;
export const CHART_HEIGHT_PX = 300;

export const NOTIFICATION_LOADING_DELAY_MS = 500;
export const LOADING_SPINNER_SIZE_PX = 24;
export const POPUP_MIN_HEIGHT = '80vh';

export const HOT_COIN = {
  authorWeight: { min: 1, max: 5, default: 2 },
  tweetWeight: { min: 1, max: 3, default: 2 },
  topNum: { min: 10, max: 100, default: 10 },
  commentWeight: 0.2,
  retweetWeight: 0.4,
  exposureWeight: 0.4,
  logTransform: true,
  newCoinEntry: false,
  fastestRising: false,
  /** The window a ranking covers, in seconds (the last 24 hours by default). */
  statRangeSeconds: { min: 60, max: 30 * 86_400, default: 86_400 },
  sortingIndicatorType: 'hot',
} as const;
/**
 * The minimum volume of the hot-coin ranking, in distinct KOLs: a ticker outside the coin
 * catalogue is ranked only once this many named it in the window, fastestRising ranks only coins
 * with this many in both windows, and newCoinEntry marks only coins with this many now.
 */
export const RANK_MIN_KOLS = 3;
/** Coins per view/ranking_list page; topNum (at most 100) bounds the whole list. */
export const RANK_PAGE_SIZE = 20;

export const DEFAULT_REPORT_UPDATE_FREQ_SECONDS = 86_400;

export const CODE_RESEND_SECONDS = 60;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 600;
export const VERIFICATION_CODE_MAX_TRIES = 5;
export const PASSWORD_MIN_LENGTH = 6;
export const GROUP_NAME_MAX_LENGTH = 20;

export const KOL_ALL_PAGE_SIZE = 20;
export const KOL_ALL_MAX_PAGES = 10;

export const DRAG_TOUCH_DELAY_MS = 150;
export const DRAG_MOUSE_DISTANCE_PX = 8;
export const STAT_TABLE_SCROLL_SERIES = 4;

export const VIEW_TYPES = [
  'content_feed',
  'notification',
  'ranking_list',
  'analytics_report',
  'coin_opinion',
  'event_opinion',
  'hot_coins',
  'mindshare',
] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export const RULE_TYPES = ['crypto_types', 'keywords', 'coins', 'authors', 'fans'] as const;

/**
 * What one view may ask of the keyword matcher, in all its filter groups together. Chosen with
 * bench/worst-view.bench.ts: a page of the largest allowed view stays well under 300 ms at
 * 1,000,000 posts on PostgreSQL. The messages view_groups_too_many, view_keywords_too_many and
 * rule_keyword_invalid state these numbers.
 */
export const VIEW_LIMITS = { groups: 10, keywords: 100, keywordLength: 100 } as const;

/**
 * What one user's event opinion views may ask of every stored post (issue 34): the posts trigger
 * matches each new post against every event view's keywords, so one user's views cost everyone's
 * ingestion. A user keeps at most `perUser` event views and `keywordsPerUser` keywords across
 * them: one view at VIEW_LIMITS (100 keywords) and more small ones still fit, which is all a
 * client of the spec sends. bench/event-view-abuse.bench.ts measured the bound. The messages
 * event_views_too_many and event_keywords_too_many state these numbers.
 */
export const EVENT_VIEW_LIMITS = { perUser: 10, keywordsPerUser: 200 } as const;
export type RuleType = (typeof RULE_TYPES)[number];

export const SORTING_INDICATORS = [
  'hot',
  'kol_score',
  'verified_kol_count',
  'kol_count',
  'comment_count',
  'retweet_count',
  'impression_count',
  'like_count',
] as const;
export type SortingIndicator = (typeof SORTING_INDICATORS)[number];

export const TRADING_TRENDS = ['', 'bullish', 'neutral', 'bearish'] as const;
/** How a post reads: the classifier's labels, in the order the UI lists them. */
export const SENTIMENT_LABELS = ['bullish', 'neutral', 'bearish'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];
export type TradingTrend = (typeof TRADING_TRENDS)[number];

/** Report periods and, per period, the allowed intervals (spec section 4, "Report"). */
export const REPORT_PERIODS = ['1d', '1w', '1m'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const GRANULARITIES = ['1m', '5m', '15m', '30m', '1h', '1d', '1w'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const REPORT_INTERVALS: Record<ReportPeriod, readonly Granularity[]> = {
  '1d': ['1m', '5m', '15m', '1h'],
  '1w': ['5m', '30m', '1h', '1d'],
  '1m': ['30m', '1h', '1d', '1w'],
};
export const DEFAULT_REPORT_PERIOD: ReportPeriod = '1d';
export const DEFAULT_REPORT_INTERVAL: Granularity = '1h';

export const STAT_PERIODS = ['1d', '1w', '1m'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];
export const STAT_INTERVALS = ['1h', '1d', '1w'] as const;
export type StatInterval = (typeof STAT_INTERVALS)[number];
/**
 * The intervals each statistics period allows: enough buckets to draw a line (a day of a single
 * daily bucket says nothing) and few enough to read (a month of hours is 720 points), so
 * 1d: 1h (24); 1w: 1h (168) or 1d (7); 1m: 1d (30) or 1w (5).
 */
export const STAT_INTERVALS_BY_PERIOD: Record<StatPeriod, readonly StatInterval[]> = {
  '1d': ['1h'],
  '1w': ['1h', '1d'],
  '1m': ['1d', '1w'],
};
/** The interval a period starts with when the current one is not allowed there. */
export const STAT_DEFAULT_INTERVAL: Record<StatPeriod, StatInterval> = { '1d': '1h', '1w': '1d', '1m': '1d' };
export const DEFAULT_STAT_PERIOD: StatPeriod = '1d';
export const STAT_TYPES = [
  'count_tweet',
  'count_category_tweet',
  'count_account',
  'count_crypto_account',
  'count_interaction',
] as const;
export type StatType = (typeof STAT_TYPES)[number];

/**
 * A notification view's sources: the spec's four, plus WhatsApp and Discord, which /data-source
 * offers as custom sources too (a message from them could otherwise reach no view).
 */
export const NOTIFICATION_SOURCES = ['superKOL', 'x', 'wechat', 'telegram', 'whatsapp', 'discord'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];
export const DEFAULT_NOTIFICATION_SOURCES: NotificationSource[] = ['superKOL'];
/** Custom sources: phone app notifications forwarded to the user's ingest address. */
export const CUSTOM_SOURCES = ['wechat', 'telegram', 'whatsapp', 'discord'] as const;
export type CustomSource = (typeof CUSTOM_SOURCES)[number];
/** superKOL: authors with at least this many followers (the Top Influencers bound). */
export const SUPER_KOL_MIN_FOLLOWERS = 100_000;
/** A notification view's update frequency unless set: at most one push per view a minute. */
export const DEFAULT_NOTIFICATION_UPDATE_FREQ_SECONDS = 60;
export const NOTIFICATION_PAGE_SIZE = 20;

/** Seconds per granularity or period unit; a month counts as 30 days. */
export const SECONDS: Record<Granularity | ReportPeriod, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '1d': 86_400,
  '1w': 604_800,
};
export const PERIOD_SECONDS: Record<ReportPeriod, number> = {
  '1d': 86_400,
  '1w': 604_800,
  '1m': 2_592_000,
};

/** The longest view title, of every view type (checked by the contract, enforced by the forms' title field). */
export const VIEW_TITLE_MAX = 100;

/**
 * The longest stored id a call accepts (views, groups, accounts, posts of every network). A
 * Bluesky post id is `bsky:<did>/<rkey>` and a did:web names a host, so this is well above X's
 * 20 digits.
 */
export const STORED_ID_MAX = 300;
/** The longest page cursor: room for a time, a position and one stored id, base64url-encoded. */
export const CURSOR_MAX = 512;
