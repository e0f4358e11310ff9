/**
 * Binance spot market data as a price source: GET {base}/api/v3/klines?symbol=BTCUSDT
 * &interval=5m|1h&startTime&endTime&limit=1000 (ms), rows `[openTime, "o", "h", "l", "c", "vol",
 * closeTime, ...]` with prices as strings. No key: market data is public.
 *
 * Paging: one call answers up to 1000 rows from startTime (about 3.5 days of 5-minute candles, 41
 * days of hourly ones); a full page continues after its last row, a shorter one ends the span.
 *
 * Weight: the spot API allows 6000 request weight a minute per IP (raised from 1200 in 2023; the
 * limit is an option for a proxy that counts less), a klines call at limit 1000 costs 2, and every
 * answer carries the minute's total in X-MBX-USED-WEIGHT-1m. Once that total passes 90 % of the
 * limit the adapter stops sending until the minute turns, answering PriceRateLimited at once, so a
 * shared IP (another tool on the same host) never drives it into the 429s that Binance escalates
 * to 418 bans. 429 and 418 become PriceRateLimited with their Retry-After. 451 means Binance
 * refuses the server's region: no retry helps, the error says to use CoinGecko.
 */
import type { CandleInterval } from '@kolscope/contract';
import { exchangeSymbol, marketSymbol } from '../../domain/coins/market-ids';
import { type Candle, type CandlePage, INTERVAL_SECONDS, PriceRateLimited } from '../types';
import {
  type CountingPriceSource,
  getText,
  type HttpSourceOptions,
  httpError,
  PriceHttpError,
  parseJson,
  rateLimited,
  systemClock,
} from './http';

export interface BinanceOptions extends HttpSourceOptions {
  /** https://api.binance.com (or a mirror such as https://data-api.binance.vision). */
  baseUrl: string;
  /** Request weight allowed a minute; default 6000. */
  weightLimit?: number;
}

const LIMIT = 1000;
const MINUTE_MS = 60_000;
/** The share of the minute's weight after which the adapter waits for the next minute. */
const SLOW_DOWN_AT = 0.9;
const DEFAULT_RETRY_MS = 60_000;

export function createBinanceSource(opts: BinanceOptions): CountingPriceSource {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const clock = opts.clock ?? systemClock;
  const weightLimit = opts.weightLimit ?? 6000;
  const counts = { requests: 0, malformed: 0 };
  /** The last X-MBX-USED-WEIGHT-1m read, and the minute (ms since epoch / 60000) it counts. */
  const weight = { used: 0, minute: -1 };

  return {
    name: 'binance',
    supports: (coin) => exchangeSymbol(coin) !== undefined,
    stats: () => ({ ...counts }),

    async candles(coin, interval, from, to, signal): Promise<CandlePage> {
      const symbol = exchangeSymbol(coin);
      if (!symbol) throw new Error(`Binance: no exchange symbol for coin ${coin}`);
      const step = INTERVAL_SECONDS[interval];
      const start = Math.ceil(from / step) * step;
      if (start >= to) return { candles: [], next: null };

      const now = clock.now();
      if (Math.floor(now / MINUTE_MS) === weight.minute && weight.used >= weightLimit * SLOW_DOWN_AT) {
        // Until the minute turns, with a second to spare for the difference between our clocks.
        throw new PriceRateLimited((weight.minute + 1) * MINUTE_MS - now + 1000);
      }

      const query = new URLSearchParams({
        symbol,
        interval,
        startTime: String(start * 1000),
        // endTime is inclusive of open times: the last millisecond before `to`.
        endTime: String(to * 1000 - 1),
        limit: String(LIMIT),
      });
      counts.requests++;
      const answer = await getText(doFetch, 'Binance', `${baseUrl}/api/v3/klines?${query}`, {}, signal, opts.timeoutMs);
      const used = Number(answer.headers.get('x-mbx-used-weight-1m'));
      if (answer.headers.has('x-mbx-used-weight-1m') && Number.isFinite(used)) {
        weight.used = used;
        weight.minute = Math.floor(clock.now() / MINUTE_MS);
      }
      const what = `${symbol} ${interval}`;
      if (answer.status === 429 || answer.status === 418) throw rateLimited(answer, clock.now(), DEFAULT_RETRY_MS);
      if (answer.status === 451)
        throw new PriceHttpError(
          `Binance refuses requests from this server's region (HTTP 451) for ${what}: set PRICE_SOURCE=coingecko, or BINANCE_BASE_URL to a mirror this region may use`,
          451,
        );
      if (answer.status !== 200) throw httpError('Binance', what, answer);

      const rows = parseJson(answer.text);
      if (!Array.isArray(rows)) {
        counts.malformed++;
        throw new Error(`Binance answered ${what} with something other than a list of klines`);
      }
      const candles: Candle[] = [];
      for (const row of rows) {
        const candle = toCandle(marketSymbol(coin), interval, row);
        // Rows outside the span asked, or out of order, are as wrong as unreadable ones.
        const last = candles.at(-1);
        if (candle && candle.openTime >= start && candle.openTime < to && (!last || candle.openTime > last.openTime))
          candles.push(candle);
        else counts.malformed++;
      }
      if (rows.length < LIMIT) return { candles, next: null };
      const last = candles.at(-1);
      if (!last) throw new Error(`Binance answered a full page of ${what} with no readable row`);
      const next = last.openTime + step;
      return { candles, next: next < to ? next : null };
    },
  };
}

/** A kline row as a candle, or undefined when any field is not what Binance documents. */
function toCandle(coin: string, interval: CandleInterval, row: unknown): Candle | undefined {
  if (!Array.isArray(row) || row.length < 7) return undefined;
  const [openMs, ...fields] = row as unknown[];
  const [open, high, low, close, volume] = fields
    .slice(0, 5)
    .map((f) => (typeof f === 'string' ? Number(f) : Number.NaN));
  const step = INTERVAL_SECONDS[interval];
  if (typeof openMs !== 'number' || !Number.isInteger(openMs) || openMs % (step * 1000) !== 0) return undefined;
  const prices = [open, high, low, close] as number[];
  if (!prices.every((p) => Number.isFinite(p) && p > 0) || !Number.isFinite(volume) || (volume as number) < 0)
    return undefined;
  return {
    coin,
    interval,
    openTime: openMs / 1000,
    open: open as number,
    high: high as number,
    low: low as number,
    close: close as number,
    volume: volume as number,
  };
}
