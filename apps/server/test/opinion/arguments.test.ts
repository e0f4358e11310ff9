/**
 * The bull case and the bear case (issue 33 §3, view/v2/opinion_arguments): similar posts are
 * grouped into arguments, and the shown arguments plus `other` add up to the report's own totals
 * for every period and interval, for a coin view (each post by its stance toward the coin), a
 * coin view of a KOL group and an event view, with copy clusters (counted once), posts outside
 * the window and English and Chinese posts. Also: the cap on posts grouped, a kept grouping
 * meeting new and deleted posts, bad input and another user's views.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opinionArguments } from '../../src/services/arguments/index';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { AUTHORS, copyClusters, LABELS, PAIRS, rng, type Spec, save } from './exactness-support';

let t: TestApp;
let token: string;
let other: string;
let coinView: string;
let groupView: string;
let eventView: string;
let feedView: string;
let now: number;

type Split = { cnt_up: number; cnt_neutral: number; cnt_down: number };
type Arg = Split & {
  id: string;
  side: string;
  headline: string;
  kols: { id: string; posts: number }[];
  kol_count: number;
  posts: { id: string; stance: string; ct: number }[];
};
type Answer = {
  bullish: Arg[];
  bearish: Arg[];
  other: Split & { arguments: number };
  total: Split;
  considered: number;
  considered_max: number;
};

const KEYS = ['cnt_up', 'cnt_neutral', 'cnt_down'] as const;
const plus = (a: Split, b: Split): Split => ({
  cnt_up: a.cnt_up + b.cnt_up,
  cnt_neutral: a.cnt_neutral + b.cnt_neutral,
  cnt_down: a.cnt_down + b.cnt_down,
});
const splitOf = (s: Split): Split => ({ cnt_up: s.cnt_up, cnt_neutral: s.cnt_neutral, cnt_down: s.cnt_down });

async function args(viewId: string, period = '1d', interval = '1h', as = token): Promise<Answer> {
  const res = await t.call('view/v2/opinion_arguments', { viewId, period, interval }, { token: as });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return res.body.data as Answer;
}
async function reportSum(path: string, viewId: string, period = '1d', interval = '1h'): Promise<Split> {
  const res = await t.call(path, { viewId, period, interval }, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return splitOf((res.body.data as { sum_info: Split }).sum_info);
}

/** Shown arguments + other = total = the report's sum_info; no post in two arguments. */
function expectAddsUp(a: Answer, report: Split) {
  const shown = [...a.bullish, ...a.bearish];
  const summed = shown.reduce((s, x) => plus(s, splitOf(x)), splitOf(a.other));
  expect(summed).toEqual(report);
  expect(splitOf(a.total)).toEqual(report);
  for (const k of KEYS) expect(a.other[k]).toBeGreaterThanOrEqual(0);
  const ids = shown.flatMap((x) => x.posts.map((p) => p.id));
  expect(new Set(ids).size).toBe(ids.length);
  for (const x of a.bullish) expect(x.cnt_up > x.cnt_down && x.cnt_up >= x.cnt_neutral).toBe(true);
  for (const x of a.bearish) expect(x.cnt_down > x.cnt_up && x.cnt_down >= x.cnt_neutral).toBe(true);
}

const subOf = (list: unknown, type: string) =>
  (list as { view_id: string; subs: { view_id: string }[] }[]).find((v) => v.view_id === type)!.subs.at(-1)!.view_id;

/** Themes, each worded a little differently every time (other numbers: never copies of each other). */
const THEMES: { label: (typeof LABELS)[number]; text: (n: number) => string }[] = [
  {
    label: 'bullish',
    text: (n) => `Spot ETF approval is close, ETF inflows hit ${n}M today, institutions keep buying $BTC`,
  },
  {
    label: 'bearish',
    text: (n) => `Exchange hack drained ${n}M overnight, withdrawals paused, $BTC dumping, get out of exchanges`,
  },
  { label: 'neutral', text: (n) => `$BTC chopping in the range ${n}k to ${n + 2}k, waiting for a breakout either way` },
  { label: 'bullish', text: (n) => `比特币现货ETF资金持续流入，机构还在买入，目标${n}万美元 $BTC` },
];

