/** The demo price source: deterministic candles that move with the demo storyline. */
import { describe, expect, it } from 'vitest';
import { createDemoPriceSource } from '../../src/markets/sources/demo';
import { type Candle, PriceRateLimited } from '../../src/markets/types';
import { DEMO_COINS } from '../../src/pipeline/sources/demo/coins';
import { DAY_MS, Story } from '../../src/pipeline/sources/demo/story';

const SEED = 1;
const START_MS = Date.UTC(2026, 0, 1);
const START = START_MS / 1000;
const DAY = 86_400;
const signal = new AbortController().signal;
const source = (seed = SEED, startMs: number | null = START_MS) =>
  createDemoPriceSource({ seed, storyStartMs: async () => startMs });

/** Every candle of [from, to), following `next`. Bounded by the span's size. */
async function all(coin: string, interval: '5m' | '1h', from: number, to: number, s = source()) {
  const out: Candle[] = [];
  let at: number | null = from;
  for (let i = 0; at !== null && i < 100; i++) {
    const page = await s.candles(coin, interval, at, to, signal);
    out.push(...page.candles);
    at = page.next;
  }
  return out;
}
const closeAt = async (coin: string, day: number) =>
  (await all(coin, '1h', START + day * DAY, START + day * DAY + 3600))[0]!.close;

describe('demo price source', () => {
  it('answers the same candles for the same seed and story start, and others for another seed', async () => {
    const a = await all('SOL', '1h', START, START + 3 * DAY);
    const b = await all('SOL', '1h', START, START + 3 * DAY);
    expect(a).toHaveLength(72);
    expect(b).toEqual(a);
    const other = await all('SOL', '1h', START, START + 3 * DAY, source(2));
    expect(other[0]!.close).not.toBe(a[0]!.close);
  });

  it('pages a long span and aligns open times to the interval', async () => {
    const s = createDemoPriceSource({ seed: SEED, storyStartMs: async () => START_MS, pageSize: 100 });
    const first = await s.candles('BTC', '5m', START + 17, START + DAY, signal);
    expect(first.candles).toHaveLength(100);
    expect(first.candles[0]!.openTime).toBe(START + 300);
    expect(first.next).toBe(START + 300 + 100 * 300);
    const whole = await all('BTC', '5m', START + 17, START + DAY, s);
    expect(whole).toHaveLength(287);
    expect(new Set(whole.map((c) => c.openTime)).size).toBe(287);
  });

  it('builds sane candles: low <= open, close <= high; a 1h candle closes on its last 5m close', async () => {
    const hours = await all('ETH', '1h', START, START + DAY);
    const fives = await all('ETH', '5m', START, START + DAY);
    for (const c of [...hours, ...fives]) {
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.volume).toBeGreaterThan(0);
    }
    expect(hours[0]!.close).toBe(fives[11]!.close);
    expect(hours[0]!.open).toBe(fives[0]!.open);
  });

  it('follows the storyline: the hacked coin falls after the hack, the ETF coin rises', async () => {
    const cast = new Story(SEED, START_MS).cast(0);
    const hacked = DEMO_COINS[cast.hack]!.symbol;
    const etf = DEMO_COINS[cast.etf]!.symbol;
    // The hack news lands on day 18.4: the next day trades well below the day before.
    expect(await closeAt(hacked, 19.5)).toBeLessThan((await closeAt(hacked, 18)) * 0.75);
    // The rumour starts on day 4 and the approval comes on day 10.6.
    expect(await closeAt(etf, 11)).toBeGreaterThan((await closeAt(etf, 3.5)) * 1.15);
    // And it is the path the posts were written against (Story.priceAt), up to the small noise.
    const story = new Story(SEED, START_MS);
    const c = (await all(etf, '1h', START + 11 * DAY, START + 11 * DAY + 3600))[0]!;
    expect(c.open / story.priceAt(cast.etf, (START + 11 * DAY) * 1000)).toBeCloseTo(1, 2);
    expect(DAY_MS).toBe(DAY * 1000);
  });

  it('prices every catalogue coin, outside the demo cast too, and refuses unknown ones', async () => {
    const s = source();
    expect(s.supports('ATOM')).toBe(true);
    expect(s.supports('NOPECOINX')).toBe(false);
    const a = await all('ATOM', '1h', START, START + DAY);
    expect(a).toHaveLength(24);
    expect(a.every((c) => c.close > 0 && Number.isFinite(c.close))).toBe(true);
    expect(await all('ATOM', '1h', START, START + DAY)).toEqual(a);
  });

  it('asks to wait until the demo posts have fixed their timeline', async () => {
    await expect(source(SEED, null).candles('BTC', '1h', START, START + DAY, signal)).rejects.toBeInstanceOf(
      PriceRateLimited,
    );
  });
});
