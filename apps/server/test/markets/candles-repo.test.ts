/** The candles repository on PGlite and PostgreSQL: upsert by key, bucket closes, last prices. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { candlesRepo } from '../../src/db/repos/candles';
import type { Candle } from '../../src/markets/types';
import { alignedWindow, reportWindow } from '../../src/services/opinion-window';
import { closeTestDb, openMigratedDb } from '../support/test-app';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

const candle = (coin: string, interval: '5m' | '1h', openTime: number, close: number): Candle => ({
  coin,
  interval,
  openTime,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});
const count = async (coin: string) =>
  Number((await db.query<{ n: number }>('SELECT count(*) AS n FROM candles WHERE coin = $1', [coin]))[0]!.n);

// A day boundary, so hour buckets are easy to count by hand.
const DAY = 1_700_006_400; // 2023-11-15 00:00 UTC
const H = 3600;

describe('candles repository', () => {
  it('writes a candle once per (coin, interval, open time): a repeated page rewrites it', async () => {
    const repo = candlesRepo(db);
    await repo.upsert([candle('AAA', '1h', DAY, 1), candle('AAA', '1h', DAY + H, 2)], 'demo');
    await repo.upsert([candle('AAA', '1h', DAY + H, 3), candle('AAA', '5m', DAY + H, 3)], 'binance');
    expect(await count('AAA')).toBe(3);
    const rows = await db.query<{ close: number; source: string }>(
      `SELECT close, source FROM candles WHERE coin = 'AAA' AND interval = '1h' ORDER BY open_time`,
    );
    expect(rows).toEqual([
      { close: 1, source: 'demo' },
      { close: 3, source: 'binance' },
    ]);
  });

  it('reads the last close inside each report bucket, leaving out buckets without candles', async () => {
    const repo = candlesRepo(db);
    // 5m candles over two hours with a hole in the second hour's first half: closes 100 + i.
    const list = Array.from({ length: 24 }, (_, i) => candle('BBB', '5m', DAY + i * 300, 100 + i)).filter(
      (c) => c.openTime < DAY + H || c.openTime >= DAY + H + 1800,
    );
    await repo.upsert(list, 'demo');
    const w = alignedWindow('1d', '1h', DAY + 2 * H - 1);
    const closes = await repo.bucketCloses('BBB', '5m', w);
    // Hour 0 closes with the candle opened at 00:55 (i = 11); hour 1 with 01:55 (i = 23).
    expect(closes).toEqual([
      { ct: DAY, price: 111 },
      { ct: DAY + H, price: 123 },
    ]);
    // 30-minute buckets: the one with no candle is absent, not zero.
    const half = await repo.bucketCloses('BBB', '5m', alignedWindow('1d', '30m', DAY + 2 * H - 1));
    expect(half).toEqual([
      { ct: DAY, price: 105 },
      { ct: DAY + 1800, price: 111 },
      { ct: DAY + H + 1800, price: 123 },
    ]);
  });

  it('uses weekly buckets starting on Monday, like the reports', async () => {
    const repo = candlesRepo(db);
    // 2023-11-15 is a Wednesday: the week began Monday 2023-11-13.
    await repo.upsert([candle('WWW', '1h', DAY - 2 * 86_400, 7), candle('WWW', '1h', DAY + 5 * H, 9)], 'demo');
    const w = reportWindow('1m', '1w', DAY + 6 * H);
    const closes = await repo.bucketCloses('WWW', '1h', w);
    expect(closes).toEqual([{ ct: DAY - 2 * 86_400, price: 9 }]);
  });

  it('chooses 5m when 5-minute candles reach back over the span, else 1h', async () => {
    const repo = candlesRepo(db);
    await repo.upsert([candle('CCC', '5m', DAY, 1), candle('CCC', '1h', DAY - 10 * H, 1)], 'demo');
    expect(await repo.intervalFor('CCC', DAY)).toBe('5m');
    expect(await repo.intervalFor('CCC', DAY + 600)).toBe('5m');
    expect(await repo.intervalFor('CCC', DAY - 300)).toBe('1h');
    expect(await repo.intervalFor('NOCANDLES', DAY)).toBe('1h');
  });

  it('reads the last price and the 24 h change of many coins in one query', async () => {
    const repo = candlesRepo(db);
    await repo.upsert(
      [
        // DDD: hourly only, +25 % over 24 h.
        candle('DDD', '1h', DAY, 80),
        candle('DDD', '1h', DAY + 24 * H, 100),
        // EEE: 5m closes later than the last 1h candle, so it is the last price; its 24 h
        // reference is the 5m candle one day earlier.
        candle('EEE', '1h', DAY + 23 * H, 10),
        candle('EEE', '5m', DAY + 24 * H, 12),
        candle('EEE', '5m', DAY, 8),
        // FFF: no candle 24 h before: a price, no change.
        candle('FFF', '1h', DAY + 24 * H, 5),
      ],
      'demo',
    );
    const last = await repo.lastPrices(['DDD', 'EEE', 'FFF', 'NOCANDLES', 'DDD']);
    expect(last.get('DDD')).toEqual({ price: 100, change24h: 0.25 });
    expect(last.get('EEE')).toEqual({ price: 12, change24h: 0.5 });
    expect(last.get('FFF')).toEqual({ price: 5 });
    expect(last.has('NOCANDLES')).toBe(false);
    expect((await repo.lastPrices([])).size).toBe(0);
  });

  it('names the source of the newest candle', async () => {
    expect(await candlesRepo(db).sourceOf('AAA')).toBe('binance');
    expect(await candlesRepo(db).sourceOf('NOCANDLES')).toBeNull();
  });
});