beforeAll(async () => {
  t = await startTestApp({ feedCacheMs: 0 });
  token = await registerAndLogin(t, 'args@example.com');
  other = await registerAndLogin(t, 'args-other@example.com', 'secret-pass', '10.9.0.2');
  now = Math.floor(t.clock.now().getTime() / 1000);
  const r = rng(33);
  const specs: Spec[] = [];
  let id = 3_300_000;
  // 4 themes × 12 posts over the last 6 days, by every author; plus posts before the month.
  for (let i = 0; i < 48; i++) {
    const theme = THEMES[i % THEMES.length]!;
    const author = AUTHORS[i % AUTHORS.length]!;
    // Mostly the theme's label, sometimes another: a split inside an argument.
    const sentiment = r() < 0.8 ? theme.label : LABELS[Math.floor(r() * 3)]!;
    specs.push({
      id: String(id++),
      author,
      ct: now - 600 - Math.floor(r() * 6 * 86_400),
      coins: ['BTC'],
      sentiment,
      text: theme.text(100 + i),
    });
  }
  // Posts naming two coins: the BTC view counts their stance toward BTC, not their label.
  for (let i = 0; i < 10; i++)
    specs.push({
      id: String(id++),
      author: AUTHORS[i % AUTHORS.length]!,
      ct: now - 900 - i * 4000,
      coins: ['BTC', 'SOL'],
      sentiment: 'bullish',
      stances: { BTC: i % 2 ? 'bearish' : 'neutral' },
      text: `$BTC looks heavy under ${200 + i} resistance while $SOL rips to new highs`,
    });
  // One-off posts, and posts older than any period (never counted for a period).
  for (let i = 0; i < 8; i++)
    specs.push({
      id: String(id++),
      author: AUTHORS[i % 6]!,
      ct: now - 1000 - i * 7000,
      coins: ['BTC'],
      sentiment: LABELS[i % 3]!,
      text: `Random thought number ${i} about $BTC and ${['coffee', 'macro', 'miners', 'halving', 'fees', 'ordinals', 'whales', 'gold'][i]}`,
    });
  for (let i = 0; i < 5; i++)
    specs.push({
      id: String(id++),
      author: AUTHORS[i]!,
      ct: now - 40 * 86_400 - i,
      coins: ['BTC'],
      sentiment: 'bullish',
      text: THEMES[0]!.text(900 + i),
    });
  await save(t, specs);
  // Copy clusters (several accounts, one text, minutes apart; some leaders arrive late).
  const { early, late } = copyClusters(r, now, 6, 3_400_000);
  await save(t, early);
  await save(t, late);

  coinView = subOf(
    (await t.call('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: '' }, { token })).body.data,
    'coin_opinion',
  );
  const groups = (await t.call('kol_group/list', {}, { token })).body.data as { id: string; default_role?: string }[];
  const top = groups.find((g) => g.default_role === 'top')!.id;
  groupView = subOf(
    (await t.call('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: top }, { token })).body.data,
    'coin_opinion',
  );
  eventView = subOf(
    (
      await t.call(
        'view/v2/event_opinion_add',
        { name: 'ETF', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['ETF', 'hack'] }] },
        { token },
      )
    ).body.data,
    'event_opinion',
  );
  await t.services.eventHistory.drain();
  const feed = await t.call(
    'view/add',
    { name: 'Feed', viewType: 'content_feed', matchingRules: [{ type: 'keywords', rules: [{ value: 'btc' }] }] },
    { token },
  );
  expect(feed.body.ret, JSON.stringify(feed.body)).toBe(1);
  feedView = (feed.body.data as { view_id: string; subs: { view_id: string }[] }[])
    .flatMap((v) => [v.view_id, ...v.subs.map((s) => s.view_id)])
    .filter((v) => /^\d+$/.test(v))
    .at(-1)!;
});

afterAll(async () => {
  await t?.close();
});

describe('opinion arguments', () => {
  it('group the themes: the ETF case on the bull side (English and Chinese apart), the hack on the bear side', async () => {
    const a = await args(coinView, '1w', '1d');
    expect(a.bullish.length).toBeGreaterThanOrEqual(2);
    expect(a.bullish.some((x) => /ETF inflows/.test(x.headline))).toBe(true);
    expect(a.bullish.some((x) => /比特币现货ETF/.test(x.headline))).toBe(true);
    expect(a.bearish[0]!.headline).toMatch(/Exchange hack/);
    // The theme's 12 posts are one argument, by its three authors (posts 1, 5, 9... of six authors).
    const hack = a.bearish[0]!;
    expect(hack.cnt_up + hack.cnt_neutral + hack.cnt_down).toBe(12);
    expect(hack.kol_count).toBe(3);
    expect(hack.posts.length).toBe(10);
    // The two-coin posts count by their BTC stance (neutral/bearish), not their bullish label.
    const heavy = [...a.bullish, ...a.bearish].find((x) => /looks heavy/.test(x.headline));
    expect(heavy?.side).toBe('bearish');
    expect(heavy?.cnt_up).toBe(0);
  });

  it('add up to the report for every period and interval: coin, coin of a group, event', async () => {
    for (const [period, interval] of PAIRS) {
      expectAddsUp(
        await args(coinView, period, interval),
        await reportSum('view/v2/coin_opinion_detail', coinView, period, interval),
      );
      expectAddsUp(
        await args(groupView, period, interval),
        await reportSum('view/v2/coin_opinion_detail', groupView, period, interval),
      );
      expectAddsUp(
        await args(eventView, period, interval),
        await reportSum('view/v2/event_opinion_detail', eventView, period, interval),
      );
    }
    // Not everyone is in the top group: the group's report is smaller, and so are its arguments.
    const all = await reportSum('view/v2/coin_opinion_detail', coinView, '1m', '1d');
    const group = await reportSum('view/v2/coin_opinion_detail', groupView, '1m', '1d');
    expect(group.cnt_up + group.cnt_neutral + group.cnt_down).toBeLessThan(all.cnt_up + all.cnt_neutral + all.cnt_down);
  });

  it('list no copy of another account post, and nothing outside the window', async () => {
    const a = await args(coinView, '1m', '1d');
    const ids = [...a.bullish, ...a.bearish].flatMap((x) => x.posts.map((p) => p.id));
    const rows = await t.db.query<{ id: string; copy_of: string | null; ct: number }>(
      'SELECT id, copy_of, ct FROM posts WHERE id = ANY($1::text[])',
      [ids],
    );
    expect(rows.length).toBe(ids.length);
    for (const row of rows) {
      expect(row.copy_of).toBeNull();
      expect(Number(row.ct)).toBeGreaterThan(now - 31 * 86_400);
    }
  });

  it('count posts beyond the cap in other, still adding up', async () => {
    const capped = opinionArguments({
      db: t.db,
      clock: t.clock,
      views: t.services.views,
      kolGroups: t.services.kolGroups,
      opinion: t.services.opinion,
      consideredMax: 15,
    });
    const userId = Number(
      (await t.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'args@example.com'"))[0]!.id,
    );
    const a = await capped.get(userId, { viewId: coinView, period: '1m', interval: '1d' });
    expect(a.considered).toBe(15);
    const report = await reportSum('view/v2/coin_opinion_detail', coinView, '1m', '1d');
    const shown = [...a.bullish, ...a.bearish].reduce((s, x) => s + x.cntUp + x.cntNeutral + x.cntDown, 0);
    const counted = report.cnt_up + report.cnt_neutral + report.cnt_down;
    expect(shown + a.other.cntUp + a.other.cntNeutral + a.other.cntDown).toBe(counted);
    expect(a.other.cntUp + a.other.cntNeutral + a.other.cntDown).toBeGreaterThanOrEqual(counted - 15);
  });

  it('still add up after new posts arrive and a shown post is deleted (a kept grouping)', async () => {
    const before = await args(coinView);
    await save(t, [
      {
        id: '3390001',
        author: AUTHORS[0]!,
        ct: now - 30,
        coins: ['BTC'],
        sentiment: 'bullish',
        text: 'Something new entirely: $BTC mempool is empty tonight',
      },
    ]);
    const after = await args(coinView);
    expectAddsUp(after, await reportSum('view/v2/coin_opinion_detail', coinView));
    expect(after.other.cnt_up).toBe(before.other.cnt_up + 1);
    // A shown post deleted: the kept grouping no longer fits the totals, so it is made again.
    const victim = [...after.bullish, ...after.bearish][0]!.posts[0]!.id;
    await t.db.query('DELETE FROM posts WHERE id = $1', [victim]);
    const again = await args(coinView);
    expectAddsUp(again, await reportSum('view/v2/coin_opinion_detail', coinView));
    expect([...again.bullish, ...again.bearish].flatMap((x) => x.posts.map((p) => p.id))).not.toContain(victim);
  });

  it('refuse bad input clearly, in the request language', async () => {
    const bad = async (body: unknown, lang?: string) =>
      (await t.call('view/v2/opinion_arguments', body, { token, lang })).body as { ret: number; msg: string };
    const wrongInterval = await bad({ viewId: coinView, period: '1m', interval: '1m' });
    expect(wrongInterval.ret).not.toBe(1);
    expect(wrongInterval.msg).toMatch(/interval 1m cannot be used with the period 1m/);
    expect((await bad({ viewId: coinView, period: '1m', interval: '1m' }, 'zh-CN')).msg).toMatch(/不支持粒度/);
    const noPeriod = await bad({ viewId: coinView, interval: '1h' });
    expect(noPeriod.ret).not.toBe(1);
    expect(noPeriod.msg.length).toBeGreaterThan(0);
    expect((await bad({ viewId: 'x; drop', period: '1d', interval: '1h' })).ret).not.toBe(1);
    const feed = await bad({ viewId: feedView, period: '1d', interval: '1h' });
    expect(feed.msg).toBe('Arguments are made only for coin and event opinion views');
    expect((await bad({ viewId: feedView, period: '1d', interval: '1h' }, 'zh-CN')).msg).toBe(
      '只有币种观点和事件观点视图可以归纳论点',
    );
    const anon = await t.call('view/v2/opinion_arguments', { viewId: coinView, period: '1d', interval: '1h' });
    expect(anon.body.ret).not.toBe(1);
    expect(anon.status).toBe(401);
  });

  it("keep another user's views out of reach", async () => {
    for (const viewId of [coinView, groupView, eventView]) {
      const res = await t.call('view/v2/opinion_arguments', { viewId, period: '1d', interval: '1h' }, { token: other });
      expect(res.body.ret, JSON.stringify(res.body)).not.toBe(1);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/ETF|hack/);
    }
  });
});
