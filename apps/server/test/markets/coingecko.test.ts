/** The CoinGecko price source against a local server speaking market_chart/range. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCoinGeckoSource, pointsToCandles } from '../../src/markets/sources/coingecko';
import { PriceHttpError } from '../../src/markets/sources/http';
import { type Candle, PriceRateLimited, type PriceSource } from '../../src/markets/types';
import { type FakePrices, fakeClock, startFakePrices } from './fake-prices';

const HOUR = 3600;
const DAY = 86_400;
/** 2025-01-01T00:00:00Z. */
const T0 = 1_735_689_600;
const signal = new AbortController().signal;

/** Asks pages until the span is complete; bounded, so a source that never finishes fails the test. */
async function readAll(source: PriceSource, coin: string, interval: '5m' | '1h', from: number, to: number) {
  const candles: Candle[] = [];
  const asked: number[] = [];
  let next: number | null = from;
  for (let page = 0; next !== null; page++) {
    if (page > 50) throw new Error('too many pages');
    asked.push(next);
    const answer = await source.candles(coin, interval, next, to, signal);
    candles.push(...answer.candles);
    next = answer.next;
  }
  return { candles, asked };
}

let fake: FakePrices;
beforeEach(async () => {
  fake = await startFakePrices();
});
afterEach(async () => {
  await fake.close();
});

const source = (extra: Partial<Parameters<typeof createCoinGeckoSource>[0]> = {}) =>
  createCoinGeckoSource({ baseUrl: fake.url, clock: fakeClock(T0 * 1000), ...extra });

