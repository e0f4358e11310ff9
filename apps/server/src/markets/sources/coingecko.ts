/**
 * CoinGecko as a price source: GET {base}/coins/{id}/market_chart/range?vs_currency=usd&from&to
 * (unix seconds), answering `{prices: [[ms, price]], market_caps, total_volumes}`.
 *
 * CoinGecko picks the granularity from the span asked: 5-minute points within a day of now,
 * hourly points for 1 to 90 days, daily beyond. So a call never spans more than 90 days for hourly
 * candles, or one day for 5-minute ones (older days come back hourly: those 5-minute candles are
 * one an hour, which the store and the charts take as they are). Points are grouped into interval
 * buckets: open the first price, close the last, high and low the extremes.
 *
 * Volume is 0: `total_volumes` is a rolling 24-hour sum at each point, and the difference of two
 * rolling sums is not what traded between them (it goes negative whenever yesterday's hour was
 * busier than this one). Nothing in kolscope reads candle volume yet.
 *
 * Pacing: a demo key allows about 30 calls a minute, keyless calls far fewer; the adapter waits
 * for a slot itself (pacer.ts), and a 429 anyway becomes PriceRateLimited. Points that are not
 * [ms, price] are counted and skipped; an answer without a `prices` list is counted and thrown, so
 * the worker retries it rather than storing a hole.
 */
import type { CandleInterval } from '@kolscope/contract';
import { coinGeckoId, marketSymbol } from '../../domain/coins/market-ids';
import { type Candle, type CandlePage, INTERVAL_SECONDS } from '../types';
import {
  type CountingPriceSource,
  getText,
  type HttpSourceOptions,
  httpError,
  parseJson,
  rateLimited,
  systemClock,
} from './http';
import { createPacer } from './pacer';

export interface CoinGeckoOptions extends HttpSourceOptions {
  /** https://api.coingecko.com/api/v3, or https://pro-api.coingecko.com/api/v3 with a paid key. */
  baseUrl: string;
  /** A demo key (sent as x-cg-demo-api-key), or a pro key when baseUrl is the pro host. */
  apiKey?: string;
  /** Default 30 with a key (the demo plan's figure), 10 without (keyless calls get 5 to 15). */
  callsPerMinute?: number;
}

const DAY = 86_400;
/** The longest span a call asks for each interval, so CoinGecko answers at that granularity or finer. */
const PAGE_SECONDS: Record<CandleInterval, number> = { '5m': DAY, '1h': 90 * DAY };
/** CoinGecko's 429s rarely carry Retry-After; its limit is per minute. */
const DEFAULT_RETRY_MS = 60_000;

export function createCoinGeckoSource(opts: CoinGeckoOptions): CountingPriceSource {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const clock = opts.clock ?? systemClock;
  const pacer = createPacer(opts.callsPerMinute ?? (opts.apiKey ? 30 : 10), clock);
  const keyHeader = new URL(baseUrl).hostname.startsWith('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key';
  const headers: Record<string, string> = opts.apiKey ? { [keyHeader]: opts.apiKey } : {};
  const counts = { requests: 0, malformed: 0 };

  return {
    name: 'coingecko',
    supports: (coin) => coinGeckoId(coin) !== undefined,
    stats: () => ({ ...counts }),

    async candles(coin, interval, from, to, signal): Promise<CandlePage> {
      const id = coinGeckoId(coin);
      if (!id) throw new Error(`CoinGecko: no CoinGecko id for coin ${coin}`);
      const step = INTERVAL_SECONDS[interval];
      const start = Math.ceil(from / step) * step;
      if (start >= to) return { candles: [], next: null };
      // Points up to the end of the last bucket that opens before `to`, and no further than a page.
      const end = Math.min(start + PAGE_SECONDS[interval], Math.ceil(to / step) * step);
      const query = new URLSearchParams({ vs_currency: 'usd', from: String(start), to: String(end) });
      const url = `${baseUrl}/coins/${encodeURIComponent(id)}/market_chart/range?${query}`;

      await pacer.take(signal);
      counts.requests++;
      const answer = await getText(doFetch, 'CoinGecko', url, headers, signal, opts.timeoutMs);
      const what = `${id} ${interval} ${start}-${end}`;
      if (answer.status === 429) throw rateLimited(answer, clock.now(), DEFAULT_RETRY_MS);
      if (answer.status !== 200) throw httpError('CoinGecko', what, answer, opts.apiKey);
      const body = parseJson(answer.text) as { prices?: unknown } | undefined;
      if (!body || typeof body !== 'object' || !Array.isArray(body.prices)) {
        counts.malformed++;
        throw new Error(`CoinGecko answered ${what} without a prices list`);
      }
      const points: [number, number][] = [];
      for (const point of body.prices) {
        if (isPoint(point)) points.push(point);
        else counts.malformed++;
      }
      const candles = pointsToCandles(marketSymbol(coin), interval, points, start, end).filter((c) => c.openTime < to);
      return { candles, next: end < to ? end : null };
    },
  };
}

function isPoint(point: unknown): point is [number, number] {
  return (
    Array.isArray(point) &&
    point.length >= 2 &&
    Number.isFinite(point[0]) &&
    Number.isFinite(point[1]) &&
    (point[1] as number) > 0
  );
}

/**
 * Groups [ms, price] points whose time is in [from, to) seconds into candles of `interval`,
 * oldest first; buckets without a point are left out. Points need not come sorted.
 */
export function pointsToCandles(
  coin: string,
  interval: CandleInterval,
  points: readonly (readonly [number, number])[],
  from: number,
  to: number,
): Candle[] {
  const step = INTERVAL_SECONDS[interval];
  const inRange = points.filter(([ms]) => ms >= from * 1000 && ms < to * 1000).sort((a, b) => a[0] - b[0]);
  const byOpen = new Map<number, Candle>();
  for (const [ms, price] of inRange) {
    const openTime = Math.floor(ms / 1000 / step) * step;
    const candle = byOpen.get(openTime);
    if (!candle) {
      byOpen.set(openTime, { coin, interval, openTime, open: price, high: price, low: price, close: price, volume: 0 });
      continue;
    }
    candle.high = Math.max(candle.high, price);
    candle.low = Math.min(candle.low, price);
    candle.close = price;
  }
  return [...byOpen.values()];
}
