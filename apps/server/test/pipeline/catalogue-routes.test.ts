import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await signedInApp('reader@example.com'));
});
afterAll(() => t.close());

describe('view/tweet_category', () => {
  it('serves the taxonomy in the request language, to signed-in users', async () => {
    expect((await t.call('view/tweet_category')).status).toBe(401);
    const en = (await t.call('view/tweet_category', {}, { token })).body.data as {
      id: string;
      name: string;
      subs: { id: string }[];
    }[];
    expect(en.length).toBeGreaterThanOrEqual(12);
    const defi = en.find((c) => c.id === 'defi');
    expect(defi?.name).toBe('DeFi');
    expect(defi?.subs.every((s) => s.id.startsWith('defi/'))).toBe(true);
    const zh = (await t.call('view/tweet_category', {}, { token, lang: 'zh-CN' })).body.data as {
      id: string;
      name: string;
    }[];
    expect(zh.map((c) => c.id)).toEqual(en.map((c) => c.id));
    expect(zh.find((c) => c.id === 'security')?.name).toMatch(/\p{Script=Han}/u);
  });
});

describe('search/coins', () => {
  it('finds coins by symbol, name and Chinese name, stripping a leading $', async () => {
    const search = async (query: string) =>
      (await t.call('search/coins', { query }, { token })).body.data as { coin: string; name: string; icon: string }[];
    expect((await search('$btc'))[0]).toEqual({ coin: 'BTC', name: 'Bitcoin', icon: '/coin-icons/btc.svg' });
    expect((await search('ethereum'))[0]?.coin).toBe('ETH');
    expect((await search('比特'))[0]?.coin).toBe('BTC');
    expect((await search('')).length).toBeGreaterThan(10);
    expect(await search('zzzzqqq')).toEqual([]);
    expect((await t.call('search/coins', { query: 5 }, { token })).status).toBe(400);
  });
});

describe('images served by kolscope', () => {
  it('serves coin icons from the package, a generic icon for others, and demo SVGs', async () => {
    const btc = await t.app.inject({ method: 'GET', url: '/coin-icons/btc.svg' });
    expect(btc.statusCode).toBe(200);
    expect(btc.headers['content-type']).toBe('image/svg+xml');
    expect(btc.body).toContain('<svg');
    // Our own icon for a top coin no package has.
    const pi = await t.app.inject({ method: 'GET', url: '/coin-icons/pi.svg' });
    expect(pi.headers['content-type']).toBe('image/svg+xml');
    expect(pi.body).toContain('#5B3A8E');
    const unknown = await t.app.inject({ method: 'GET', url: '/coin-icons/..%2F..%2Fpackage.json' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<svg');
    const avatar = await t.app.inject({ method: 'GET', url: '/demo-media/avatar/8000000000000000001.svg' });
    expect(avatar.body).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const image = await t.app.inject({ method: 'GET', url: '/demo-media/image/chart-u-BTC-900-0.svg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.body).toContain('<svg');
    // Thumbnails are PNG, also for posts stored when they were `.svg?size=thumb`.
    for (const url of [
      '/demo-media/image/chart-u-BTC-900-0.png',
      '/demo-media/image/chart-u-BTC-900-0.svg?size=thumb',
    ]) {
      const thumb = await t.app.inject({ method: 'GET', url });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/png');
      expect(thumb.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });
});
