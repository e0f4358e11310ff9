/**
 * Markets (issue 16 §1-2): coin prices beside opinion. Candles are stored per (coin, interval,
 * open time) from a price source (CoinGecko, Binance, or the demo's price path); these calls read
 * them on the report's buckets. Times are unix seconds, prices in US dollars.
 */
import { z } from 'zod';
import { GRANULARITIES, REPORT_PERIODS } from './constants';

/** The candle intervals stored: 5-minute for recent days, hourly for the whole history. */
export const CANDLE_INTERVALS = ['5m', '1h'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** Where prices come from; `none` when no price is known for the coin (the chart hides its line). */
export const PRICE_SOURCES = ['demo', 'coingecko', 'binance', 'none'] as const;
export type PriceSourceName = (typeof PRICE_SOURCES)[number];

/** One price per report bucket: the last close inside the bucket (buckets with no candle are left out). */
export const pricePoint = z.object({ ct: z.number().int(), price: z.number() });
export type PricePoint = z.infer<typeof pricePoint>;

/**
 * Price fields on ranking rows and coin opinion subs. `change24h` is a fraction (0.034 = +3.4 %)
 * of the last close against the close 24 hours before it; both are absent when no price is known.
 */
export const priceFields = {
  price: z.number().optional(),
  change24h: z.number().optional(),
};

export const marketCalls = {
  /**
   * A coin's prices over a report period on the report's buckets (same `period` and `interval`
   * rules as view/v2/coin_opinion_detail, so the price line shares the chart's x axis).
   */
  coinPrices: {
    path: 'market/coin_prices',
    request: z.object({
      coin: z.string({ error: 'coin_required' }).trim().min(1, { error: 'coin_required' }).max(20),
      period: z.enum(REPORT_PERIODS),
      interval: z.enum(GRANULARITIES),
    }),
    response: z.object({ list: z.array(pricePoint), source: z.enum(PRICE_SOURCES) }),
  },
};
