/**
 * Notification views: validation and defaults on save, matching by keywords and sources (superKOL,
 * x, forwarded messages), paging across posts and messages, and ownership.
 */
import { SUPER_KOL_MIN_FOLLOWERS } from '@kolscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, type TestApp, signedInApp } from '../support/test-app';
import { addNotificationView, enableSource, forward, items } from './support';

let t: TestApp;
let ann: string;
let bob: string;
const T0 = 1_763_000_000;

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('ann@example.com'));
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.0.2');
  await storePosts(t.db, [
    { id: '9001', text: 'BTC ETF approved by the SEC', ct: T0 + 10, authorId: '1', username: 'whale', followers: 2e6 },
    { id: '9002', text: 'Small account says BTC to the moon', ct: T0 + 20, authorId: '2', username: 'minnow' },
    {
      id: '9003',
      text: 'Exactly at the bar: BTC breakout',
      ct: T0 + 30,
      authorId: '3',
      username: 'edge',
      followers: SUPER_KOL_MIN_FOLLOWERS,
    },
    { id: '9004', text: 'ETH gas is low today', ct: T0 + 40, authorId: '1', username: 'whale', followers: 2e6 },
    { id: '9005', text: 'Untracked account on BTC', ct: T0 + 50, authorId: '4', username: 'stranger', followers: 5e6 },
  ]);
  await t.db.query(`UPDATE x_accounts SET tracked = false WHERE id = '4'`);
});
afterAll(() => t.close());

describe('saving a notification view', () => {
  it('refuses a missing title, missing keywords, other rule types and no source, in both languages', async () => {
    const base = { viewType: 'notification', matchingRules: [{ type: 'keywords', rules: [{ value: 'btc' }] }] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, name: '   ' }, 'Please enter the title', '请输入标题'],
      [{ ...base, name: 'n', matchingRules: [] }, 'Please set filter conditions', '请设置筛选条件'],
      [
        { ...base, name: 'n', matchingRules: [{ type: 'keywords', rules: [{ value: '  ' }] }] },
        'Please set filter conditions',
        '请设置筛选条件',
      ],
      [
        { ...base, name: 'n', matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] },
        'Notification views match keywords only',
        '通知视图只支持关键词规则',
      ],
      [{ ...base, name: 'n', dataSources: [] }, 'Please choose at least one data source', '请至少选择一个数据源'],
      [
        { ...base, name: 'n', dataSources: ['sms'] },
        'Invalid value for "data_sources[0]"',
        '字段 "data_sources[0]" 的值无效',
      ],
    ];
    for (const [body, en, zh] of cases) {
      expect((await t.call('view/add', body, { token: ann })).body).toEqual({ ret: 400, msg: en });
      expect((await t.call('view/add', body, { token: ann, lang: 'zh-CN' })).body).toEqual({ ret: 400, msg: zh });
    }
  });

  it('fills the defaults (superKOL only, no push, 60 s) and keeps what is sent', async () => {
    const plain = await addNotificationView(t, ann, { keywords: ['btc', ' BTC ', ''] });
    expect((await t.call('view/info', { viewId: plain }, { token: ann })).body.data).toEqual({
      name: 'alerts',
      view_type: 'notification',
      matching_rules: [{ type: 'keywords', rules: [{ label: 'btc', value: 'btc' }] }],
      data_sources: ['superKOL'],
      notification_enabled: false,
      update_freq_seconds: 60,
    });
    const full = await addNotificationView(t, ann, {
      keywords: ['eth'],
      dataSources: ['telegram', 'x', 'telegram'],
      notificationEnabled: true,
      updateFreqSeconds: 3600,
    });
    expect((await t.call('view/info', { viewId: full }, { token: ann })).body.data).toMatchObject({
      data_sources: ['x', 'telegram'],
      notification_enabled: true,
      update_freq_seconds: 3600,
    });
    const upd = await t.call(
      'view/update',
      {
        viewId: full,
        name: 'renamed',
        viewType: 'notification',
        matchingRules: [{ type: 'keywords', rules: [{ value: 'sol' }] }],
      },
      { token: ann },
    );
    expect(upd.body).toEqual({ ret: 1, data: null });
    // Update replaces the settings: what is left out takes its default again.
    expect((await t.call('view/info', { viewId: full }, { token: ann })).body.data).toMatchObject({
      name: 'renamed',
      data_sources: ['superKOL'],
      notification_enabled: false,
    });
  });
});

