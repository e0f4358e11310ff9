/**
 * The shapes every part of the collection pipeline agrees on. A source turns whatever its
 * protocol delivers into RawPosts; enrichment adds coins, categories and sentiment; the runner
 * stores both. Nothing here knows about HTTP or SQL.
 */

import type { Network } from '@kolscope/contract';

/** verifiedType values as X reports them; 'business' earns the gold badge. */
export type VerifiedType = 'none' | 'blue' | 'business' | 'government';

export interface RawAuthor {
  /**
   * The X user id (numeric string); on other networks the prefixed id of contract networks.ts
   * (`tg:<channel>`, `bsky:<did>`, `fc:<fid>`); '' for sources that know only an X handle.
   */
  id: string;
  /** Absent means X. */
  network?: Network;
  /** The account's own description, and the links it lists (other networks' profiles, sites). */
  bio?: string;
  links?: string[];
  username: string;
  name: string;
  icon: string;
  followersCount: number;
  isBlueVerified: boolean;
  verifiedType: VerifiedType;
}

export interface RawMedia {
  imgUrlThumb: string;
  imgUrlOrigin: string;
  /**
   * Absent: a photo. 'video': imgUrlThumb is the video's still (a video's own file or its post page
   * in imgUrlOrigin), shown with a play mark; a video with no still is kept as a link instead.
   */
  kind?: 'video';
}

/**
 * A link the post carries, as its network shows it: `text` is what the reader sees (an anchor's
 * words, Bluesky's shortened label, or the URL itself), `url` where it goes. The app links `text`
 * where it appears in the post's text.
 */
export interface RawLink {
  url: string;
  text: string;
}

/** A link preview the network attaches to a post (Bluesky's external embed, Telegram's web page). */
export interface RawLinkCard {
  url: string;
  title: string;
  description: string;
  /** The preview's image; '' when it has none. */
  thumb: string;
}

/**
 * Counts as the network reports them. null: the network did not say (a Jetstream post, a hub
 * without reactions); stored as 0 for sums and left out of the API, never shown as 0.
 */
export interface RawMetrics {
  likeCount: number | null;
  retweetCount: number | null;
  replyCount: number | null;
  quoteCount: number | null;
  impressionCount: number | null;
}

export interface RawPost {
  /**
   * The X post id, or on other networks the prefixed id of contract networks.ts; unique across
   * sources, so a post seen twice is stored once.
   */
  id: string;
  /** Absent means X. */
  network?: Network;
  /** The post's page on its network (t.me, bsky.app, warpcast.com); absent: derived for X. */
  url?: string;
  /** The network no longer shows the post (a deleted Telegram message): kept and flagged. */
  vanished?: boolean;
  text: string;
  /** Unix seconds. */
  createdAt: number;
  /** BCP-47-ish code from the source ('en', 'zh'), or '' when unknown. */
  lang: string;
  author: RawAuthor;
  medias: RawMedia[];
  /** Every link the post carries (absent: none, or a source that only has plain text). */
  links?: RawLink[];
  /** The link preview attached to the post, if any. */
  card?: RawLinkCard;
  metrics: RawMetrics;
  /**
   * What the post is to another post: a repost (retweet) or a quote of someone else's, or a reply.
   * Absent for an original post. Track records do not count reposts and quotes as calls.
   */
  refKind?: PostRefKind;
}

export type PostRefKind = 'repost' | 'quote' | 'reply';

/** An item a source could not turn into a RawPost: counted, logged and skipped. */
export interface RejectedItem {
  reason: string;
  /** A short excerpt of what arrived, for the log. */
  sample: string;
}

