/**
 * Opinion alert calls (issue 33 §1): validation in the reader's language, limits, ownership (no
 * call reaches another user's views, rules or alerts), and a rule firing once per crossing with
 * its numbers named, then re-arming when the move falls back halfway.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePosts } from '../support/store-posts';
import { registerAndLogin, type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let ann: string;
let bob: string;
const NOT_FOUND = { ret: 404, msg: 'Not found' };
type ListItem = { view_id: string; subs: { view_id: string }[] };

const ok = async (path: string, body: object, token: string, lang?: 'en' | 'zh-CN') => {
  const res = await t.call(path, body, { token, ...(lang ? { lang } : {}) });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return res.body.data as Record<string, unknown>;
};
const lastSub = (list: unknown, group: string) =>
  (list as ListItem[]).find((v) => v.view_id === group)!.subs.at(-1)!.view_id;
const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('ann-alerts@example.com'));
  bob = await registerAndLogin(t, 'bob-alerts@example.com', 'secret-pass', '10.9.0.2');
});
afterAll(async () => {
  await t?.close();
});

async function coinView(token: string, coin: string) {
  return lastSub(await ok('view/v2/coin_opinion_add', { coin, kolGroupId: '' }, token), 'coin_opinion');
}

describe('alert rules', () => {
  it('refuse bad input clearly, in the reader language', async () => {
    const view = await coinView(ann, 'SOL');
    const base = { viewId: view, kind: 'sentiment_swing', window: '4h', threshold: 20, minPosts: 10 };
    const cases: [object, string, string][] = [
      [
        { kind: 'sideways' },
        'The alert kind is sentiment_swing or mention_spike',
        '提醒类型只能是 sentiment_swing 或 mention_spike',
      ],
      [{ window: '2h' }, 'The window is 1h, 4h or 24h', '时间窗口只能是 1h、4h 或 24h'],
      [{ threshold: 2 }, 'A swing is 5 to 100 whole points; a spike is 1.5 to 50 times the average', ''],
      [{ threshold: 12.5 }, 'A swing is 5 to 100 whole points; a spike is 1.5 to 50 times the average', ''],
      [
        { kind: 'mention_spike', threshold: 60 },
        'A swing is 5 to 100 whole points; a spike is 1.5 to 50 times the average',
        '',
      ],
      [{ threshold: 'lots' }, 'A swing is 5 to 100 whole points; a spike is 1.5 to 50 times the average', ''],
      [{ minPosts: 1 }, 'The minimum posts is a whole number from 5 to 100,000', '最少帖子数须为 5 到 100,000 的整数'],
    ];
    for (const [change, en, zh] of cases) {
      const res = await t.call('alert/add', { ...base, ...change }, { token: ann });
      expect(res.body, JSON.stringify(change)).toEqual({ ret: 400, msg: expect.stringContaining(en) });
      if (zh) {
        const cn = await t.call('alert/add', { ...base, ...change }, { token: ann, lang: 'zh-CN' });
        expect(cn.body).toEqual({ ret: 400, msg: expect.stringContaining(zh) });
      }
    }
    // A spike of 1.5 times is fine, a swing of 100 points too.
    await ok('alert/add', { ...base, kind: 'mention_spike', threshold: 1.5 }, ann);
    await ok('alert/add', { ...base, threshold: 100 }, ann);
    // Only coin and event opinion views take alerts.
    const feed = ((await ok('view/v2/list', {}, ann)) as unknown as { view_id: string; view_type: string }[]).find(
      (v) => v.view_type === 'normal',
    );
    if (feed) {
      const res = await t.call('alert/add', { ...base, viewId: feed.view_id }, { token: ann });
      expect(res.body).toEqual({ ret: 400, msg: 'Alerts are set on coin or event opinion views' });
    }
  });

  it('keep to the limits per view', async () => {
    const view = await coinView(ann, 'DOGE');
    const body = { viewId: view, kind: 'mention_spike', window: '1h', threshold: 3, minPosts: 10 };
    await Promise.all(Array.from({ length: 7 }, () => t.call('alert/add', body, { token: ann })));
    const list = await ok('alert/list', { viewId: view }, ann);
    expect((list.list as unknown[]).length).toBe(5);
    expect(list.per_view).toBe(5);
    const res = await t.call('alert/add', body, { token: ann, lang: 'zh-CN' });
    expect(res.body).toEqual({ ret: 400, msg: '每个视图最多可设置 5 条提醒' });
  });

  it("never reach another user's views, rules or alerts", async () => {
    const annView = await coinView(ann, 'ADA');
    const rule = await ok(
      'alert/add',
      { viewId: annView, kind: 'sentiment_swing', window: '1h', threshold: 20, minPosts: 10 },
      ann,
    );
    const id = String(rule.alert_id);
    const attempts: [string, object][] = [
      ['alert/add', { viewId: annView, kind: 'sentiment_swing', window: '1h', threshold: 20, minPosts: 10 }],
      ['alert/update', { alertId: id, kind: 'sentiment_swing', window: '24h', threshold: 50, minPosts: 10 }],
      ['alert/delete', { alertId: id }],
      ['alert/list', { viewId: annView }],
      ['alert/events', { viewId: annView }],
    ];
    for (const [path, body] of attempts) {
      expect((await t.call(path, body, { token: bob })).body, path).toEqual(NOT_FOUND);
    }
    expect((await ok('alert/list', {}, bob)).list).toEqual([]);
    // Still Ann's, unchanged.
    const mine = (await ok('alert/list', { viewId: annView }, ann)).list as { alert_id: string; window: string }[];
    expect(mine).toEqual([expect.objectContaining({ alert_id: id, window: '1h' })]);
    // Without a session, nothing.
    expect((await t.call('alert/list', {})).body.ret).toBe(401);
  });
});

describe('an alert', () => {
  it('fires once per crossing, names its numbers in both languages, and re-arms when it falls back', async () => {
    const view = await coinView(ann, 'LINK');
    const rule = await ok(
      'alert/add',
      { viewId: view, kind: 'sentiment_swing', window: '1h', threshold: 30, minPosts: 5 },
      ann,
    );
    // The minute just begun; the windows end there: [m-1h, m) against [m-2h, m-1h).
    const m = nowS() - (nowS() % 60);
    const posts = (from: number, up: number, down: number, tag: string) =>
      Array.from({ length: up + down }, (_, i) => ({
        text: `LINK ${tag} ${i}`,
        ct: from + 60 + i * 60,
        coins: ['LINK'],
        sentiment: (i < up ? 'bullish' : 'bearish') as 'bullish' | 'bearish',
        authorId: String(700 + i),
        username: `linker${i}`,
      }));
    // Before: 2 of 8 bullish (25 %); now: 7 of 10 (70 %): a 45-point swing.
    await storePosts(t.db, [...posts(m - 7200, 2, 6, 'before'), ...posts(m - 3600, 7, 3, 'now')]);
    const first = await t.services.alerts.evaluateMinute(m);
    expect(first).toMatchObject({ fired: 1 });
    // The same minute again is nobody's (claimed), and the next one does not fire again.
    expect(await t.services.alerts.evaluateMinute(m)).toBeNull();
    expect(await t.services.alerts.evaluateMinute(m + 60)).toMatchObject({ fired: 0, rearmed: 0 });

    const en = await ok('alert/events', { viewId: view }, ann);
    const [event] = en.list as Record<string, unknown>[];
    expect(event).toMatchObject({
      alert_id: rule.alert_id,
      view_id: view,
      kind: 'sentiment_swing',
      window: '1h',
      at: m,
      subject: 'LINK',
      group_name: 'All KOLs',
      now: { up: 7, neutral: 0, down: 3 },
      before: { up: 2, neutral: 0, down: 6 },
      text: 'LINK: bullish 25 % → 70 % in 1 h among All KOLs, 10 posts',
    });
    const zh = await ok('alert/events', { viewId: view }, ann, 'zh-CN');
    expect((zh.list as { text: string }[])[0]!.text).toBe('LINK：全部 KOL 1 小时内看涨占比 25% → 70%，共 10 条');
    // The numbers agree with the report over the same window (the report opened at the alert's time).
    const report = await ok(
      'view/v2/coin_opinion_detail',
      { viewId: view, period: '1d', interval: '1m', at: m - 1 },
      ann,
    );
    const buckets = report.interval_list as { ct: number; cnt_up: number; cnt_down: number }[];
    const inWindow = buckets.filter((b) => b.ct >= m - 3600 && b.ct < m);
    expect(inWindow.reduce((s, b) => s + b.cnt_up, 0)).toBe(7);
    expect(inWindow.reduce((s, b) => s + b.cnt_down, 0)).toBe(3);
    expect((await ok('alert/list', { viewId: view }, ann)).list).toEqual([
      expect.objectContaining({ alert_id: rule.alert_id, armed: false }),
    ]);

    // An hour later the window before holds the 70 %, the new one nothing: too few posts to
    // measure, the rule stays disarmed. Then a window as bullish as the last: it falls back, re-arms.
    t.clock.advance(3600);
    const m2 = m + 3600;
    expect(await t.services.alerts.evaluateMinute(m2)).toMatchObject({ fired: 0, rearmed: 0 });
    await storePosts(t.db, posts(m, 7, 3, 'again'));
    expect(await t.services.alerts.evaluateMinute(m2 + 60)).toMatchObject({ fired: 0, rearmed: 1 });
    expect((await ok('alert/list', { viewId: view }, ann)).list).toEqual([expect.objectContaining({ armed: true })]);
    // Bob's alert list is empty; Ann's lists the one alert.
    expect((await ok('alert/events', {}, bob)).list).toEqual([]);
    expect((await ok('alert/events', {}, ann)).list).toHaveLength(1);
  });
});
