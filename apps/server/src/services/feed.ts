/**
 * view/v2/tweets: the posts of a view, newest first, by opaque cursor; with `newerThan`, only the
 * posts newer than the client's first one (the new-items tip). Posts are shaped as the spec's
 * Post entity in the request's language.
 */
import {
  DEFAULT_REPORT_INTERVAL,
  type Granularity,
  type Language,
  type Network,
  type Post,
  type ReportPeriod,
  type SentimentLabel,
  type TradingTrend,
} from '@kolscope/contract';
import type { Db } from '../db/db';
import {
  type FeedQuery,
  type FeedResult,
  type FeedRow,
  feedRepo,
  type GroupMembership,
} from '../db/repos/post-filter-sql';
import { type Clock, epochSeconds, systemClock } from '../domain/clock';
import { categoryName } from '../domain/taxonomy';
import { alignedWindow } from './opinion-window';
import { type FoldedPage, foldPage } from './copies';
import { badRequest } from './errors';
import type { KolGroups } from './kol-groups';
import type { SentimentFeedback } from './sentiment-feedback';
import type { EventBus } from './events/types';
import { TtlCache } from './ttl-cache';
import { checkLimits, viewTypeOf } from './view-types/index';
import type { Views } from './views';
import { CURSOR_ID, cursorPattern } from './cursor-id';

export const PAGE_SIZE = 20;
export const NEWER_MAX = 50;
const TREND = { bullish: 1, neutral: 0, bearish: -1 } as const;
const SENTIMENT = { 1: 'bullish', 0: 'neutral', [-1]: 'bearish' } as const;

/** Cursors are the (ct, id) of the last post shown, opaque to the client. */
export function encodeCursor(row: { ct: number; id: string }): string {
  return Buffer.from(`${row.ct}:${row.id}`).toString('base64url');
}
export function decodeCursor(cursor: string): { ct: number; id: string } {
  const m = cursorPattern('(\\d{1,12})', `(${CURSOR_ID})`).exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badRequest('cursor_invalid');
  return { ct: Number(m[1]), id: m[2]! };
}

function categoryList(ids: string[], lang: Language): Post['categoryList'] {
  const primaries = ids.filter((id) => !id.includes('/'));
  return primaries.map((id) => ({
    id,
    name: categoryName(id, lang) ?? id,
    subs: ids.filter((s) => s.startsWith(`${id}/`)).map((s) => ({ name: categoryName(s, lang) ?? s })),
  }));
}

/**
 * Where a post lives and which counts to show, by source. A source that knows the post's page
 * (Telegram, Bluesky, Farcaster) stored it; X posts (x-api, push) and RSS items (Nitter/RSSHub
 * mirror X, and their ids are the X status ids) open on x.com; demo posts are invented, so a link
 * would lead nowhere. RSS carries no counts.
 */
export function postOrigin(row: FeedRow): Pick<Post, 'url' | 'metrics'> {
  const onX = row.source !== 'demo' && /^\d{1,20}$/.test(row.id) && /^\w{1,50}$/.test(row.username);
  const url = row.source === 'demo' ? '' : row.url || (onX ? `https://x.com/${row.username}/status/${row.id}` : '');
  return {
    ...(url ? { url } : {}),
    ...(row.source === 'rss'
      ? {}
      : {
          metrics: knownCounts(row),
        }),
  };
}

/**
 * The counts the network reported; one it did not (unknown_counts) is left out rather than shown
 * as 0. X's repost count on a post includes quotes, so reposts are known when either is.
 */
function knownCounts(row: FeedRow): NonNullable<Post['metrics']> {
  const unknown = new Set(row.unknown_counts ?? []);
  const reposts = !unknown.has('repost') || !unknown.has('quote');
  return {
    ...(unknown.has('like') ? {} : { likeCount: Number(row.like_count) }),
    ...(reposts ? { repostCount: Number(row.retweet_count) + Number(row.quote_count) } : {}),
    ...(unknown.has('view') ? {} : { viewCount: Number(row.impression_count) }),
  };
}

/** A link card as the API sends it: no empty thumb. */
function cardOf(card: FeedRow['card']): Pick<Post, 'card'> {
  if (!card) return {};
  const { thumb, ...rest } = card;
  return { card: thumb ? { ...rest, thumb } : rest };
}

/**
 * `mine` is the signed-in user's own correction of the post (post/sentiment_feedback); it is laid
 * over the row here, after the shared page cache, so one user's label never reaches another's page.
 */
