/** market/coin_prices: validation, sign-in, and prices on the report's buckets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candlesRepo } from '../../src/db/repos/candles';
import type { Candle } from '../../src/markets/types';
import { signedInApp, type TestApp } from '../support/test-app';

let t: TestApp;
let token: string;
let now: number;
const H = 3600;

beforeAll(async () => {
  ({ t, token } = await signedInApp('prices@example.com'));
  now = Math.floor(t.clock.now().getTime() / 1000);
  const hour = Math.floor(now / H) * H;
  const candles: Candle[] = [];
  // 1h candles over 3 days, 5m candles over the last 2 hours only.
  for (let i = 1; i <= 72; i++) {
    const close = 100 + i;
    candles.push({
      coin: 'SOL',
      interval: '1h',
      openTime: hour - i * H,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    });
  }
  for (let i = 1; i <= 24; i++) {
    const close = 50 + i;
    const openTime = Math.floor(now / 300) * 300 - i * 300;
    candles.push({ coin: 'SOL', interval: '5m', openTime, open: close, high: close, low: close, close, volume: 1 });
  }
  await candlesRepo(t.db).upsert(candles, 'demo');
});
afterAll(async () => {
  await t?.close();
});

const call = (body: Record<string, unknown>, opts: { token?: string; lang?: string } = { token }) =>
  t.call('market/coin_prices', body, opts);

describe('market/coin_prices', () => {
  it('answers the last close of each bucket, from 1h candles over a day', async () => {
    const res = await call({ coin: '$sol', period: '1d', interval: '1h' });
    expect(res.body.ret).toBe(1);
    const { list, source } = res.body.data as { list: { ct: number; price: number }[]; source: string };
    expect(source).toBe('demo');
    const hour = Math.floor(now / H) * H;
    // 24 buckets, the current hour has no closed hourly candle yet.
    expect(list).toHaveLength(23);
    expect(list.at(-1)).toEqual({ ct: hour - H, price: 101 });
    expect(list[0]).toEqual({ ct: hour - 23 * H, price: 123 });
  });

  it('uses 5-minute candles when they cover the period', async () => {
    // SOL's 5m candles reach back 2 hours only, so its day reads 1h; PEPE's reach back a day.
    const at = Math.floor(now / 300) * 300 - 300;
    await candlesRepo(t.db).upsert(
      [
        { coin: 'PEPE', interval: '5m', openTime: at - 86_400, open: 1, high: 1, low: 1, close: 1, volume: 1 },
        { coin: 'PEPE', interval: '5m', openTime: at, open: 2, high: 2, low: 2, close: 2, volume: 1 },
      ],
      'binance',
    );
    const res = await call({ coin: 'PEPE', period: '1d', interval: '5m' });
    expect(res.body.data).toEqual({ list: [{ ct: at, price: 2 }], source: 'binance' });
  });

  it('answers an empty list with source none for a coin without candles', async () => {
    const res = await call({ coin: 'ETH', period: '1w', interval: '1h' });
    expect(res.body.data).toEqual({ list: [], source: 'none' });
  });

  it('refuses an unknown coin, in the reader language', async () => {
    expect((await call({ coin: 'NOPECOINX', period: '1d', interval: '1h' })).body).toEqual({
      ret: 400,
      msg: 'Unknown coin: NOPECOINX',
    });
    const zh = await call({ coin: 'NOPECOINX', period: '1d', interval: '1h' }, { token, lang: 'zh-CN' });
    expect(zh.body).toEqual({ ret: 400, msg: '未知币种：NOPECOINX' });
    expect((await call({ coin: ' ', period: '1d', interval: '1h' })).body.ret).toBe(400);
  });

  it('refuses a period and interval pair the reports do not allow, and bad values', async () => {
    const res = await call({ coin: 'SOL', period: '1m', interval: '1m' });
    expect(res.body).toEqual({ ret: 400, msg: 'The interval 1m cannot be used with the period 1m' });
    expect((await call({ coin: 'SOL', period: '1y', interval: '1h' })).body.ret).toBe(400);
    expect((await call({ coin: 'SOL', period: '1d' })).body.ret).toBe(400);
  });

  it('is for signed-in users only', async () => {
    const res = await call({ coin: 'SOL', period: '1d', interval: '1h' }, {});
    expect(res.body.ret).toBe(401);
    expect(res.body.data).toBeUndefined();
  });
});
