/**
 * Per-coin stance in a coin opinion view: "$BTC looks weak but $SOL is ripping" is a bearish post
 * in BTC's report and trend tabs and a bullish one in SOL's, and each tab holds exactly the posts
 * its report counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTweets } from '../support/all-tweets';
import { type TestApp, signedInApp } from '../support/test-app';
import { AUTHORS, LABELS, randomStances, rng, type Spec, save } from './exactness-support';

let t: TestApp;
let token: string;
const views: Record<string, string> = {};
type Sum = { cnt_up: number; cnt_neutral: number; cnt_down: number };

const tab = async (viewId: string, tradingTrend: string) =>
  (await allTweets(t, token, { viewId, tradingTrend })).map((p) => p.id);

beforeAll(async () => {
  ({ t, token } = await signedInApp('stance@example.com'));
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const r = rng(21);
  const specs: Spec[] = Array.from({ length: 60 }, (_, i) => {
    const coins = i % 3 === 0 ? ['SOL'] : ['BTC', 'SOL'];
    return {
      id: String(7_700_000 + i),
      author: AUTHORS[i % AUTHORS.length]!,
      ct: now - 60 * (i + 1),
      coins,
      sentiment: LABELS[Math.floor(r() * 3)]!,
      stances: randomStances(r, coins),
      text: `post ${i}`,
    };
  });
  // The post of the issue: bearish on BTC, bullish on SOL, labelled bearish as a whole.
  specs.push({
    id: '7700999',
    author: AUTHORS[0]!,
    ct: now - 30,
    coins: ['BTC', 'SOL'],
    sentiment: 'bearish',
    stances: { SOL: 'bullish' },
    text: '$BTC looks weak here but $SOL is ripping',
  });
  await save(t, specs);
  for (const coin of ['BTC', 'SOL']) {
    const res = await t.call('view/v2/coin_opinion_add', { coin, kolGroupId: '' }, { token });
    expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
    const list = res.body.data as { view_id: string; subs: { view_id: string }[] }[];
    views[coin] = list.find((v) => v.view_id === 'coin_opinion')!.subs.at(-1)!.view_id;
  }
});

afterAll(async () => {
  await t?.close();
});

describe('a coin opinion view with per-coin stances', () => {
  it('files a post under each coin by its stance toward that coin', async () => {
    expect(await tab(views.BTC!, 'bearish')).toContain('7700999');
    expect(await tab(views.BTC!, 'bullish')).not.toContain('7700999');
    expect(await tab(views.SOL!, 'bullish')).toContain('7700999');
    expect(await tab(views.SOL!, 'bearish')).not.toContain('7700999');
  });

  it("marks the coin chip whose stance differs from the post's label", async () => {
    const res = await t.call('view/v2/tweets', { viewId: views.SOL, nextCb: '', tradingTrend: '' }, { token });
    const post = (res.body.data as { list: { id: string; sentiment: string; coin_view_list: unknown[] }[] }).list.find(
      (p) => p.id === '7700999',
    )!;
    expect(post.sentiment).toBe('bearish');
    expect(post.coin_view_list).toEqual([
      { coin: 'BTC', view_id: views.BTC },
      { coin: 'SOL', view_id: views.SOL, stance: 'bullish' },
    ]);
  });

  it('shows in each trend tab exactly the posts the report counts', async () => {
    for (const coin of ['BTC', 'SOL']) {
      const res = await t.call(
        'view/v2/coin_opinion_detail',
        { viewId: views[coin], period: '1d', interval: '1h' },
        {
          token,
        },
      );
      const sum = (res.body.data as { sum_info: Sum }).sum_info;
      const tabs = {
        cnt_up: await tab(views[coin]!, 'bullish'),
        cnt_neutral: await tab(views[coin]!, 'neutral'),
        cnt_down: await tab(views[coin]!, 'bearish'),
      };
      for (const [key, ids] of Object.entries(tabs) as [keyof Sum, string[]][]) expect(sum[key], key).toBe(ids.length);
      expect(new Set([...tabs.cnt_up, ...tabs.cnt_neutral, ...tabs.cnt_down]).size).toBe(coin === 'BTC' ? 41 : 61);
    }
  });
});
