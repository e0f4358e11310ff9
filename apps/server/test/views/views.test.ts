import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let ann: string;
let bob: string;
type Item = { view_id: string; name: string; view_type: string; fixed: boolean; subs: { view_id: string }[] };
const list = async (token: string, lang?: string) =>
  (await t.call('view/v2/list', {}, { token, lang })).body.data as Item[];
const feed = (name: string, matchingRules: unknown[]) => ({ name, viewType: 'content_feed', matchingRules });

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('ann@example.com'));
  bob = await registerAndLogin(t, 'bob@example.com');
});
afterAll(() => t.close());

describe('starter views and tabs', () => {
  it('gives a new user hot coins, all KOLs, the opinion groups and two coin feeds', async () => {
    const items = await list(ann);
    expect(items.map((i) => [i.name, i.view_type, i.fixed])).toEqual([
      ['Hot Coins', 'hot_coins', true],
      ['All KOLs', 'content_feed', true],
      ['Coin Sentiment', 'coin_opinion', true],
      ['Event Sentiment', 'event_opinion', true],
      ['Bitcoin', 'content_feed', false],
      ['Ethereum', 'content_feed', false],
    ]);
    expect(items[2]).toMatchObject({ view_id: 'coin_opinion', subs: [] });
    // Asking again makes nothing twice.
    expect((await list(ann)).length).toBe(6);
  });
  it('names them in the user language', async () => {
    const zh = await registerAndLogin(t, 'zh@example.com');
    expect((await list(zh, 'zh-CN')).map((i) => i.name)).toEqual([
      '热门币种',
      '全部 KOL',
      '币种情绪',
      '事件情绪',
      '比特币',
      '以太坊',
    ]);
  });
  it('names fixed and seeded tabs in the reader language, and keeps a name the user typed', async () => {
    const u = await registerAndLogin(t, 'switcher@example.com');
    await list(u, 'en');
    // Seeded in English by the first list, read in Chinese (issue 29: they stayed English).
    const names = (await list(u, 'zh-CN')).map((i) => i.name);
    expect(names).toEqual(['热门币种', '全部 KOL', '币种情绪', '事件情绪', '比特币', '以太坊']);
    const eth = (await list(u, 'en')).find((i) => i.name === 'Ethereum')!;
    const info = (await t.call('view/info', { viewId: eth.view_id }, { token: u })).body.data as object;
    const renamed = { ...info, viewId: eth.view_id, name: 'My ETH' };
    expect((await t.call('view/update', renamed, { token: u })).body.ret).toBe(1);
    expect((await list(u, 'zh-CN')).map((i) => i.name).slice(4)).toEqual(['比特币', 'My ETH']);
  });
});

