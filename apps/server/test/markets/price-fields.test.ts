/** Ranking rows and coin opinion rows carry the coin's last price and 24 h change, when known. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candlesRepo } from '../../src/db/repos/candles';
import { epochSeconds } from '../../src/domain/clock';
import { storePosts } from '../support/store-posts';
import { signedInApp, type TestApp } from '../support/test-app';
import { flatCandle } from './candle';

let t: TestApp;
let token: string;
const H = 3600;
const candle = (coin: string, openTime: number, close: number) => flatCandle(coin, '1h', openTime, close);

beforeAll(async () => {
  ({ t, token } = await signedInApp('fields@example.com'));
  const now = epochSeconds(t.clock.now());
  await storePosts(t.db, [
    { text: '$SOL breakout', ct: now - 300, coins: ['SOL'], sentiment: 'bullish', authorId: '1', username: 'a1' },
    { text: '$SOL again', ct: now - 200, coins: ['SOL'], sentiment: 'bullish', authorId: '2', username: 'a2' },
    { text: '$ETH meh', ct: now - 100, coins: ['ETH'], sentiment: 'neutral', authorId: '3', username: 'a3' },
  ]);
  const hour = Math.floor(now / H) * H - H;
  // SOL: 160 a day ago, 200 now (+25 %); ETH: no candles.
  await candlesRepo(t.db).upsert([candle('SOL', hour - 24 * H, 160), candle('SOL', hour, 200)], 'demo');
});
afterAll(async () => {
  await t?.close();
});

describe('price fields', () => {
  it('on ranking rows: price and change24h where candles exist, absent elsewhere', async () => {
    const add = await t.call('view/add', { name: 'Hot', viewType: 'ranking_list', matchingRules: [] }, { token });
    expect(add.body.ret).toBe(1);
    const viewId = (add.body.data as { view_id: string; view_type: string }[])
      .filter((v) => v.view_type === 'ranking_list')
      .at(-1)!.view_id;
    const res = await t.call('view/ranking_list', { viewId }, { token });
    const list = (res.body.data as { list: { coin: string; price?: number; change24h?: number }[] }).list;
    const sol = list.find((r) => r.coin === 'SOL')!;
    const eth = list.find((r) => r.coin === 'ETH')!;
    expect(sol.price).toBe(200);
    expect(sol.change24h).toBeCloseTo(0.25, 10);
    expect(eth).toBeDefined();
    expect(eth.price).toBeUndefined();
    expect(eth.change24h).toBeUndefined();
  });

  it('on coin opinion subs of view/v2/list', async () => {
    for (const coin of ['SOL', 'ETH']) {
      expect((await t.call('view/v2/coin_opinion_add', { coin, kolGroupId: '' }, { token })).body.ret).toBe(1);
    }
    const list = (await t.call('view/v2/list', {}, { token })).body.data as {
      view_id: string;
      subs: { name: string; price?: number; change24h?: number; day_split?: unknown }[];
    }[];
    const subs = list.find((v) => v.view_id === 'coin_opinion')!.subs;
    const sol = subs.find((s) => s.name.includes('SOL'))!;
    const eth = subs.find((s) => s.name.includes('ETH'))!;
    expect(sol).toMatchObject({ price: 200 });
    expect(sol.change24h).toBeCloseTo(0.25, 10);
    expect(sol.day_split).toBeDefined();
    expect(eth.price).toBeUndefined();
    expect(eth.day_split).toBeDefined();
  });
});
