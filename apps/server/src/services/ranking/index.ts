/**
 * view/ranking_list: the hot-coin ranking of a ranking_list view (its own settings) or of the
 * hot_coins starter (the defaults). The window ends at the start of the current minute and
 * covers statRangeSeconds; values come from the hourly rollups (db/repos/ranking.ts), the order
 * from order.ts, whistleblowers and crowns are read for the page's coins only.
 */
import { candlesRepo } from '../../db/repos/candles';
import { type CoinMentions, RANK_PAGE_SIZE, type RankItem, type SortingIndicator } from '@kolscope/contract';
import type { Db } from '../../db/db';
import { type CoinAuthors, type RankPerson, rankingRepo, type Window } from '../../db/repos/ranking';
import { coinBySymbol, GENERIC_ICON } from '../../domain/coins/catalogue';
import { type Clock, epochSeconds } from '../../domain/clock';
import { notFound } from '../errors';
import { TtlCache } from '../ttl-cache';
import type { Views } from '../views';
import type { AuthorWindows } from './author-windows';
import { decodeRankCursor, encodeRankCursor } from './cursor';
import { type RankedCoin, rankCoins } from './order';
import { indicatorValues, needsAuthors } from './score';
import { viewTypeOf } from '../view-types/index';
import type { RankParams } from './settings';

/** Avatars per strip (whistleblowers, crowns). */
export const RANK_PEOPLE = 5;
/**
 * Identical questions (same settings, same minute) are answered from memory for a minute: every
 * user's Hot Coins tab asks the same one. Only an addition: the uncached query is what
 * bench/ranking.bench.ts measures against the target.
 */
export const RANK_CACHE_MS = 60_000;

