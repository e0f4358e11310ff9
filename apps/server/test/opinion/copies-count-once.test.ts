/**
 * A copy-paste cluster counts once in the reports and the ranking (issue 17 §3, src/services/README.md
 * "Near-duplicates"): four accounts posting one bullish $BTC sentence within 15 minutes are one
 * post in the coin and event opinion reports and one author in the hot-coin ranking, the first
 * poster's. A fifth account's earlier post arriving later takes the lead (a repoint): still one,
 * now its own. Deleting the leader leaves its copies pointing at it: the counts follow copy_of,
 * so the cluster then counts nowhere (the ingest never deletes posts; this is what a manual
 * delete does), and the report's posts list agrees. Statistics keep counting every post. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { AUTHORS, detail, save, type Spec } from './exactness-support';

let t: TestApp;
let token: string;
let coinView: string;
let eventView: string;
let rankView: string;
let now: number;

const TEXT = 'Bitcoin is breaking out right now, $BTC to 150k this week, load up before it is too late';
const post = (i: number, ct: number): Spec => ({
  id: String(6_600_000 + i),
  author: AUTHORS[i]!,
  ct,
  coins: ['BTC'],
  sentiment: 'bullish',
  text: TEXT,
});

async function subView(path: string, body: unknown, type: string): Promise<string> {
  const res = await t.call(path, body, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
  return list.find((v) => v.view_id === type)!.subs.at(-1)!.view_id;
}

/**
 * What each count says of the cluster: report posts, ranking posts and the ranking's authors, and
 * the coin report's bullish posts list (copies left out, as its counts leave them).
 */
async function counts() {
  const sums = async (path: string, viewId: string) =>
    ((await detail(t, token, path, viewId, '1d', '1h')) as { sum_info: { cnt_up: number } }).sum_info.cnt_up;
  const [sumsRow] = await t.db.query<{ posts: number }>(
    `SELECT coalesce(sum(posts), 0)::int AS posts FROM ranking_coin_sums WHERE res = 86400 AND coin = 'BTC'`,
  );
  // The ranking answers one question a minute from memory (RANK_CACHE_MS): ask in a new minute.
  t.clock.advance(60);
  const res = await t.call('view/ranking_list', { viewId: rankView }, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  const btc = (res.body.data as { list: { coin: string; users_whistleblower: { username: string }[] }[] }).list.find(
    (i) => i.coin === 'BTC',
  );
  const tab = await t.call('view/v2/tweets', { viewId: coinView, nextCb: '', tradingTrend: 'bullish' }, { token });
  expect(tab.body.ret, JSON.stringify(tab.body)).toBe(1);
  const listed = (tab.body.data as { list: { user: { username: string } }[] }).list.map((p) => p.user.username);
  const [stat] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM posts WHERE coins @> ARRAY['BTC']`);
  return {
    coin: await sums('view/v2/coin_opinion_detail', coinView),
    event: await sums('view/v2/event_opinion_detail', eventView),
    rankingPosts: sumsRow!.posts,
    whistleblowers: btc?.users_whistleblower.map((u) => u.username) ?? [],
    listed,
    stored: stat!.n,
  };
}

beforeAll(async () => {
  // Feed pages uncached: the posts list is read right after each save.
  t = await startTestApp({ feedCacheMs: 0 });
  token = await registerAndLogin(t, 'copies@example.com');
  now = Math.floor(t.clock.now().getTime() / 1000);
  coinView = await subView('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: '' }, 'coin_opinion');
  eventView = await subView(
    'view/v2/event_opinion_add',
    { name: 'Breakout', kolGroupId: '', matchingRules: [{ type: 'keywords', keywords: ['breaking out'] }] },
    'event_opinion',
  );
  const res = await t.call('view/add', { name: 'Hot', viewType: 'ranking_list', matchingRules: [] }, { token });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  rankView = (res.body.data as { view_id: string; view_type: string }[])
    .filter((v) => v.view_type === 'ranking_list')
    .at(-1)!.view_id;
  await t.services.eventHistory.drain();
});

afterAll(async () => {
  await t?.close();
});

describe('a copy-paste cluster', () => {
  it('counts once, for its leader, in the opinion reports and the ranking', async () => {
    // Four accounts, one sentence, within 15 minutes: the first leads, three copy it.
    await save(
      t,
      [0, 1, 2, 3].map((i) => post(i, now - 1800 + i * 300)),
    );
    const [copies] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts WHERE copy_of IS NOT NULL');
    expect(copies!.n).toBe(3);
    expect(await counts()).toEqual({
      coin: 1,
      event: 1,
      rankingPosts: 1,
      whistleblowers: ['u101'],
      listed: ['u101'],
      stored: 4,
    });
  });

  it('still counts once when an earlier post arrives later and takes the lead', async () => {
    await save(t, [post(4, now - 2400)]);
    const leaders = await t.db.query<{ id: string }>('SELECT id FROM posts WHERE copy_of IS NULL');
    expect(leaders.map((r) => r.id)).toEqual([post(4, 0).id]);
    expect(await counts()).toEqual({
      coin: 1,
      event: 1,
      rankingPosts: 1,
      whistleblowers: ['u105'],
      listed: ['u105'],
      stored: 5,
    });
  });

  it('counts nowhere once its leader is deleted (the copies keep pointing at it)', async () => {
    await t.db.query('DELETE FROM posts WHERE id = $1', [post(4, 0).id]);
    // The posts list lists what the counts count: no copies, though no leader is left to fold into.
    expect(await counts()).toEqual({
      coin: 0,
      event: 0,
      rankingPosts: 0,
      whistleblowers: [],
      listed: [],
      stored: 4,
    });
  });
});
