/** The coin opinion, event opinion and analytics report calls: validation, ownership, buckets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let ann: string;
let bob: string;
const NOT_FOUND = { ret: 404, msg: 'Not found' };
type Report = {
  interval_list: { ct: number; cnt_up: number; cnt_neutral: number; cnt_down: number }[];
  sum_info: Record<string, number>;
};
type ListItem = { view_id: string; view_type: string; subs: { view_id: string; name: string }[] };

const lastSub = (list: unknown, group: string) =>
  (list as ListItem[]).find((v) => v.view_id === group)!.subs.at(-1)!.view_id;

async function coinView(token: string, coin: string, kolGroupId = '') {
  const res = await t.call('view/v2/coin_opinion_add', { coin, kolGroupId }, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return lastSub(res.body.data, 'coin_opinion');
}

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('ann@example.com'));
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.0.2');
  const now = Math.floor(t.clock.now().getTime() / 1000);
  await storePosts(t.db, [
    { text: 'Spot ETF inflows keep coming', ct: now - 600, coins: ['BTC'], sentiment: 'bullish' },
    { text: 'ETF outflows, careful', ct: now - 7200, coins: ['BTC'], sentiment: 'bearish' },
    { text: 'Nothing about funds here', ct: now - 300, coins: ['BTC'], sentiment: 'neutral' },
    { text: 'ETH ETF staking next?', ct: now - 4 * 86_400, coins: ['ETH'], sentiment: 'bullish' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('coin opinion calls', () => {
  it('validate the coin and the KOL group, in the reader language', async () => {
    const none = await t.call('view/v2/coin_opinion_add', { coin: ' ', kolGroupId: '' }, { token: ann });
    expect(none.body).toEqual({ ret: 400, msg: 'Please select a coin' });
    const unknown = await t.call(
      'view/v2/coin_opinion_add',
      { coin: 'NOPECOINX', kolGroupId: '' },
      { token: ann, lang: 'zh-CN' },
    );
    expect(unknown.body).toEqual({ ret: 400, msg: '未知币种：NOPECOINX' });
    // Bob's group is not Ann's to use.
    await t.call('kol_group/list', {}, { token: bob });
    const bobsGroup = ((await t.call('kol_group/list', {}, { token: bob })).body.data as { id: string }[])[0]!.id;
    const foreign = await t.call('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: bobsGroup }, { token: ann });
    expect(foreign.body).toEqual(NOT_FOUND);
  });

  it('add, show, update and delete a view, listed under the coin opinion group', async () => {
    const id = await coinView(ann, '$sol');
    expect((await t.call('view/v2/coin_opinion_info', { viewId: id }, { token: ann })).body.data).toEqual({
      view_id: id,
      coin: 'SOL',
      kol_group_id: '',
      view_type: 'coin_opinion',
    });
    expect(
      (await t.call('view/v2/coin_opinion_update', { viewId: id, coin: 'eth', kolGroupId: '' }, { token: ann })).body
        .ret,
    ).toBe(1);
    const list = (await t.call('view/v2/list', {}, { token: ann })).body.data as ListItem[];
    expect(list.find((v) => v.view_id === 'coin_opinion')!.subs.map((s) => s.name)).toContain('ETH');
    expect((await t.call('view/v2/coin_opinion_delete', { viewId: id }, { token: ann })).body.ret).toBe(1);
    expect((await t.call('view/v2/coin_opinion_info', { viewId: id }, { token: ann })).body).toEqual(NOT_FOUND);
  });

  it("never shows or changes another user's view, nor a view of another type", async () => {
    const id = await coinView(ann, 'BTC');
    const calls: [string, object][] = [
      ['view/v2/coin_opinion_info', { viewId: id }],
      ['view/v2/coin_opinion_update', { viewId: id, coin: 'ETH', kolGroupId: '' }],
      ['view/v2/coin_opinion_detail', { viewId: id, period: '1d', interval: '1h' }],
      ['view/v2/coin_opinion_delete', { viewId: id }],
      ['view/v2/event_opinion_detail', { viewId: id, period: '1d', interval: '1h' }],
      ['view/report_detail', { viewId: id, period: '1d', interval: '1h' }],
    ];
    for (const [path, body] of calls) expect((await t.call(path, body, { token: bob })).body, path).toEqual(NOT_FOUND);
    // The wrong type for the caller's own view is not found either.
    expect((await t.call('view/v2/event_opinion_info', { viewId: id }, { token: ann })).body).toEqual(NOT_FOUND);
    expect((await t.call('view/v2/coin_opinion_info', { viewId: id }, { token: ann })).body.ret).toBe(1);
  });

  it('refuses period and interval pairs the spec does not allow', async () => {
    const id = await coinView(ann, 'BTC');
    const bad = await t.call(
      'view/v2/coin_opinion_detail',
      { viewId: id, period: '1d', interval: '1w' },
      { token: ann },
    );
    expect(bad.body).toEqual({ ret: 400, msg: 'The interval 1w cannot be used with the period 1d' });
    const unknown = await t.call(
      'view/v2/coin_opinion_detail',
      { viewId: id, period: '2d', interval: '1h' },
      { token: ann },
    );
    expect(unknown.body.ret).toBe(400);
  });

  it('returns every bucket, aligned to its interval, the last one holding now', async () => {
    const id = await coinView(ann, 'BTC');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const cases = [
      ['1d', '1m', 1440, 60],
      ['1d', '1h', 24, 3600],
      ['1w', '1d', 7, 86_400],
      ['1m', '1w', 5, 604_800],
    ] as const;
    for (const [period, interval, n, step] of cases) {
      const r = (await t.call('view/v2/coin_opinion_detail', { viewId: id, period, interval }, { token: ann })).body
        .data as Report;
      expect(r.interval_list).toHaveLength(n);
      const cts = r.interval_list.map((b) => b.ct);
      // Weeks start on Monday (epoch day 4), everything else on the epoch.
      const offset = interval === '1w' ? 4 * 86_400 : 0;
      for (const ct of cts) expect((ct - offset) % step).toBe(0);
      expect(cts.at(-1)!).toBeLessThanOrEqual(now);
      expect(cts.at(-1)! + step).toBeGreaterThan(now);
    }
    const day = (
      await t.call('view/v2/coin_opinion_detail', { viewId: id, period: '1d', interval: '1h' }, { token: ann })
    ).body.data as Report;
    expect(day.sum_info).toMatchObject({ cnt_up: 1, cnt_neutral: 1, cnt_down: 1, cnt_up_blue: 1 });
  });
});

describe('event opinion calls', () => {
  it('trim, de-duplicate and require keywords and a title', async () => {
    const blank = await t.call(
      'view/v2/event_opinion_add',
      { name: 'ETF', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: [' ', ''] }] },
      { token: ann },
    );
    expect(blank.body).toEqual({ ret: 400, msg: 'Please add at least one keyword' });
    const untitled = await t.call(
      'view/v2/event_opinion_add',
      { name: '  ', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['ETF'] }] },
      { token: ann },
    );
    expect(untitled.body).toEqual({ ret: 400, msg: 'Please enter the title' });
    const ok = await t.call(
      'view/v2/event_opinion_add',
      {
        name: ' ETF flows ',
        kolGroupId: '',
        matchingRules: [{ type: 'keywords', keywords: [' ETF', 'etf ', 'inflows'] }],
      },
      { token: ann },
    );
    expect(ok.body.ret).toBe(1);
    const id = lastSub(ok.body.data, 'event_opinion');
    const info = {
      view_id: id,
      name: 'ETF flows',
      kol_group_id: '',
      matching_rules: [{ type: 'keywords', keywords: ['ETF', 'inflows'] }],
      coins: [],
      view_type: 'event_opinion',
    };
    // Its history is counted in the background: not begun yet, then done (no progress shown).
    const counting = { viewId: id, period: '1w', interval: '1d' };
    expect((await t.call('view/v2/event_opinion_info', { viewId: id }, { token: ann })).body.data).toEqual({
      ...info,
      history_percent: 0,
    });
    const before = (await t.call('view/v2/event_opinion_detail', counting, { token: ann })).body.data as Report;
    expect(before).toMatchObject({ history_percent: 0, sum_info: { cnt_up: 0, cnt_neutral: 0, cnt_down: 0 } });
    expect(await t.services.eventHistory.drain()).toBeGreaterThan(0);
    expect((await t.call('view/v2/event_opinion_info', { viewId: id }, { token: ann })).body.data).toEqual(info);
    const r = (
      await t.call('view/v2/event_opinion_detail', { viewId: id, period: '1w', interval: '1d' }, { token: ann })
    ).body.data as Report;
    expect(r.sum_info).toMatchObject({ cnt_up: 2, cnt_neutral: 0, cnt_down: 1 });
    // Its related posts are the same posts.
    const posts = (await t.call('view/v2/tweets', { viewId: id }, { token: ann })).body.data as {
      list: { text: string }[];
    };
    expect(posts.list.map((p) => p.text).sort()).toEqual(
      ['ETF outflows, careful', 'ETH ETF staking next?', 'Spot ETF inflows keep coming'].sort(),
    );
    expect((await t.call('view/v2/event_opinion_delete', { viewId: id }, { token: bob })).body).toEqual(NOT_FOUND);
    expect((await t.call('view/v2/event_opinion_delete', { viewId: id }, { token: ann })).body.ret).toBe(1);
  });

  it('keep the coins to draw: known ones, each once, at most three', async () => {
    const body = (coins: string[]) => ({
      name: 'Hack',
      kolGroupId: '',
      matchingRules: [{ type: 'keywords', keywords: ['hack'] }],
      coins,
    });
    const ok = await t.call('view/v2/event_opinion_add', body(['eth', '$BTC', 'ETH']), { token: ann });
    expect(ok.body.ret).toBe(1);
    const id = lastSub(ok.body.data, 'event_opinion');
    const info = await t.call('view/v2/event_opinion_info', { viewId: id }, { token: ann });
    expect((info.body.data as { coins: string[] }).coins).toEqual(['ETH', 'BTC']);
    const unknown = await t.call(
      'view/v2/event_opinion_update',
      { viewId: id, ...body(['NOTACOINXYZ']) },
      { token: ann },
    );
    expect(unknown.status).toBe(400);
    const many = await t.call(
      'view/v2/event_opinion_update',
      { viewId: id, ...body(['BTC', 'ETH', 'SOL', 'XRP']) },
      { token: ann },
    );
    expect(many.status).toBe(400);
    const after = await t.call('view/v2/event_opinion_info', { viewId: id }, { token: ann });
    expect((after.body.data as { coins: string[] }).coins).toEqual(['ETH', 'BTC']);
  });
});

describe('analytics report', () => {
  it('counts the posts matching its filters, and only for its owner', async () => {
    const add = await t.call(
      'view/add',
      {
        name: 'BTC report',
        viewType: 'analytics_report',
        matchingRules: [{ type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] }],
        updateFreqSeconds: 3600,
      },
      { token: ann },
    );
    expect(add.body.ret).toBe(1);
    const id = (add.body.data as ListItem[]).at(-1)!.view_id;
    const r = (await t.call('view/report_detail', { viewId: id, period: '1d', interval: '15m' }, { token: ann })).body
      .data as Report;
    expect(r.interval_list).toHaveLength(96);
    expect(r.sum_info).toMatchObject({ cnt_up: 1, cnt_neutral: 1, cnt_down: 1 });
    expect(r.interval_list.reduce((n, b) => n + b.cnt_up + b.cnt_neutral + b.cnt_down, 0)).toBe(3);
    expect(
      (await t.call('view/report_detail', { viewId: id, period: '1d', interval: '15m' }, { token: bob })).body,
    ).toEqual(NOT_FOUND);
  });
});