export interface RankingPage {
  list: RankItem[];
  statRangeSeconds: number;
  updateTime: number;
  sortingIndicatorType: SortingIndicator;
  fastestRising: boolean;
  newCoinEntry: boolean;
  more: 0 | 1;
  nextCb: string;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

export function ranking(deps: { db: Db; clock: Clock; views: Views; authorWindows: AuthorWindows; cacheMs?: number }) {
  const ttl = deps.cacheMs ?? RANK_CACHE_MS;
  const now = () => deps.clock.now().getTime();
  const ranked = new TtlCache<string, RankedCoin[]>(ttl, 500, now);
  const people = new TtlCache<string, { found: RankPerson[]; counts: Map<string, number> }>(ttl, 2000, now);
  // Rollups of stored posts only (the author windows are written by their own timer): the replica.
  const repo = () => rankingRepo(deps.db.read);

  const isCatalogued = (coin: string) => coinBySymbol(coin) !== undefined;
  const kolsOf = (list: CoinAuthors[] | undefined) => new Map((list ?? []).map((a) => [a.coin, a.kols]));

  /**
   * The indicator's values of both windows, and the distinct KOLs that the minimum volume of
   * order.ts reads. A view that compares windows, or ranks by authors, counts distinct authors
   * and writes its windows down (they are what the previous window is read back from).
   */
  async function compute(p: RankParams, w: Window): Promise<RankedCoin[]> {
    const before = p.newCoinEntry || p.fastestRising;
    const byAuthors = needsAuthors(p.sortingIndicatorType);
    if (!before && !byAuthors) return summed(p, w);
    const prevW = { start: w.start - p.statRangeSeconds, end: w.start };
    // On PostgreSQL the reads run at once, on separate connections.
    const [authorsNow, authorsBefore, sumsNow, sumsBefore] = await Promise.all([
      deps.authorWindows.current(p.statRangeSeconds, w),
      before ? deps.authorWindows.previous(p.statRangeSeconds, prevW) : undefined,
      byAuthors ? undefined : repo().sums(w),
      before && !byAuthors ? repo().sums(prevW) : undefined,
    ]);
    const current = indicatorValues(p, byAuthors ? { authors: authorsNow } : { sums: sumsNow });
    const previous = before
      ? indicatorValues(p, byAuthors ? { authors: authorsBefore } : { sums: sumsBefore })
      : undefined;
    return rankCoins(p, current, previous, {
      kolsNow: kolsOf(authorsNow),
      kolsBefore: before ? kolsOf(authorsBefore) : undefined,
      isCatalogued,
    });
  }

  /**
   * A summed indicator without comparisons (Hot Coins): distinct authors matter only for unknown
   * tickers, so they are counted only when one is hot enough to make the list.
   */
  async function summed(p: RankParams, w: Window): Promise<RankedCoin[]> {
    const current = indicatorValues(p, { sums: await repo().sums(w) });
    const known = rankCoins(p, current, undefined, { kolsNow: new Map(), isCatalogued });
    const floor = known.length < p.topNum ? Number.NEGATIVE_INFINITY : known.at(-1)!.value;
    const contender = [...current].some(([coin, value]) => value >= floor && !isCatalogued(coin));
    if (!contender) return known;
    const kolsNow = kolsOf(await repo().authors(w, epochSeconds(deps.clock.now())));
    return rankCoins(p, current, undefined, { kolsNow, isCatalogued });
  }

  function strips(found: RankPerson[], coin: string) {
    const of = (kind: RankPerson['kind']) =>
      found
        .filter((x) => x.coin === coin && x.kind === kind)
        // Whistleblowers: earliest first; crowns: most followed first.
        .sort((a, b) => (kind === 'crown' ? b.sortKey - a.sortKey : a.sortKey - b.sortKey))
        .map((x) => ({ id: x.authorId, icon: x.icon, username: x.username }));
    return { usersWhistleblower: of('whistleblower'), usersCrown: of('crown') };
  }

  return {
    /**
     * A coin's mentions (the coin page): its posts over `rangeSeconds` up to the start of the
     * current minute, where a ranking's window ends, and over as long before that.
     */
    async mentions(coin: string, rangeSeconds: number): Promise<CoinMentions> {
      const now = epochSeconds(deps.clock.now());
      const end = now - (now % 60);
      const [count, previous] = await Promise.all([
        repo().coinPosts(coin, { start: end - rangeSeconds, end }),
        repo().coinPosts(coin, { start: end - 2 * rangeSeconds, end: end - rangeSeconds }),
      ]);
      return { rangeSeconds, count, previous, change: previous > 0 ? round(count / previous - 1, 4) : null };
    },

    async list(userId: number, req: { viewId: string; nextCb: string }): Promise<RankingPage> {
      const view = await deps.views.ownView(userId, req.viewId);
      // Another type answers like another user's view: the same "not found" as every view call.
      const params = viewTypeOf(view.view_type).rankParams;
      if (!params) throw notFound();
      const p = params(view);
      const nowSeconds = epochSeconds(deps.clock.now());
      const { end, offset } = req.nextCb
        ? decodeRankCursor(req.nextCb, nowSeconds)
        : { end: nowSeconds - (nowSeconds % 60), offset: 0 };
      const w = { start: end - p.statRangeSeconds, end };

      const all = await ranked.get(JSON.stringify([p, end]), () => compute(p, w));
      const page = all.slice(offset, offset + RANK_PAGE_SIZE);
      const coins = page.map((c) => c.coin);
      const { found, counts } = await people.get(JSON.stringify([w, coins]), async () => ({
        found: await repo().people(coins, w, RANK_PEOPLE),
        counts: await repo().kolCounts(coins, w),
      }));
      // The last price and 24 h change of the page's coins, one query (not cached: prices move).
      const prices = await candlesRepo(deps.db.read).lastPrices(coins);
      const more = offset + RANK_PAGE_SIZE < all.length;
      return {
        list: page.map((c, i) => ({
          rank: offset + i + 1,
          coin: c.coin,
          icon: coinBySymbol(c.coin)?.icon ?? GENERIC_ICON,
          hot: round(c.value, 2),
          ...strips(found, c.coin),
          kolCount: counts.get(c.coin) ?? 0,
          ...(c.isNew !== undefined ? { isNew: c.isNew } : {}),
          ...(c.growth !== undefined ? { growth: round(c.growth, 4) } : {}),
          ...prices.get(c.coin),
        })),
        statRangeSeconds: p.statRangeSeconds,
        updateTime: end,
        sortingIndicatorType: p.sortingIndicatorType,
        fastestRising: p.fastestRising,
        newCoinEntry: p.newCoinEntry,
        more: more ? 1 : 0,
        nextCb: more ? encodeRankCursor({ end, offset: offset + RANK_PAGE_SIZE }) : '',
      };
    },
  };
}
export type Ranking = ReturnType<typeof ranking>;
