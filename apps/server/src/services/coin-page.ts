/**
 * The coin page (coin/overview, coin/posts; issue 29): one coin from every service that knows
 * something of it, none of their figures computed again here. The price and its line are the
 * market's (market/coin_prices), the split per KOL group the opinion reports' (as a coin opinion
 * view of that group shows it), the mentions the ranking's sums, the posts the feed's. Only data
 * every user may see, plus the caller's own groups and views.
 */
import {
  type CoinOverview,
  type Granularity,
  type Language,
  PERIOD_SECONDS,
  type ReportPeriod,
  type TradingTrend,
} from '@kolscope/contract';
import { coinBySymbol, GENERIC_ICON } from '../domain/coins/catalogue';
import type { Feed } from './feed';
import type { market as marketService } from './market';
import type { Opinion } from './opinion';
import type { Ranking } from './ranking/index';
import { checkCoin } from './view-types/coin-opinion';
import type { Views } from './views';

export function coinPage(deps: {
  opinion: Opinion;
  market: ReturnType<typeof marketService>;
  ranking: Ranking;
  feed: Feed;
  views: Views;
}) {
  return {
    async overview(
      userId: number,
      req: { coin: string; period: ReportPeriod; interval: Granularity },
      lang: Language,
    ): Promise<CoinOverview> {
      // A catalogue coin only (400 coin_unknown), as coin opinion views and prices take.
      const coin = checkCoin(req.coin);
      const entry = coinBySymbol(coin);
      // The pair is checked first (400 interval_not_allowed), before any read.
      const groups = await deps.opinion.coinSplits(userId, coin, req, lang);
      const [prices, last, mentions, tracked] = await Promise.all([
        deps.market.coinPrices({ coin, period: req.period, interval: req.interval }),
        deps.market.lastPrice(coin),
        deps.ranking.mentions(coin, PERIOD_SECONDS[req.period]),
        deps.views.coinViewsOf(userId),
      ]);
      return {
        coin,
        name: entry?.name ?? coin,
        icon: entry?.icon ?? GENERIC_ICON,
        ...last,
        prices,
        mentions,
        groups,
        trackedViewId: tracked.get(coin) ?? '',
      };
    },

    async posts(userId: number, req: { coin: string; tradingTrend: TradingTrend; nextCb: string }, lang: Language) {
      return deps.feed.coinPosts(userId, { ...req, coin: checkCoin(req.coin) }, lang);
    },
  };
}
export type CoinPage = ReturnType<typeof coinPage>;