export function present(
  row: FeedRow,
  lang: Language,
  coinViews: Map<string, string>,
  mine?: SentimentLabel | undefined,
  copies?: Post['copies'],
): Post {
  return {
    id: row.id,
    text: row.text,
    ct: row.ct,
    user: {
      id: row.author_id,
      icon: row.icon,
      name: row.name || row.username,
      username: row.username,
      isBlueVerified: row.is_blue_verified,
      verifiedType: row.verified_type,
      network: row.network as Network,
    },
    network: row.network as Network,
    ...(row.vanished ? { vanished: true } : {}),
    categoryList: categoryList(row.categories, lang),
    coinViewList: row.coins.map((coin, i) => ({ coin, viewId: coinViews.get(coin) ?? '', ...stanceOf(row, i) })),
    medias: row.medias,
    ...(row.links?.length ? { links: row.links } : {}),
    ...cardOf(row.card),
    sentiment: SENTIMENT[row.sentiment as 1 | 0 | -1] ?? 'neutral',
    sentimentCues: row.sentiment_cues,
    ...(row.sentiment_model ? { sentimentModel: row.sentiment_model } : {}),
    ...(row.sentiment_confidence === null || row.sentiment_confidence === undefined
      ? {}
      : { sentimentConfidence: Math.round(Number(row.sentiment_confidence) * 1000) / 1000 }),
    // A post stored before calls (sentiment_call null) counts as its label did.
    ...(row.sentiment === 0 ? {} : { sentimentCall: (row.sentiment_call ?? row.sentiment) !== 0 }),
    ...(mine ? { mySentiment: mine } : {}),
    ...postOrigin(row),
    ...(copies ? { copies } : {}),
  };
}

/** The stance toward the post's i-th coin, when it differs from the post's label. */
function stanceOf(row: FeedRow, i: number): { stance?: NonNullable<Post['sentiment']> } {
  const s = row.coin_stances?.[i];
  return s === undefined || s === null || s === row.sentiment
    ? {}
    : { stance: SENTIMENT[s as 1 | 0 | -1] ?? 'neutral' };
}

/** How long a feed page may be served from memory: new posts show up at most this late. */
export const FEED_CACHE_MS = 2000;

/**
 * How many posts one page of a view with keywords looks at, at most (bench/worst-view.bench.ts).
 * A page that finds fewer matches ends there with `more` 1 and a cursor at the last post looked
 * at, so a view whose keywords match rarely costs many cheap pages instead of one long scan.
 */
export const KEYWORD_SCAN_POSTS = 5000;
/** How many scan windows one page request may look through while it has found nothing. */
export const EMPTY_PAGE_LOOKS = 4;

/** Where a report's window starts: its first bucket (opinion-window.ts), the related posts' bound. */
function periodStart(period: ReportPeriod, interval: Granularity | undefined, nowSeconds: number): number {
  return alignedWindow(period, interval ?? DEFAULT_REPORT_INTERVAL, nowSeconds).from;
}

