import type { CandleInterval } from '@kolscope/contract';
import type { Candle } from '../../src/markets/types';

/** A flat candle (open = high = low = close): the tests read closes only. */
export const flatCandle = (coin: string, interval: CandleInterval, openTime: number, close: number): Candle => ({
  coin,
  interval,
  openTime,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});
