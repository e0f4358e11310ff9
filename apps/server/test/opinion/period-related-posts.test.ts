/**
 * A report's related posts are the posts its chart and cards count, at every period (issue 29: at
 * 1 day the chart said "no posts" while posts from two weeks ago were listed below it). Posts sit
 * at ages inside and outside each window; for 1 day, 1 week and 1 month, every tab lists exactly
 * the posts the report counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventHistory } from '../../src/services/event-history';
import { localBus } from '../../src/services/events/local';
import { allTweets } from '../support/all-tweets';
import { storePosts } from '../support/store-posts';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;
let coinView: string;
let eventView: string;
type Report = {
  sum_info: { cnt_up: number; cnt_neutral: number; cnt_down: number };
  interval_list: { ct: number }[];
  history_percent?: number;
};
let ages: number[] = [];
let now = 0;
type Page = { list: { id: string; ct: number }[]; more: number; next_cb: string };

const PERIODS = [
  { period: '1d', interval: '1h' },
  { period: '1w', interval: '1d' },
  { period: '1m', interval: '1d' },
] as const;
const SENTIMENTS = ['bullish', 'neutral', 'bearish'] as const;
const HOUR = 3600;

const allPosts = (viewId: string, tradingTrend: string, window: object) =>
  allTweets<Page['list'][number]>(t, token, { viewId, tradingTrend, ...window });

beforeAll(async () => {
  ({ t, token } = await signedInApp('periods@example.com'));
  now = Math.floor(t.clock.now().getTime() / 1000);
  // Ages from an hour to seven weeks: some in every window, some in none.
  ages = [1, 5, 20, 30, 50, 100, 160, 200, 400, 600, 800, 1200];
  await storePosts(
    t.db,
    ages.map((hours, i) => ({
      text: `Solana ETF filing number ${i} is news to ${['me', 'us', 'all'][i % 3]} (${hours}h)`,
      ct: now - hours * HOUR,
      coins: ['SOL'],
      sentiment: SENTIMENTS[i % 3],
      authorId: String(9000 + i),
      username: `kol${i}`,
    })),
  );
  coinView = (
    (await t.call('view/v2/coin_opinion_add', { coin: 'SOL' }, { token })).body.data as {
      subs: { view_id: string }[];
      view_type: string;
    }[]
  )
    .find((v) => v.view_type === 'coin_opinion')!
    .subs.at(-1)!.view_id;
  const rules = [{ type: 'keywords', rules: [{ value: 'Solana ETF' }] }];
  eventView = (
    (await t.call('view/v2/event_opinion_add', { name: 'SOL ETF', matchingRules: rules }, { token })).body.data as {
      subs: { view_id: string }[];
      view_type: string;
    }[]
  )
    .find((v) => v.view_type === 'event_opinion')!
    .subs.at(-1)!.view_id;
  // The event view's history is counted by the background count: run it to the end here.
  const history = eventHistory({ db: t.db, events: localBus(), log: () => {} });
  for (let i = 0; i < 100 && (await history.step()); i++);
});
afterAll(() => t?.close());

describe.each([
  ['coin', 'view/v2/coin_opinion_detail', () => coinView],
  ['event', 'view/v2/event_opinion_detail', () => eventView],
])('a %s view', (_kind, detailCall, viewOf) => {
  it.each(PERIODS)('lists at $period exactly what the report counts', async (window) => {
    const viewId = viewOf();
    const report = (await t.call(detailCall, { viewId, ...window }, { token })).body.data as Report;
    expect(report.history_percent).toBeUndefined();
    const tabs = {
      cnt_up: await allPosts(viewId, 'bullish', window),
      cnt_neutral: await allPosts(viewId, 'neutral', window),
      cnt_down: await allPosts(viewId, 'bearish', window),
    };
    for (const [key, posts] of Object.entries(tabs) as [keyof Report['sum_info'], Page['list']][]) {
      expect(posts.length, key).toBe(report.sum_info[key]);
    }
    const all = await allPosts(viewId, '', window);
    const total = report.sum_info.cnt_up + report.sum_info.cnt_neutral + report.sum_info.cnt_down;
    expect(all.length).toBe(total);
    // The window starts at the first bucket; the posts inside it are the ones stored above, and
    // every period leaves some out, so a list that ignored the period would fail.
    const from = report.interval_list[0]!.ct;
    const inside = ages.filter((h) => now - h * HOUR >= from).length;
    expect(total).toBe(inside);
    expect(inside).toBeGreaterThan(0);
    expect(inside).toBeLessThan(ages.length);
  });
});