export function feed(deps: {
  db: Db;
  views: Views;
  kolGroups: KolGroups;
  corrections: Pick<SentimentFeedback, 'labelsOf'>;
  cacheMs?: number;
  scanPosts?: number;
  events?: EventBus;
  clock?: Clock;
}) {
  const clock = deps.clock ?? systemClock;
  // Shared by every user asking the same question (starter feeds have the same rules for all).
  const pages = new TtlCache<string, FeedResult & FoldedPage>(deps.cacheMs ?? FEED_CACHE_MS, 2000);
  // A page is keyed by its whole question (the view's rules, the group's members), so view and
  // group edits ask a new one; only new posts make a cached page stale.
  deps.events?.subscribe((event) => {
    if (event.type === 'posts_stored') pages.clear();
  });
  deps.events?.onGap(() => pages.clear());
  const scan = deps.scanPosts ?? KEYWORD_SCAN_POSTS;
  // Rows stay whole (paging and `more` count them all); the fold says which to leave out.
  const query = (q: FeedQuery) =>
    pages.get(JSON.stringify(q), async () => {
      // Shared pages of stored posts: a replica's seconds of lag are as good as the cache's.
      const result = await feedRepo(deps.db.read).query(q);
      return { ...result, ...(await foldPage(deps.db.read, q, result.rows)) };
    });

  /**
   * Coin and event opinion views count only their KOL group's members (all authors when the
   * view has no group), so their related posts are limited the same way. A group no longer the
   * user's makes the view not found, as its report does.
   */
  async function membershipOf(userId: number, kolGroupId: string | undefined) {
    if (!kolGroupId) return undefined;
    const rule = await deps.kolGroups.ruleOf(userId, kolGroupId);
    const member: GroupMembership = { rule };
    if (!rule.useFans) member.onlyAuthors = rule.white;
    return member;
  }

  /** Posts as the user sees them: their own sentiment corrections laid over the shared rows. */
  async function presentAll(
    userId: number,
    page: FeedRow[],
    fold: FoldedPage,
    lang: Language,
    coinViews: Map<string, string>,
  ) {
    const rows = page.filter((r) => !fold.hidden.has(r.id));
    // Read per request, never cached: the rows are shared by every user asking the same.
    const mine = await deps.corrections.labelsOf(
      userId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => present(r, lang, coinViews, mine.get(r.id), fold.copies.get(r.id)));
  }

  /** A page of posts outside any view: no keywords, no group, so no scan bound and no new-items look. */
  async function plainPage(userId: number, q: Pick<FeedQuery, 'groups' | 'sentiment'>, nextCb: string, lang: Language) {
    const before = nextCb ? decodeCursor(nextCb) : undefined;
    const result = await query({ ...q, before, limit: PAGE_SIZE + 1 });
    const { rows } = result;
    const page = rows.slice(0, PAGE_SIZE);
    const more = rows.length > PAGE_SIZE;
    return {
      list: await presentAll(userId, page, result, lang, await deps.views.coinViewsOf(userId)),
      more: more ? (1 as const) : (0 as const),
      nextCb: more ? encodeCursor(page.at(-1)!) : '',
    };
  }

  return {
    async tweets(
      userId: number,
      req: {
        viewId: string;
        nextCb: string;
        tradingTrend: TradingTrend;
        newerThan?: string | undefined;
        period?: ReportPeriod | undefined;
        interval?: Granularity | undefined;
      },
      lang: Language,
    ) {
      const { view, coinViews } = await deps.views.viewWithCoinViews(userId, req.viewId);
      checkLimits(view);
      const repo = feedRepo(deps.db.read);
      const kind = viewTypeOf(view.view_type);
      const groups = kind.postGroups(view);
      const member = await membershipOf(userId, kind.kolGroupOf?.(view));
      const sentiment = req.tradingTrend ? TREND[req.tradingTrend] : undefined;
      // A report lists what it counts: no copies (a leader still says who else posted it).
      const leadersOnly = kind.countsOnce;
      const since = req.period ? periodStart(req.period, req.interval, epochSeconds(clock.now())) : undefined;
      const filter = { groups, member, sentiment, leadersOnly, ...(since === undefined ? {} : { since }), scan };
      let result: FeedResult & FoldedPage;
      let limit: number;
      if (req.newerThan) {
        const after = await repo.position(req.newerThan);
        limit = NEWER_MAX;
        result = after
          ? await query({ ...filter, after, limit: limit + 1 })
          : { rows: [], hidden: new Set(), copies: new Map() };
      } else {
        limit = PAGE_SIZE;
        let before = req.nextCb ? decodeCursor(req.nextCb) : undefined;
        result = await query({ ...filter, before, limit: limit + 1 });
        // A view whose keywords match rarely: an empty look goes on, a few windows more, within
        // this request, so the reader waits on fewer round trips to learn there is nothing.
        for (let look = 1; look < EMPTY_PAGE_LOOKS && result.rows.length === 0 && result.scannedTo; look++) {
          before = result.scannedTo;
          result = await query({ ...filter, before, limit: limit + 1 });
        }
      }
      const { rows, scannedTo } = result;
      const page = rows.slice(0, limit);
      const full = rows.length > limit;
      const list = await presentAll(userId, page, result, lang, coinViews);
      if (req.newerThan) {
        // A cut look found new posts but maybe not all: `more` makes the client reload the top.
        const more = full || (scannedTo !== undefined && page.length > 0);
        return { list, more: more ? 1 : 0, nextCb: '' } as const;
      }
      // A page cut by the scan goes on from the last post looked at, even when it found nothing.
      const next = full ? page.at(-1) : (scannedTo ?? page.at(-1));
      return {
        list,
        more: full || scannedTo !== undefined ? (1 as const) : (0 as const),
        nextCb: next ? encodeCursor(next) : '',
      };
    },

    /** One author's posts, newest first (kol/posts): a view feed's pages, cursor and post shape. */
    async authorPosts(userId: number, authorId: string, nextCb: string, lang: Language) {
      return plainPage(userId, { groups: [{ authorIds: [authorId] }] }, nextCb, lang);
    },

    /**
     * One coin's posts, newest first (coin/posts), as authorPosts; the trend is the stance on this
     * coin ("$BTC weak, $SOL ripping" is bearish here on the BTC page), as in a coin view's posts.
     */
    async coinPosts(userId: number, req: { coin: string; tradingTrend: TradingTrend; nextCb: string }, lang: Language) {
      const sentiment = req.tradingTrend ? TREND[req.tradingTrend] : undefined;
      return plainPage(userId, { groups: [{ coins: [req.coin] }], sentiment }, req.nextCb, lang);
    },
  };
}
export type Feed = ReturnType<typeof feed>;