export interface SourceBatch {
  posts: RawPost[];
  rejected: RejectedItem[];
  /**
   * The requests this batch made to the network and how they went, oldest first: true for an
   * answer, or the failure as the service said it (status and its own error text, credentials
   * masked). The runner marks a source 'failing' when its last few requests all failed, even when
   * each failure was only a rejected item. Absent: the batch says nothing (counted as one success
   * when it has posts or waits, as one failure when it throws).
   */
  requests?: (true | string)[];
  /** The cursor to store once this batch is saved; null keeps the previous one. */
  nextCursor: string | null;
  /** How long to wait before the next fetch (caught up, or told so by a rate limit). 0: at once. */
  waitMs: number;
  /**
   * The batch carries history older than every post stored so far (a backfill loaded newest
   * first); `done` on the batch that completes it. Such posts' track records are derived once
   * when the backfill ends, not per batch: each batch older than the last would re-derive every
   * later call of its authors again (store.ts).
   */
  backfill?: { done: boolean };
}

/**
 * One collection source. `fetch` is called with the last stored cursor (null the first time) and
 * must be safe to repeat: after a crash the same cursor comes again, and posts are upserted by id.
 */
export interface Source {
  /** Unique name, e.g. 'demo', 'x-api', 'rss'; the cursor is stored under it. */
  readonly name: string;
  fetch(cursor: string | null, signal: AbortSignal): Promise<SourceBatch>;
  /** How much of its history a stored cursor covers, for sources that load a known span. */
  history?(cursor: string | null, nowMs: number): SourceHistory;
}

/** How far a source has loaded its history (progress lines, /healthz, the app's note). */
export interface SourceHistory {
  /** Share of the whole span stored, 0..1. */
  fraction: number;
  /** Every post from this time (unix ms) to now is stored; null while recent posts are missing. */
  completeFromMs: number | null;
  /** Nothing left to load. */
  done: boolean;
}

// ---------- enrichment ----------

export type SentimentLabel = 'bullish' | 'neutral' | 'bearish';

export interface SentimentResult {
  label: SentimentLabel;
  /** Signed strength: > 0 leans bullish, < 0 bearish; roughly -1..1. */
  score: number;
  /** The words, emoji and rules that decided it, e.g. ['moon', '🚀', 'negated:bullish']. */
  cues: string[];
  /** The learned model's class probabilities (they sum to 1, calibrated); absent for the rules. */
  probs?: Record<SentimentLabel, number>;
  /**
   * How likely the label is right: the calibrated probability of the label (a reading at 0.8 is
   * right about 80 % of the time on held-out crypto posts). Absent when the classifier has no
   * calibration (the rules, an LLM endpoint).
   */
  confidence?: number;
  /**
   * The call this reading makes: its bullish or bearish label when sure enough that the direction
   * is right at least 90 % of the time (model/calibration.ts), else null. Track records count only
   * calls. Absent: every bullish or bearish label is a call (classifiers without calibration).
   */
  call?: 'bullish' | 'bearish' | null;
  /**
   * Which classifier read the post, stored with it (posts.sentiment_model) and with each user's
   * correction: 'rules-1', 'en-<weights version>' / 'zh-<weights version>', 'openai:<model>'. Absent from hand-made results (tests); stored as ''.
   */
  model?: string;
}

/**
 * The call a reading makes: its own `call`, or for a classifier without calibration (no `call`
 * at all) its bullish or bearish label, as before calls existed.
 */
export function callOfReading(r: SentimentResult): 'bullish' | 'bearish' | null {
  if (r.call !== undefined) return r.call;
  return r.label === 'neutral' ? null : r.label;
}

/** A classifier is pluggable: the built-in rules, or an OpenAI-compatible endpoint. */
export interface SentimentClassifier {
  readonly name: string;
  classify(texts: string[]): Promise<SentimentResult[]>;
}

export interface CategoryRef {
  /** Primary category id, e.g. 'defi'. */
  primary: string;
  /** Secondary id within the primary, e.g. 'defi/lending'; absent when only the primary fits. */
  secondary?: string;
}

export interface Enrichment {
  /** Coin symbols without '$', upper case, most prominent first. */
  coins: string[];
  categories: CategoryRef[];
  sentiment: SentimentResult;
  /**
   * The stance toward each coin when the post names several and reads them differently
   * ("$BTC looks weak but $SOL is ripping"); a coin missing here has the post's label.
   */
  coinStances?: Record<string, SentimentLabel>;
  /** 'en', 'zh' or the source's code. */
  lang: string;
}