describe('view/add, info, update, delete', () => {
  it('creates a feed at the end of the tabs with normalised rules', async () => {
    const res = await t.call(
      'view/add',
      feed('  ETF watch ', [
        { type: 'keywords', rules: [{ value: ' ETF ' }, { value: '' }, { value: 'etf' }, { value: 'SEC' }] },
        { type: 'coins', rules: [{ value: '$btc' }, { value: 'BTC' }] },
        { type: 'fans', rules: [{ data: { minFans: 50_000, maxFans: 1000 } }] },
      ]),
      { token: ann },
    );
    const items = res.body.data as Item[];
    const created = items.at(-1)!;
    expect(created).toMatchObject({ name: 'ETF watch', view_type: 'content_feed', fixed: false });
    const info = (await t.call('view/info', { viewId: created.view_id }, { token: ann })).body.data as {
      matching_rules: unknown;
    };
    expect(info.matching_rules).toEqual([
      {
        type: 'keywords',
        rules: [
          { label: 'ETF', value: 'ETF' },
          { label: 'SEC', value: 'SEC' },
        ],
      },
      { type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] },
      {
        type: 'fans',
        rules: [{ label: '1000-50000', value: '1000,50000', data: { min_fans: 1000, max_fans: 50_000 } }],
      },
    ]);
  });
  it('refuses a blank title, missing filters, unknown categories and other view types', async () => {
    const kw = [{ type: 'keywords', rules: [{ value: 'x' }] }];
    expect((await t.call('view/add', feed('  ', kw), { token: ann })).body).toEqual({
      ret: 400,
      msg: 'Please enter the title',
    });
    expect((await t.call('view/add', feed('A', []), { token: ann })).body).toEqual({
      ret: 400,
      msg: 'Please set filter conditions',
    });
    expect(
      (await t.call('view/add', feed('A', [{ type: 'keywords', rules: [{ value: '  ' }] }]), { token: ann })).body.msg,
    ).toBe('Please set filter conditions');
    expect(
      (await t.call('view/add', feed('A', [{ type: 'crypto_types', rules: [{ value: 'cooking' }] }]), { token: ann }))
        .body,
    ).toEqual({
      ret: 400,
      msg: 'Unknown category "cooking"',
    });
    expect(
      (await t.call('view/add', { name: 'A', viewType: 'coin_opinion', matchingRules: kw }, { token: ann })).status,
    ).toBe(400);
    expect((await t.call('view/add', feed('A', kw), { token: ann, lang: 'zh-CN' })).body.ret).toBe(1);
    expect((await t.call('view/add', feed('', kw), { lang: 'zh-CN', token: ann })).body.msg).toBe('请输入标题');
  });
  it('updates a view, but not a fixed one', async () => {
    const items = await list(ann);
    const btc = items.find((i) => i.name === 'Bitcoin')!;
    const rules = [{ type: 'coins', rules: [{ value: 'BTC' }, { value: 'WBTC' }] }];
    expect(
      (await t.call('view/update', { viewId: btc.view_id, ...feed('BTC & WBTC', rules) }, { token: ann })).body.ret,
    ).toBe(1);
    expect(
      ((await t.call('view/info', { viewId: btc.view_id }, { token: ann })).body.data as { name: string }).name,
    ).toBe('BTC & WBTC');
    const all = items.find((i) => i.name === 'All KOLs')!;
    expect((await t.call('view/update', { viewId: all.view_id, ...feed('Mine', rules) }, { token: ann })).body).toEqual(
      {
        ret: 409,
        msg: 'This view is fixed and cannot be set up',
      },
    );
  });
  it('deletes views, fixed ones included', async () => {
    const all = (await list(ann)).find((i) => i.name === 'All KOLs')!;
    expect((await t.call('view/delete', { viewId: all.view_id }, { token: ann })).body.ret).toBe(1);
    expect((await list(ann)).some((i) => i.view_id === all.view_id)).toBe(false);
    expect((await t.call('view/delete', { viewId: all.view_id }, { token: ann })).status).toBe(404);
  });
});

describe('ownership', () => {
  it('answers "not found" for another user\'s view on every call', async () => {
    const bobView = (await list(bob)).find((i) => i.name === 'Bitcoin')!;
    const id = { viewId: bobView.view_id };
    for (const [path, body] of [
      ['view/info', id],
      ['view/delete', id],
      ['view/v2/tweets', id],
      ['view/update', { ...id, ...feed('stolen', [{ type: 'keywords', rules: [{ value: 'x' }] }]) }],
      ['view/v2/merge_sort', { viewIds: [bobView.view_id] }],
    ] as const) {
      expect((await t.call(path, body, { token: ann })).body, path).toEqual({ ret: 404, msg: 'Not found' });
    }
    expect((await list(bob)).find((i) => i.view_id === bobView.view_id)?.name).toBe('Bitcoin');
    expect((await t.call('view/info', { viewId: 'abc' }, { token: ann })).status).toBe(404);
  });
});

describe('tab order', () => {
  it('saves a merged order with groups, and a partial sort keeps the other tabs in place', async () => {
    const u = await registerAndLogin(t, 'order@example.com');
    const ids = (await list(u)).map((i) => i.view_id);
    const reversed = [...ids].reverse();
    expect((await t.call('view/v2/merge_sort', { viewIds: reversed }, { token: u })).body.ret).toBe(1);
    expect((await list(u)).map((i) => i.view_id)).toEqual(reversed);
    // Swap the first and last plain views only.
    const [a, b] = [reversed[0]!, reversed[5]!];
    expect((await t.call('view/sort', { viewIds: [b, a] }, { token: u })).body.ret).toBe(1);
    expect((await list(u)).map((i) => i.view_id)).toEqual([b, ...reversed.slice(1, 5), a]);
    expect((await t.call('view/v2/merge_sort', { viewIds: ['999999'] }, { token: u })).status).toBe(404);
  });
});
