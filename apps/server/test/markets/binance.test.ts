/** The Binance price source against a local server speaking /api/v3/klines. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBinanceSource } from '../../src/markets/sources/binance';
import { PriceHttpError } from '../../src/markets/sources/http';
import { type Candle, PriceRateLimited } from '../../src/markets/types';
import { type FakePrices, fakeClock, klineRow, startFakePrices } from './fake-prices';

const HOUR = 3600;
const DAY = 86_400;
/** 2025-01-01T00:00:00Z. */
const T0 = 1_735_689_600;
const signal = new AbortController().signal;

let fake: FakePrices;
beforeEach(async () => {
  fake = await startFakePrices();
});
afterEach(async () => {
  await fake.close();
});

const source = (clock = fakeClock(T0 * 1000)) => createBinanceSource({ baseUrl: `${fake.url}/`, clock });

/** Hourly rows from T0 on, prices rising by one an hour. */
function hourlyRows(count: number): unknown[][] {
  return Array.from({ length: count }, (_, i) =>
    klineRow((T0 + i * HOUR) * 1000, HOUR * 1000, 100 + i, 102 + i, 99 + i, 101 + i, 5 + i),
  );
}

describe('Binance source', () => {
  it('pages by 1000 rows and stitches candles without gaps or duplicates', async () => {
    fake.klines.set('BTCUSDT 1h', hourlyRows(100 * 24));
    const btc = source();
    const candles: Candle[] = [];
    let next: number | null = T0;
    for (let page = 0; next !== null; page++) {
      expect(page).toBeLessThan(10);
      const answer = await btc.candles('btc', '1h', next, T0 + 100 * DAY, signal);
      candles.push(...answer.candles);
      next = answer.next;
    }
    expect(fake.requests.map((r) => Object.fromEntries(r.query))).toEqual(
      [T0, T0 + 1000 * HOUR, T0 + 2000 * HOUR].map((start) => ({
        symbol: 'BTCUSDT',
        interval: '1h',
        startTime: String(start * 1000),
        endTime: String((T0 + 100 * DAY) * 1000 - 1),
        limit: '1000',
      })),
    );
    expect(fake.requests[0]?.path).toBe('/api/v3/klines');
    expect(candles).toHaveLength(2400);
    candles.forEach((c, i) => {
      expect(c).toEqual({
        coin: 'BTC',
        interval: '1h',
        openTime: T0 + i * HOUR,
        open: 100 + i,
        high: 102 + i,
        low: 99 + i,
        close: 101 + i,
        volume: 5 + i,
      });
    });
  });

  it('ends the span on a short page, and on a full page that reaches the end', async () => {
    fake.klines.set('ETHUSDT 1h', hourlyRows(1000));
    const eth = source();
    expect((await eth.candles('ETH', '1h', T0, T0 + 1000 * HOUR, signal)).next).toBeNull();
    const short = await eth.candles('ETH', '1h', T0 + 990 * HOUR, T0 + 2000 * HOUR, signal);
    expect(short.candles).toHaveLength(10);
    expect(short.next).toBeNull();
  });

  it('skips and counts malformed rows', async () => {
    const step = HOUR * 1000;
    fake.klines.set('SOLUSDT 1h', [
      klineRow(T0 * 1000, step, 1, 2, 0.5, 1.5),
      [T0 * 1000 + step, 'abc', '2', '1', '1', '1', 0],
      'row',
      [T0 * 1000 + 2 * step, '1', '2'],
      klineRow(T0 * 1000 + 2 * step + 1, step, 1, 1, 1, 1),
      [T0 * 1000 + 3 * step, 1, 2, 1, 1, 1, 0],
      klineRow(T0 * 1000 + 4 * step, step, 3, 4, 2, 3.5, 0),
    ]);
    const sol = source();
    const page = await sol.candles('$sol', '1h', T0, T0 + DAY, signal);
    expect(page.candles.every((c) => c.coin === 'SOL')).toBe(true);
    expect(page.candles.map((c) => [c.openTime, c.open, c.high, c.low, c.close])).toEqual([
      [T0, 1, 2, 0.5, 1.5],
      [T0 + 4 * HOUR, 3, 4, 2, 3.5],
    ]);
    expect(sol.stats()).toEqual({ requests: 1, malformed: 5 });
    fake.queue.push({ body: { code: 0 } });
    await expect(sol.candles('SOL', '1h', T0, T0 + DAY, signal)).rejects.toThrow(/other than a list of klines/);
    expect(sol.stats().malformed).toBe(6);
  });

  it('turns 429 and 418 into PriceRateLimited with Retry-After', async () => {
    fake.queue.push({ status: 429, headers: { 'retry-after': '30' }, body: { code: -1003, msg: 'Too many requests' } });
    fake.queue.push({ status: 418, headers: { 'retry-after': '120' }, body: { code: -1003, msg: 'banned' } });
    const btc = source();
    const limited = await btc.candles('BTC', '1h', T0, T0 + DAY, signal).catch((e: unknown) => e);
    const banned = await btc.candles('BTC', '1h', T0, T0 + DAY, signal).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(PriceRateLimited);
    expect((limited as PriceRateLimited).retryAfterMs).toBe(30_000);
    expect((banned as PriceRateLimited).retryAfterMs).toBe(120_000);
  });

  it('says a 451 is a refused region and points to CoinGecko', async () => {
    fake.queue.push({ status: 451, body: { code: 0, msg: 'Service unavailable from a restricted location' } });
    const err = await source()
      .candles('BTC', '1h', T0, T0 + DAY, signal)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PriceHttpError);
    expect((err as PriceHttpError).status).toBe(451);
    expect((err as Error).message).toMatch(/region.*PRICE_SOURCE=coingecko/);
  });

  it('reports a 500 and an unknown pair with their status and body', async () => {
    fake.queue.push({ status: 500, body: 'upstream exploded' });
    const btc = source();
    const err = await btc.candles('BTC', '1h', T0, T0 + DAY, signal).catch((e: unknown) => e);
    expect((err as PriceHttpError).status).toBe(500);
    expect((err as Error).message).toBe('Binance answered 500 for BTCUSDT 1h: upstream exploded');
    // The fake knows no DOGEUSDT rows: it answers as Binance does for a pair it lacks.
    await expect(btc.candles('DOGE', '5m', T0, T0 + DAY, signal)).rejects.toThrow(
      /400 for DOGEUSDT 5m: .*Invalid symbol/,
    );
  });

  it('stops sending near the minute weight limit until the minute turns', async () => {
    fake.klines.set('BTCUSDT 1h', hourlyRows(24));
    const clock = fakeClock(T0 * 1000 + 15_000);
    const btc = source(clock);
    fake.headers['x-mbx-used-weight-1m'] = '5300';
    await btc.candles('BTC', '1h', T0, T0 + DAY, signal);
    // Under 90 % of 6000: the next call goes; this one's answer says 5402.
    fake.headers['x-mbx-used-weight-1m'] = '5402';
    await btc.candles('BTC', '1h', T0, T0 + DAY, signal);
    const held = await btc.candles('BTC', '1h', T0, T0 + DAY, signal).catch((e: unknown) => e);
    expect(held).toBeInstanceOf(PriceRateLimited);
    // 45 s left in the minute, and a second to spare.
    expect((held as PriceRateLimited).retryAfterMs).toBe(46_000);
    expect(fake.requests).toHaveLength(2);
    clock.t += 45_000;
    fake.headers['x-mbx-used-weight-1m'] = '2';
    await btc.candles('BTC', '1h', T0, T0 + DAY, signal);
    expect(fake.requests).toHaveLength(3);
  });

  it('supports only coins with an exchange symbol, and asks nothing for others', async () => {
    const b = source();
    expect(b.supports('BTC')).toBe(true);
    expect(b.supports('HYPE')).toBe(false);
    expect(b.supports('NOSUCHCOIN')).toBe(false);
    await expect(b.candles('HYPE', '1h', T0, T0 + DAY, signal)).rejects.toThrow(/no exchange symbol for coin HYPE/);
    expect(fake.requests).toHaveLength(0);
  });
});
