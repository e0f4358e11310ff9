import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;
type Page = {
  list: { id: string; text: string; user: { username: string }; category_list: unknown[]; coin_view_list: unknown[] }[];
  more: number;
  next_cb: string;
};
const T0 = 1_763_000_000;

async function viewWith(matchingRules: unknown[]): Promise<string> {
  const res = await t.call('view/add', { name: 'v', viewType: 'content_feed', matchingRules }, { token });
  return (res.body.data as { view_id: string }[]).at(-1)!.view_id;
}
async function texts(viewId: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const res = await t.call('view/v2/tweets', { viewId, ...extra }, { token });
  return (res.body.data as Page).list.map((p) => p.text);
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('reader@example.com'));
  await storePosts(t.db, [
    {
      text: 'ETF approval is close, SEC meeting today',
      ct: T0 + 1,
      coins: ['BTC'],
      categories: [{ primary: 'regulation-macro', secondary: 'regulation-macro/etf' }],
      sentiment: 'bullish',
    },
    {
      text: 'The method matters more than the coin',
      ct: T0 + 2,
      coins: ['ETH'],
      username: 'smallfry',
      authorId: '7',
      followers: 300,
    },
    {
      text: '比特币现货ETF获批，牛市来了',
      ct: T0 + 3,
      coins: ['BTC'],
      sentiment: 'bullish',
      username: 'dabing',
      authorId: '8',
      followers: 2_000_000,
    },
    {
      text: 'Aave lending rates spike',
      ct: T0 + 4,
      coins: ['AAVE'],
      categories: [{ primary: 'defi', secondary: 'defi/lending' }],
      sentiment: 'bearish',
      username: 'WhaleWatcher',
      authorId: '9',
      followers: 90_000,
    },
    {
      text: 'Uniswap volume record on the DEX',
      ct: T0 + 5,
      coins: ['UNI'],
      categories: [{ primary: 'defi', secondary: 'defi/dex' }],
      username: 'WhaleWatcher',
      authorId: '9',
      followers: 90_000,
    },
  ]);
});
afterAll(() => t.close());

describe('matching rules', () => {
  it('matches keywords as case-insensitive words, and Chinese as text', async () => {
    expect(await texts(await viewWith([{ type: 'keywords', rules: [{ value: 'etf' }] }]))).toEqual([
      '比特币现货ETF获批，牛市来了',
      'ETF approval is close, SEC meeting today',
    ]);
    // "eth" is not a word in "method".
    expect(await texts(await viewWith([{ type: 'keywords', rules: [{ value: 'eth' }] }]))).toEqual([]);
    expect(await texts(await viewWith([{ type: 'keywords', rules: [{ value: '牛市' }] }]))).toEqual([
      '比特币现货ETF获批，牛市来了',
    ]);
    expect(await texts(await viewWith([{ type: 'keywords', rules: [{ value: 'record on' }] }]))).toEqual([
      'Uniswap volume record on the DEX',
    ]);
  });
  it('matches coins, categories by primary or primary/secondary, authors by id or handle, and fans', async () => {
    expect(await texts(await viewWith([{ type: 'coins', rules: [{ value: '$eth' }] }]))).toEqual([
      'The method matters more than the coin',
    ]);
    expect((await texts(await viewWith([{ type: 'crypto_types', rules: [{ value: 'defi' }] }]))).length).toBe(2);
    expect(await texts(await viewWith([{ type: 'crypto_types', rules: [{ value: 'defi/dex' }] }]))).toEqual([
      'Uniswap volume record on the DEX',
    ]);
    expect((await texts(await viewWith([{ type: 'authors', rules: [{ value: '9' }] }]))).length).toBe(2);
    expect(await texts(await viewWith([{ type: 'authors', rules: [{ data: { username: '@DaBing' } }] }]))).toEqual([
      '比特币现货ETF获批，牛市来了',
    ]);
    const bigOnly = await viewWith([{ type: 'fans', rules: [{ data: { minFans: 1_000_000, maxFans: 0 } }] }]);
    expect(await texts(bigOnly)).toEqual(['比特币现货ETF获批，牛市来了']);
    // Reversed bounds are swapped: 100000,1000 means 1000 to 100000.
    const reversed = await viewWith([{ type: 'fans', rules: [{ value: '100000,1000' }] }]);
    expect((await texts(reversed)).length).toBe(3);
    const mid2 = await viewWith([{ type: 'fans', rules: [{ data: { minFans: 1000, maxFans: 100_000 } }] }]);
    expect((await texts(mid2)).length).toBe(3);
  });
  it('needs every group and any rule within a group', async () => {
    const v = await viewWith([
      { type: 'coins', rules: [{ value: 'BTC' }, { value: 'UNI' }] },
      { type: 'keywords', rules: [{ value: 'SEC' }, { value: 'dex' }] },
    ]);
    expect(await texts(v)).toEqual(['Uniswap volume record on the DEX', 'ETF approval is close, SEC meeting today']);
  });
  it('filters by trading trend', async () => {
    const v = await viewWith([{ type: 'coins', rules: [{ value: 'BTC' }, { value: 'AAVE' }] }]);
    expect(await texts(v, { tradingTrend: 'bearish' })).toEqual(['Aave lending rates spike']);
    expect((await texts(v, { tradingTrend: 'bullish' })).length).toBe(2);
  });
  it('shapes posts as the spec says', async () => {
    const v = await viewWith([{ type: 'crypto_types', rules: [{ value: 'defi/lending' }] }]);
    const post = ((await t.call('view/v2/tweets', { viewId: v }, { token, lang: 'zh-CN' })).body.data as Page)
      .list[0] as Record<string, unknown>;
    expect(post).toMatchObject({
      text: 'Aave lending rates spike',
      ct: T0 + 4,
      user: { username: 'WhaleWatcher', is_blue_verified: true, verified_type: 'blue' },
      coin_view_list: [{ coin: 'AAVE', view_id: '' }],
      medias: [],
      sentiment: 'bearish',
    });
    expect(post.category_list).toEqual([
      { id: 'defi', name: expect.stringMatching(/\S/), subs: [{ name: expect.stringMatching(/\p{Script=Han}/u) }] },
    ]);
  });
});

