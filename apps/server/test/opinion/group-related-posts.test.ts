/**
 * Coin and event opinion views limited to a KOL group: the related posts (every trend tab, every
 * page), the chart and the stat cards count exactly the group's members' posts (issue 12, 1.1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTweets } from '../support/all-tweets';
import { storePosts } from '../support/store-posts';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let ann: string;
let onlyAlice: string;
let topInfluencers: string;
type Report = {
  interval_list: { cnt_up: number; cnt_neutral: number; cnt_down: number }[];
  sum_info: { cnt_up: number; cnt_neutral: number; cnt_down: number };
};
type Page = { list: { id: string; user: { id: string }; sentiment: string }[]; more: number; next_cb: string };

// alice (740 followers) is the whitelisted member; bob (832) and carol (500k) post too; dave
// (20M) is in the group's follower range but blacklisted.
const AUTHORS = {
  alice: { authorId: '7401', username: 'alice', followers: 740 },
  bob: { authorId: '8321', username: 'bob', followers: 832 },
  carol: { authorId: '5001', username: 'carol', followers: 500_000 },
  dave: { authorId: '2001', username: 'dave', followers: 20_000_000 },
};
const SENTIMENTS = ['bullish', 'neutral', 'bearish'] as const;

const allPosts = (viewId: string, tradingTrend: string) =>
  allTweets<Page['list'][number]>(t, ann, { viewId, tradingTrend });

/** Every tab's posts are the members' only, and agree with the chart and the cards. */
async function expectAgreement(viewId: string, detailCall: string, members: string[]) {
  const report = (await t.call(detailCall, { viewId, period: '1d', interval: '1h' }, { token: ann })).body
    .data as Report;
  const all = await allPosts(viewId, '');
  expect(new Set(all.map((p) => p.user.id))).toEqual(new Set(members));
  expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
  const tabs = {
    cnt_up: await allPosts(viewId, 'bullish'),
    cnt_neutral: await allPosts(viewId, 'neutral'),
    cnt_down: await allPosts(viewId, 'bearish'),
  };
  for (const [key, posts] of Object.entries(tabs) as [keyof Report['sum_info'], Page['list']][]) {
    expect(posts.every((p) => members.includes(p.user.id))).toBe(true);
    expect(report.sum_info[key], key).toBe(posts.length);
    expect(
      report.interval_list.reduce((s, b) => s + b[key], 0),
      key,
    ).toBe(posts.length);
  }
  expect(tabs.cnt_up.length + tabs.cnt_neutral.length + tabs.cnt_down.length).toBe(all.length);
  return all.length;
}

beforeAll(async () => {
  ({ t, token: ann } = await signedInApp('ann@example.com'));
  const now = Math.floor(t.clock.now().getTime() / 1000);
  // 25 posts each (more than a page), spread over the last day, every sentiment.
  await storePosts(
    t.db,
    Object.values(AUTHORS).flatMap((a, k) =>
      Array.from({ length: 25 }, (_, i) => ({
        ...a,
        // Each author's own words: one sentence from several accounts would fold into copies,
        // which reports count once (test/opinion/copies-count-once.test.ts).
        text: i % 2 ? `XRP ETF approval soon, says ${a.username}` : 'ETH looks ready',
        ct: now - 60 - i * 3000 - k,
        coins: i % 2 ? ['XRP'] : ['ETH'],
        sentiment: SENTIMENTS[(i + k) % 3]!,
      })),
    ),
  );
  const add = await t.call(
    'kol_group/add',
    {
      name: 'Only Alice',
      twitterUserFans: [10_000_000, 0],
      whiteTwitterUserIds: [AUTHORS.alice.authorId],
      blackTwitterUserIds: [AUTHORS.dave.authorId],
    },
    { token: ann },
  );
  expect(add.body.ret).toBe(1);
  const groups = (await t.call('kol_group/list', {}, { token: ann })).body.data as {
    id: string;
    name: string;
    default_role?: string;
  }[];
  onlyAlice = groups.find((g) => g.name === 'Only Alice')!.id;
  topInfluencers = groups.find((g) => g.default_role === 'top')!.id;
});

afterAll(async () => {
  await t?.close();
});

const subOf = (list: unknown, group: string) =>
  (list as { view_id: string; subs: { view_id: string }[] }[]).find((v) => v.view_id === group)!.subs.at(-1)!.view_id;

