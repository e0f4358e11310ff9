/**
 * A candle, the unit of price data (issue 16 §1): price sources deliver them (markets/), the
 * database stores them (db/repos/candles.ts), track records read their closes. Here, below all
 * three. Times are unix seconds, prices US dollars.
 */
import type { CandleInterval } from '@kolscope/contract';

export const INTERVAL_SECONDS: Record<CandleInterval, number> = { '5m': 300, '1h': 3600 };

export interface Candle {
  /** Catalogue symbol, upper case, no '$'. */
  coin: string;
  interval: CandleInterval;
  /** Unix seconds, a multiple of the interval. */
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