describe('paging', () => {
  it('pages newest first without repeats or gaps while posts arrive, and tells what is newer', async () => {
    const u = await registerAndLogin(t, 'pager@example.com');
    const rules = [{ type: 'keywords', rules: [{ value: 'tick' }] }];
    const v = (
      (await t.call('view/add', { name: 'p', viewType: 'content_feed', matchingRules: rules }, { token: u })).body
        .data as { view_id: string }[]
    ).at(-1)!.view_id;
    const base = T0 + 1000;
    // Two posts share each second, so the id breaks ties.
    await storePosts(
      t.db,
      Array.from({ length: 45 }, (_, i) => ({ text: `tick ${i}`, ct: base + Math.floor(i / 2) })),
    );
    const page = async (nextCb: string) =>
      (await t.call('view/v2/tweets', { viewId: v, nextCb }, { token: u })).body.data as Page;
    const first = await page('');
    expect(first.list.length).toBe(20);
    expect(first.more).toBe(1);
    // New posts arrive, some newer than everything, one in the middle of what is still to come.
    await storePosts(t.db, [
      { text: 'tick new', ct: base + 500 },
      { text: 'tick late', ct: base + 3 },
    ]);
    const second = await page(first.next_cb);
    const third = await page(second.next_cb);
    expect(third.more).toBe(0);
    const seen = [...first.list, ...second.list, ...third.list].map((p) => p.text);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(46); // the 45, plus the late one that sorts below the first page
    expect(seen).toContain('tick late');
    const newer = (await t.call('view/v2/tweets', { viewId: v, newerThan: first.list[0]!.id }, { token: u })).body
      .data as Page;
    expect(newer.list.map((p) => p.text)).toEqual(['tick new']);
    expect((await t.call('view/v2/tweets', { viewId: v, nextCb: 'garbage!' }, { token: u })).body).toEqual({
      ret: 400,
      msg: 'The page cursor is not valid; reload the list',
    });
  });
});

describe('every network in cursors and newer_than (issue 29)', () => {
  // Real shapes of each network's stored ids (contract networks.ts): a Farcaster cast hash, a
  // Telegram channel message, a Bluesky did:plc record key, and one on a did:web host.
  // Distinct texts: near-identical ones would fold into one card as copies.
  const texts = ['Farcaster frames ship', 'Telegram channel alert', 'Bluesky thread on rates', 'A did:web feed'];
  const ids = [
    'fc:0x6cb1f3b1c2e8a4b7d5f0e9a8c7b6a5f4e3d2c1b0',
    'tg:whale_alert_io_channel_news/102345',
    'bsky:did:plc:ewvi7nxzyoun6zhxrhs64oiz/3l2xvkz4nyc2c',
    'bsky:did:web:feeds.example-news.community/3kabcdefg~2_x.z',
  ];
  it('a post of any network on top still answers what is newer, and pages go on past it', async () => {
    const u = await registerAndLogin(t, 'networks@example.com');
    const rules = [{ type: 'keywords', rules: [{ value: 'netpost' }] }];
    const v = (
      (await t.call('view/add', { name: 'n', viewType: 'content_feed', matchingRules: rules }, { token: u })).body
        .data as { view_id: string }[]
    ).at(-1)!.view_id;
    const base = T0 + 50_000;
    // Each network's post, then a newer one from X: the client shows the first on top and asks
    // for what is newer than it.
    for (const [i, id] of ids.entries()) {
      await storePosts(t.db, [
        { id, text: `netpost ${texts[i]}`, ct: base + i * 10, authorId: `${id.split('/')[0]}-a` },
        { text: `netpost after ${texts[i]}`, ct: base + i * 10 + 5 },
      ]);
    }
    for (const [i, id] of ids.entries()) {
      const res = await t.call('view/v2/tweets', { viewId: v, newerThan: id }, { token: u });
      expect(res.status).toBe(200);
      const newer = (res.body.data as Page).list.map((p) => p.text);
      expect(newer.at(-1)).toBe(`netpost after ${texts[i]}`);
      expect(newer.length).toBe(2 * (ids.length - i) - 1);
    }
    // Paging one post at a time would need 20 posts; the cursor after each network's post is
    // what matters, so page from a cursor that names it.
    const all = (await t.call('view/v2/tweets', { viewId: v }, { token: u })).body.data as Page;
    expect(all.list.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
    for (const id of ids) {
      const at = all.list.find((p) => p.id === id) as unknown as { ct: number };
      const nextCb = Buffer.from(`${at.ct}:${id}`).toString('base64url');
      const res = await t.call('view/v2/tweets', { viewId: v, nextCb }, { token: u });
      expect(res.status).toBe(200);
      const older = (res.body.data as Page).list.map((p) => p.id);
      expect(older).not.toContain(id);
      expect(older.length).toBe(all.list.length - all.list.findIndex((p) => p.id === id) - 1);
    }
  });
});
