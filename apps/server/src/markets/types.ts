/**
 * The shapes the price side agrees on (issue 16 §1). A price source turns what its API delivers
 * into candles; the price worker stores them (db/repos/candles.ts) and tells listeners (the track
 * records) which span of which coin changed. Times are unix seconds, prices US dollars.
 */
import type { CandleInterval, PriceSourceName } from '@kolscope/contract';
import type { Candle } from '../domain/candles';

/**
 * The market's top-10 basket: what a call on BTC is measured against (a call on any other coin is
 * measured against BTC), and coins the price worker always keeps.
 */
export const MARKET_BASKET = ['BTC', 'ETH', 'XRP', 'BNB', 'SOL', 'DOGE', 'ADA', 'TRX', 'AVAX', 'LINK'] as const;

// The database stores candles too: they are defined below it (domain/candles.ts), re-exported here.
export { type Candle, INTERVAL_SECONDS } from '../domain/candles';

/** One answer of a source: candles oldest first, and where the asked span continues. */
export interface CandlePage {
  candles: Candle[];
  /** The open time to ask from next, or null when the asked span is complete. */
  next: number | null;
}

/** A source refused for now (HTTP 429, or a weight limit): try again after `retryAfterMs`. */
export class PriceRateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`rate limited, retry after ${retryAfterMs} ms`);
  }
}

export interface PriceSource {
  readonly name: Exclude<PriceSourceName, 'none'>;
  /**
   * The calls a minute the API allows (CoinGecko's demo plan about 30): the worker spaces its
   * calls to it. Absent: no pacing (the demo source computes its candles).
   */
  readonly callsPerMinute?: number;
  /** Whether the source can price the coin (a CoinGecko id or an exchange symbol is known). */
  supports(coin: string): boolean;
  /**
   * Candles of one coin whose open time is in [from, to), oldest first. May answer a part of the
   * span (a page); the caller asks again from `next`. Throws PriceRateLimited when told to wait.
   */
  candles(coin: string, interval: CandleInterval, from: number, to: number, signal: AbortSignal): Promise<CandlePage>;
}

/** Told after candles are stored, so what depends on them (track records) updates only that span. */
export type CandlesStoredListener = (stored: {
  coin: string;
  interval: CandleInterval;
  /** Open times of the first and last candle written. */
  from: number;
  to: number;
}) => Promise<void>;