describe('view/notifications', () => {
  it('superKOL lists tracked authors from the follower threshold up, newest first, with the card fields', async () => {
    const v = await addNotificationView(t, ann, { keywords: ['btc'] });
    const page = await items(t, ann, v);
    expect(page.list.map((i) => i.id)).toEqual(['p:9003', 'p:9001']);
    expect(page.list[1]).toEqual({
      id: 'p:9001',
      source: 'superKOL',
      avatar: 'https://pbs.example/icon.png',
      username: 'whale',
      name: 'Chart Wizard',
      title: '',
      publish_time: T0 + 10,
      content: 'BTC ETF approved by the SEC',
      tags: ['btc'],
      images: [],
    });
    expect(page).toMatchObject({ more: 0 });
  });

  it('x lists every tracked KOL, and each item says whether its author is a superKOL', async () => {
    const v = await addNotificationView(t, ann, { keywords: ['btc', 'moon'], dataSources: ['x'] });
    const page = await items(t, ann, v);
    expect(page.list.map((i) => [i.id, i.source])).toEqual([
      ['p:9003', 'superKOL'],
      ['p:9002', 'x'],
      ['p:9001', 'superKOL'],
    ]);
    expect(page.list[1]?.tags).toEqual(['btc', 'moon']);
  });

  it('needs every keyword group, with word boundaries', async () => {
    const v = await addNotificationView(t, ann, { keywords: [['btc'], ['etf', 'sec']], dataSources: ['x'] });
    expect((await items(t, ann, v)).list.map((i) => i.id)).toEqual(['p:9001']);
    const none = await addNotificationView(t, ann, { keywords: ['bt'], dataSources: ['x'] });
    expect((await items(t, ann, none)).list).toEqual([]);
  });

  it('custom sources only: no X post, only the owner’s messages of those sources', async () => {
    const v = await addNotificationView(t, ann, { keywords: ['btc'], dataSources: ['telegram'] });
    expect((await items(t, ann, v)).list).toEqual([]);
    const token = await enableSource(t, ann, 'telegram');
    await enableSource(t, ann, 'wechat');
    const sent = await forward(t, token, {
      app: 'org.telegram.messenger',
      sender: 'Alice',
      title: 'Alpha calls',
      text: 'BTC long here',
      time: T0 + 35,
    });
    expect(sent.body.data).toEqual({ stored: true, source: 'telegram', reason: 'stored' });
    // WeChat is on but this view does not take it; another view does, so it is stored.
    await addNotificationView(t, ann, { keywords: ['btc'], dataSources: ['wechat'] });
    expect(
      (await forward(t, token, { app: 'WeChat', sender: 'Bo', text: 'btc dip', time: T0 + 36 })).body.data,
    ).toMatchObject({ stored: true, source: 'wechat' });
    const page = await items(t, ann, v);
    expect(page.list).toEqual([
      {
        id: expect.stringMatching(/^m:\d+$/),
        source: 'telegram',
        avatar: '',
        username: 'Alice',
        name: '',
        title: 'Alpha calls',
        publish_time: T0 + 35,
        content: 'BTC long here',
        tags: ['btc'],
        images: [],
      },
    ]);
    // Bob's view with the same rules sees nothing of Ann's.
    const bobs = await addNotificationView(t, bob, { keywords: ['btc'], dataSources: ['telegram', 'wechat'] });
    expect((await items(t, bob, bobs)).list).toEqual([]);
  });

  it('pages across posts and messages without repeating or skipping, a post first at the same time', async () => {
    const session = await registerAndLogin(t, 'pager@example.com', 'secret-pass', '10.9.0.3');
    const token = await enableSource(t, session, 'discord');
    const v = await addNotificationView(t, session, { keywords: ['pagetest'], dataSources: ['superKOL', 'discord'] });
    const posts = Array.from({ length: 25 }, (_, i) => ({
      id: String(70_000 + i),
      text: `pagetest post ${i}`,
      ct: T0 + 1000 + i * 2,
      authorId: '1',
      username: 'whale',
      followers: 2e6,
    }));
    await storePosts(t.db, posts);
    // Messages between the posts, and two at the very time of a post.
    for (let i = 0; i < 22; i++) {
      const at = i < 2 ? T0 + 1000 + 10 : T0 + 1001 + i * 2;
      expect(
        (await forward(t, token, { app: 'discord', text: `pagetest msg ${i}`, time: at })).body.data,
      ).toMatchObject({ stored: true });
    }
    const seen: string[] = [];
    let nextCb = '';
    let more = 1;
    let pages = 0;
    while (more) {
      const page = await items(t, session, v, nextCb);
      seen.push(...page.list.map((i) => `${i.publish_time}|${i.id}`));
      expect(page.list.length).toBeLessThanOrEqual(20);
      ({ more, next_cb: nextCb } = page);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen.length).toBe(47);
    expect(new Set(seen).size).toBe(47);
    const times = seen.map((s) => Number(s.split('|')[0]));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // At T0+1010 the post comes first, then the two messages.
    const at = seen.filter((s) => s.startsWith(`${T0 + 1010}|`)).map((s) => s.split('|')[1]!.slice(0, 1));
    expect(at).toEqual(['p', 'm', 'm']);
  });

  it('answers 404 for another user’s view, a view of another type or an unknown id; 400 for a bad cursor', async () => {
    const v = await addNotificationView(t, ann, { keywords: ['btc'] });
    for (const [viewId, session] of [
      [v, bob],
      ['999999', ann],
      ['abc', ann],
    ] as const) {
      expect((await t.call('view/notifications', { viewId }, { token: session })).body).toEqual({
        ret: 404,
        msg: 'Not found',
      });
    }
    const feed = (await t.call('view/v2/list', {}, { token: ann })).body.data as {
      view_id: string;
      view_type: string;
    }[];
    const contentFeed = feed.find((x) => x.view_type === 'content_feed')!.view_id;
    expect((await t.call('view/notifications', { viewId: contentFeed }, { token: ann })).status).toBe(404);
    expect((await t.call('view/info', { viewId: v }, { token: bob })).status).toBe(404);
    expect((await t.call('view/notifications', { viewId: v, nextCb: 'bm9wZQ' }, { token: ann })).body).toEqual({
      ret: 400,
      msg: 'The page cursor is not valid; reload the list',
    });
    expect((await t.call('view/notifications', { viewId: v })).status).toBe(401);
  });
});