describe('opinion views limited to a KOL group', () => {
  it('coin view: related posts in every tab are the members only, and match the report', async () => {
    const add = await t.call('view/v2/coin_opinion_add', { coin: 'ETH', kolGroupId: onlyAlice }, { token: ann });
    const viewId = subOf(add.body.data, 'coin_opinion');
    expect(await expectAgreement(viewId, 'view/v2/coin_opinion_detail', [AUTHORS.alice.authorId])).toBe(13);

    const top = await t.call('view/v2/coin_opinion_add', { coin: 'ETH', kolGroupId: topInfluencers }, { token: ann });
    const topId = subOf(top.body.data, 'coin_opinion');
    const members = [AUTHORS.carol.authorId, AUTHORS.dave.authorId];
    expect(await expectAgreement(topId, 'view/v2/coin_opinion_detail', members)).toBe(26);
  });

  it('event view: related posts in every tab are the members only, and match the report', async () => {
    const add = await t.call(
      'view/v2/event_opinion_add',
      { name: 'XRP ETF', kolGroupId: onlyAlice, matchingRules: [{ type: 'keywords', keywords: ['XRP ETF'] }] },
      { token: ann },
    );
    const viewId = subOf(add.body.data, 'event_opinion');
    await t.services.eventHistory.drain();
    expect(await expectAgreement(viewId, 'view/v2/event_opinion_detail', [AUTHORS.alice.authorId])).toBe(12);
  });

  it('without a group, every author counts, in the posts and the report alike', async () => {
    const add = await t.call('view/v2/coin_opinion_add', { coin: 'ETH', kolGroupId: '' }, { token: ann });
    const viewId = subOf(add.body.data, 'coin_opinion');
    const everyone = Object.values(AUTHORS).map((a) => a.authorId);
    expect(await expectAgreement(viewId, 'view/v2/coin_opinion_detail', everyone)).toBe(52);
  });
});

describe('view/v2/list opinion rows', () => {
  type Sub = { view_id: string; kol_group_name?: string; day_split?: Record<string, number> };
  const subs = async (lang?: string) =>
    (
      (await t.call('view/v2/list', {}, { token: ann, lang })).body.data as {
        view_id: string;
        subs: Sub[];
      }[]
    ).flatMap((v) => (v.view_id === 'coin_opinion' || v.view_id === 'event_opinion' ? v.subs : []));

  it("name each view's KOL group and give the same counts as its detail's default report", async () => {
    const list = await subs();
    expect(list.length).toBeGreaterThanOrEqual(4);
    for (const sub of list) {
      const info = await t.call('view/v2/coin_opinion_info', { viewId: sub.view_id }, { token: ann });
      const type = info.body.ret === 1 ? 'coin' : 'event';
      const detail = (
        await t.call(
          `view/v2/${type}_opinion_detail`,
          { viewId: sub.view_id, period: '1d', interval: '1h' },
          { token: ann },
        )
      ).body.data as Report;
      const { cnt_up, cnt_neutral, cnt_down } = detail.sum_info;
      expect(sub.day_split).toEqual({ cnt_up, cnt_neutral, cnt_down });
    }
    expect(list.map((s) => s.kol_group_name).sort()).toEqual(
      ['All KOLs', 'Only Alice', 'Only Alice', 'Top Influencers'].sort(),
    );
    expect((await subs('zh-CN')).map((s) => s.kol_group_name)).toContain('全部 KOL');
  });

  it('claim nothing for a view whose group was deleted', async () => {
    const add = await t.call(
      'kol_group/add',
      { name: 'Gone soon', twitterUserFans: [0, 0], whiteTwitterUserIds: [], blackTwitterUserIds: [] },
      { token: ann },
    );
    expect(add.body.ret).toBe(1);
    const groups = (await t.call('kol_group/list', {}, { token: ann })).body.data as { id: string; name: string }[];
    const gone = groups.find((g) => g.name === 'Gone soon')!.id;
    const view = await t.call('view/v2/coin_opinion_add', { coin: 'BTC', kolGroupId: gone }, { token: ann });
    const viewId = subOf(view.body.data, 'coin_opinion');
    expect((await t.call('kol_group/delete', { groupId: gone }, { token: ann })).body.ret).toBe(1);
    const sub = (await subs()).find((s) => s.view_id === viewId)!;
    expect(sub.kol_group_name).toBeUndefined();
    expect(sub.day_split).toBeUndefined();
  });
});
