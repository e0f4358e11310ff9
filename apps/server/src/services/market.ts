/**
 * Markets (issue 16 §1-2): a coin's prices on an opinion report's buckets, so the price line
 * shares the chart's x axis. Candles come from the price worker (markets/worker.ts).
 */
import type { Granularity, PricePoint, PriceSourceName, ReportPeriod } from '@kolscope/contract';
import type { Queryable } from '../db/db';
import { candlesRepo } from '../db/repos/candles';
import { type Clock, epochSeconds } from '../domain/clock';
import { reportWindow } from './opinion-window';
import { checkCoin } from './view-types/coin-opinion';

export function market(deps: { db: Queryable; clock: Clock }) {
  return {
    /** A coin's last price and 24 h change (as ranking rows carry them); nothing when no price is known. */
    async lastPrice(coin: string): Promise<{ price?: number; change24h?: number }> {
      return (await candlesRepo(deps.db).lastPrices([coin])).get(coin) ?? {};
    },

    async coinPrices(req: {
      coin: string;
      period: ReportPeriod;
      interval: Granularity;
    }): Promise<{ list: PricePoint[]; source: PriceSourceName }> {
      const coin = checkCoin(req.coin);
      // The reports' own check of the period/interval pair, and their bucket boundaries.
      const window = reportWindow(req.period, req.interval, epochSeconds(deps.clock.now()));
      const candles = candlesRepo(deps.db);
      const interval = await candles.intervalFor(coin, window.from);
      const list = await candles.bucketCloses(coin, interval, window);
      if (list.length === 0) return { list, source: 'none' };
      return { list, source: (await candles.sourceOf(coin, interval)) ?? 'none' };
    },
  };
}
