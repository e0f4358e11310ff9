/**
 * The demo price source (issue 16 §1), the embedded default: candles for every catalogue coin,
 * computed, not fetched. The demo's own coins follow the storyline's price path
 * (Story.priceAt: the hack drop, the ETF rise, the meme mania), so what KOLs said and what the
 * price did line up and the track records mean something; every other catalogue coin walks
 * smoothly around a base price hashed from its symbol.
 *
 * A price is a pure function of (seed, story start, coin, time), sampled inside each candle for
 * its open, high, low and close, with a little noise that also depends on the time only: any
 * candle can be rebuilt identically after a restart, and a 5m candle and the 1h candle holding it
 * close on the same price.
 */
import type { CandleInterval } from '@kolscope/contract';
import { coinBySymbol } from '../../domain/coins/catalogue';
import { COIN_INDEX } from '../../pipeline/sources/demo/coins';
import { hash32, hashString } from '../../pipeline/sources/demo/prng';
import { Story } from '../../pipeline/sources/demo/story';
import { type Candle, type CandlePage, INTERVAL_SECONDS, PriceRateLimited, type PriceSource } from '../types';

export interface DemoPriceSourceOptions {
  seed: number;
  /**
   * The Story start of the demo posts (demoStoryStartMs of the demo post source's cursor), null
   * while the post source has not stored its first batch.
   */
  storyStartMs: () => Promise<number | null>;
  /** Candles per answer (default 1000, like Binance's limit). */
  pageSize?: number;
}

/** Until the demo posts have fixed their timeline, ask again this much later. */
const STORY_UNKNOWN_WAIT_MS = 5000;
/** Samples per candle: every minute of a 5m candle, every 5 minutes of a 1h one. */
const SAMPLES: Record<CandleInterval, number> = { '5m': 5, '1h': 12 };
/** Log-price noise amplitude of one sample (±0.15 %). */
const NOISE = 0.003;
const DAY_S = 86_400;

/** A coin outside the demo's cast: base price 10^[-4, 4) and a slow walk of three sines. */
function walkingPrice(seed: number, symbol: string) {
  const h = hashString(symbol);
  const base = 10 ** ((hash32(seed, h, 1) / 2 ** 32) * 8 - 4);
  const phases = [2, 3, 4].map((k) => (hash32(seed, h, k) / 2 ** 32) * 2 * Math.PI);
  const periods = [19, 7, 2.3].map((d) => d * DAY_S);
  const amps = [0.15, 0.08, 0.04];
  return (t: number) => {
    let w = 0;
    for (let k = 0; k < 3; k++) w += amps[k]! * Math.sin((2 * Math.PI * t) / periods[k]! + phases[k]!);
    return base * Math.exp(w);
  };
}

export function createDemoPriceSource(opts: DemoPriceSourceOptions): PriceSource {
  const pageSize = opts.pageSize ?? 1000;
  let story: Story | undefined;

  /** The price path of a coin, t in unix seconds, with the per-time noise. */
  const pathOf = (coin: string, s: Story) => {
    const demo = COIN_INDEX.get(coin);
    const smooth = demo === undefined ? walkingPrice(opts.seed, coin) : (t: number) => s.priceAt(demo, t * 1000);
    const key = hashString(coin);
    return (t: number) => smooth(t) * Math.exp(NOISE * (hash32(opts.seed ^ key, t, 0x9e1) / 2 ** 32 - 0.5));
  };

  return {
    name: 'demo',
    supports: (coin) => coinBySymbol(coin) !== undefined,
    async candles(coin, interval, from, to, signal): Promise<CandlePage> {
      signal.throwIfAborted();
      const startMs = await opts.storyStartMs();
      if (startMs === null) throw new PriceRateLimited(STORY_UNKNOWN_WAIT_MS);
      if (story?.startMs !== startMs) story = new Story(opts.seed, startMs);
      const price = pathOf(coin, story);
      const step = INTERVAL_SECONDS[interval];
      const n = SAMPLES[interval];
      const candles: Candle[] = [];
      let t = Math.ceil(from / step) * step;
      for (; t < to && candles.length < pageSize; t += step) {
        const open = price(t);
        const close = price(t + step);
        let high = Math.max(open, close);
        let low = Math.min(open, close);
        for (let k = 1; k < n; k++) {
          const p = price(t + (k * step) / n);
          high = Math.max(high, p);
          low = Math.min(low, p);
        }
        // Volume in coins: about $1M an hour at any price level, varying by the hour.
        const volume = ((1e6 * step) / 3600 / close) * (0.5 + hash32(opts.seed, hashString(coin), t) / 2 ** 32);
        candles.push({ coin, interval, openTime: t, open, high, low, close, volume });
      }
      return { candles, next: t < to ? t : null };
    },
  };
}