describe('CoinGecko source', () => {
  it('pages a long hourly span by 90 days and stitches candles without gaps or duplicates', async () => {
    // A point on every hour and half hour: the one on a page's last second is in two answers.
    const points: [number, number][] = [];
    for (let t = T0; t <= T0 + 200 * DAY; t += 1800) points.push([t * 1000, 100 + (t - T0) / 1800]);
    fake.points.set('bitcoin', points);
    const { candles, asked } = await readAll(source(), 'BTC', '1h', T0, T0 + 200 * DAY);

    expect(asked).toEqual([T0, T0 + 90 * DAY, T0 + 180 * DAY]);
    expect(fake.requests.map((r) => [r.query.get('from'), r.query.get('to'), r.query.get('vs_currency')])).toEqual([
      [String(T0), String(T0 + 90 * DAY), 'usd'],
      [String(T0 + 90 * DAY), String(T0 + 180 * DAY), 'usd'],
      [String(T0 + 180 * DAY), String(T0 + 200 * DAY), 'usd'],
    ]);
    expect(fake.requests[0]?.path).toBe('/coins/bitcoin/market_chart/range');
    expect(candles).toHaveLength(200 * 24);
    candles.forEach((c, i) => {
      expect(c.openTime).toBe(T0 + i * HOUR);
      // Two points an hour: open the one on the hour, close the one at half past.
      expect([c.open, c.close, c.high, c.low]).toEqual([100 + 2 * i, 101 + 2 * i, 101 + 2 * i, 100 + 2 * i]);
      expect(c).toMatchObject({ coin: 'BTC', interval: '1h', volume: 0 });
    });
  });

  it('asks one day a call for 5-minute candles, starting on an open time', async () => {
    const points: [number, number][] = [];
    for (let t = T0; t < T0 + 3 * DAY; t += 300) points.push([t * 1000 + 4000, 50]);
    fake.points.set('solana', points);
    // From a time inside a bucket: the first candle is the next whole one.
    const { candles } = await readAll(source(), 'sol', '5m', T0 + 10, T0 + 2 * DAY + 3600);
    expect(fake.requests.map((r) => Number(r.query.get('to')) - Number(r.query.get('from')))).toEqual([DAY, DAY, 3300]);
    expect(candles).toHaveLength(2 * 288 + 12 - 1);
    expect(candles[0]?.openTime).toBe(T0 + 300);
    expect(new Set(candles.map((c) => c.openTime)).size).toBe(candles.length);
  });

  it('groups points into candles as computed by hand', () => {
    const ms = (s: number) => (T0 + s) * 1000;
    // Unsorted on purpose; the point at 900 s is outside [from, to) and the one at 0 s too.
    const points: [number, number][] = [
      [ms(610), 7],
      [ms(60), 12],
      [ms(0), 99],
      [ms(299), 9],
      [ms(5), 10],
      [ms(300), 11],
      [ms(120), 8],
      [ms(900), 1],
    ];
    expect(pointsToCandles('ETH', '5m', points, T0 + 1, T0 + 900)).toEqual([
      // 5 s: 10, 60 s: 12, 120 s: 8, 299 s: 9
      { coin: 'ETH', interval: '5m', openTime: T0, open: 10, high: 12, low: 8, close: 9, volume: 0 },
      { coin: 'ETH', interval: '5m', openTime: T0 + 300, open: 11, high: 11, low: 11, close: 11, volume: 0 },
      { coin: 'ETH', interval: '5m', openTime: T0 + 600, open: 7, high: 7, low: 7, close: 7, volume: 0 },
    ]);
  });

  it('sends the key in x-cg-demo-api-key, and no key header without one', async () => {
    fake.points.set('bitcoin', [[T0 * 1000, 1]]);
    await source({ apiKey: 'CG-secret' }).candles('BTC', '1h', T0, T0 + HOUR, signal);
    await source().candles('BTC', '1h', T0, T0 + HOUR, signal);
    expect(fake.requests[0]?.headers['x-cg-demo-api-key']).toBe('CG-secret');
    expect(fake.requests[1]?.headers['x-cg-demo-api-key']).toBeUndefined();
    // The key travels only in the header, never in the URL.
    expect(fake.requests[0]?.query.toString()).not.toContain('CG-secret');
  });

  it('turns a 429 into PriceRateLimited with Retry-After, or a minute without it', async () => {
    fake.queue.push({ status: 429, headers: { 'retry-after': '7' }, body: { status: { error_code: 429 } } });
    fake.queue.push({ status: 429, body: 'Throttled' });
    const cg = source();
    const first = await cg.candles('BTC', '1h', T0, T0 + DAY, signal).catch((e: unknown) => e);
    const second = await cg.candles('BTC', '1h', T0, T0 + DAY, signal).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(PriceRateLimited);
    expect((first as PriceRateLimited).retryAfterMs).toBe(7000);
    expect((second as PriceRateLimited).retryAfterMs).toBe(60_000);
  });

  it('reports another error with its status and a body excerpt, never the key', async () => {
    fake.queue.push({ status: 500, body: `internal error for key CG-secret ${'x'.repeat(1000)}` });
    const err = await source({ apiKey: 'CG-secret' })
      .candles('BTC', '1h', T0, T0 + DAY, signal)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PriceHttpError);
    expect((err as PriceHttpError).status).toBe(500);
    expect((err as Error).message).toMatch(/^CoinGecko answered 500 for bitcoin 1h .*internal error for key \*\*\*/);
    expect((err as Error).message).not.toContain('CG-secret');
    expect((err as Error).message.length).toBeLessThan(300);
  });

  it('skips and counts malformed points, and throws (counted) on an answer without prices', async () => {
    const ms = T0 * 1000;
    fake.queue.push({
      body: {
        prices: [[ms, 'x'], null, [ms + 1000], [ms + 2000, -1], [ms + 3000, 5], 'point', [ms + 4000, 6]],
        market_caps: [],
        total_volumes: [],
      },
    });
    fake.queue.push({ body: '<html>maintenance</html>' });
    fake.queue.push({ body: { error: 'coin not found' } });
    const cg = source();
    const page = await cg.candles('BTC', '1h', T0, T0 + HOUR, signal);
    expect(page.candles).toEqual([
      { coin: 'BTC', interval: '1h', openTime: T0, open: 5, high: 6, low: 5, close: 6, volume: 0 },
    ]);
    expect(cg.stats()).toEqual({ requests: 1, malformed: 5 });
    await expect(cg.candles('BTC', '1h', T0, T0 + HOUR, signal)).rejects.toThrow(/without a prices list/);
    await expect(cg.candles('BTC', '1h', T0, T0 + HOUR, signal)).rejects.toThrow(/without a prices list/);
    expect(cg.stats()).toEqual({ requests: 3, malformed: 7 });
  });

  it('paces itself: the 31st call in a minute waits for the first to be a minute old', async () => {
    fake.points.set('bitcoin', [[T0 * 1000, 1]]);
    const clock = fakeClock(T0 * 1000);
    // With a key the default is 30 a minute.
    const cg = createCoinGeckoSource({ baseUrl: fake.url, clock, apiKey: 'CG-key' });
    for (let i = 0; i < 30; i++) await cg.candles('BTC', '1h', T0, T0 + HOUR, signal);
    expect(clock.waits).toEqual([]);
    expect(fake.requests).toHaveLength(30);
    await cg.candles('BTC', '1h', T0, T0 + HOUR, signal);
    expect(clock.waits).toEqual([60_000]);
    expect(fake.requests).toHaveLength(31);
    // The other 29 calls of that minute are a minute old too: the next call goes at once.
    await cg.candles('BTC', '1h', T0, T0 + HOUR, signal);
    expect(clock.waits).toEqual([60_000]);
  });

  it('paces keyless calls at 10 a minute', async () => {
    fake.points.set('bitcoin', [[T0 * 1000, 1]]);
    const clock = fakeClock(T0 * 1000);
    const cg = createCoinGeckoSource({ baseUrl: fake.url, clock });
    for (let i = 0; i < 10; i++) await cg.candles('BTC', '1h', T0, T0 + HOUR, signal);
    expect(clock.waits).toEqual([]);
    await cg.candles('BTC', '1h', T0, T0 + HOUR, signal);
    expect(clock.waits).toEqual([60_000]);
  });

  it('knows no coin without a CoinGecko id, and asks nothing for it', async () => {
    const cg = source();
    expect(cg.supports('NOSUCHCOIN')).toBe(false);
    expect(cg.supports('btc')).toBe(true);
    await expect(cg.candles('NOSUCHCOIN', '1h', T0, T0 + DAY, signal)).rejects.toThrow(
      /no CoinGecko id for coin NOSUCHCOIN/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('passes a 404 for an id CoinGecko does not know as an error naming the id', async () => {
    const err = await source()
      .candles('ETH', '1h', T0, T0 + DAY, signal)
      .catch((e: unknown) => e);
    expect((err as PriceHttpError).status).toBe(404);
    expect((err as Error).message).toContain('ethereum');
  });
});
