/**
 * Keyword matching (db/repos/keyword-match.ts) as the feed runs it: the LIKE pre-filter in SQL,
 * then each group's regex; and the bounded scan, which ends a page after a fixed number of posts
 * with `more` 1 and a cursor that carries on to a match far back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsRepo } from '../../src/db/repos/notifications';
import { EMPTY_PAGE_LOOKS, feed } from '../../src/services/feed';
import { notificationFeed } from '../../src/services/notifications/feed';
import { storePosts } from '../support/store-posts';
import { type TestApp, signedInApp } from '../support/test-app';

let t: TestApp;
let token: string;
let userId: number;
const T0 = 1_763_000_000;

const TEXTS = [
  'Price target (USD) is 1.5x+ from here [not advice]',
  'a+b and c.d? maybe $ETH^2 | or \\path\\',
  'ETF APPROVED, finally',
  '比特币现货ETF获批，牛市来了',
  'The method matters more than the coin',
  'Percent 50%_off and under_score words',
  'Staking   rewards\tare up',
];

async function viewWith(groups: string[][]): Promise<string> {
  const matchingRules = groups.map((words) => ({ type: 'keywords', rules: words.map((value) => ({ value })) }));
  const res = await t.call('view/add', { name: 'k', viewType: 'content_feed', matchingRules }, { token });
  expect(res.status).toBe(200);
  return (res.body.data as { view_id: string }[]).at(-1)!.view_id;
}

async function texts(groups: string[][]): Promise<string[]> {
  const viewId = await viewWith(groups);
  const res = await t.call('view/v2/tweets', { viewId }, { token });
  return (res.body.data as { list: { text: string }[] }).list.map((p) => p.text);
}

/** The feed service with no page cache, looking at `scanPosts` posts a page at most. */
function feedScanning(scanPosts: number) {
  const { views, kolGroups, sentimentFeedback: corrections } = t.services;
  return feed({ db: t.db, views, kolGroups, corrections, cacheMs: 0, scanPosts });
}

beforeAll(async () => {
  ({ t, token } = await signedInApp('match@example.com'));
  userId = (await t.db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'match@example.com'`))[0]!.id;
  await storePosts(
    t.db,
    TEXTS.map((text, i) => ({ text, ct: T0 + 100 + i, id: `m${i}` })),
  );
});
afterAll(() => t.close());

describe('keyword semantics', () => {
  it('treats regex and LIKE metacharacters in keywords as plain text', async () => {
    expect(await texts([['(USD)']])).toEqual([TEXTS[0]]);
    expect(await texts([['1.5x+']])).toEqual([TEXTS[0]]);
    expect(await texts([['[not advice]']])).toEqual([TEXTS[0]]);
    expect(await texts([['a+b', 'nothing']])).toEqual([TEXTS[1]]);
    expect(await texts([['$ETH^2 |']])).toEqual([TEXTS[1]]);
    expect(await texts([['\\path\\']])).toEqual([TEXTS[1]]);
    expect(await texts([['50%_off']])).toEqual([TEXTS[5]]);
    // '%' and '_' are not wildcards: "under score" is not "under_score", nor is "50 off".
    expect(await texts([['under score'], ['50%']])).toEqual([]);
    expect(await texts([['c.d?']])).toEqual([TEXTS[1]]);
    expect(await texts([['c?d']])).toEqual([]);
  });

  it('ignores case, keeps ASCII word boundaries, finds Chinese inside Chinese text', async () => {
    expect(await texts([['etf approved']])).toEqual([TEXTS[2]]);
    expect(await texts([['ETF']])).toEqual([TEXTS[3], TEXTS[2]]);
    expect(await texts([['牛市']])).toEqual([TEXTS[3]]);
    expect(await texts([['eth']])).toEqual([TEXTS[1]]); // not inside "method"
    expect(await texts([['staking rewards']])).toEqual([TEXTS[6]]); // any whitespace between
  });

  it('needs every group and any keyword of a group, with 100 keywords in a group', async () => {
    const many = Array.from({ length: 99 }, (_, i) => `absent phrase number ${i}`);
    expect(await texts([[...many, 'coin']])).toEqual([TEXTS[4]]);
    const fewer = many.slice(1); // 100 keywords in all with the second group
    expect(await texts([[...fewer, 'coin'], ['method']])).toEqual([TEXTS[4]]);
    expect(await texts([[...fewer, 'coin'], ['approved']])).toEqual([]);
  });
});

describe('bounded scan', () => {
  it('ends a page after the scan with more = 1 and a cursor that goes on to a match far back', async () => {
    // 30 posts that do not match, older than them one that does, and the newer ones above.
    const base = T0 - 10_000;
    await storePosts(t.db, [
      { text: 'the needle is here: zyxwv', ct: base, id: 'far' },
      ...Array.from({ length: 30 }, (_, i) => ({ text: `filler post ${i}`, ct: base + 1 + i, id: `f${i}` })),
    ]);
    const viewId = await viewWith([['zyxwv']]);
    const scanned = feedScanning(5);
    let nextCb = '';
    const seen: string[] = [];
    let pages = 0;
    // 7 newer posts + 30 fillers + the needle = 38 posts: 8 windows of 5 at most. A request that
    // has found nothing looks through up to EMPTY_PAGE_LOOKS windows, so 2 or 3 requests.
    // Bounded at 20.
    for (; pages < 20; pages++) {
      const page = await scanned.tweets(userId, { viewId, nextCb, tradingTrend: '' }, 'en');
      seen.push(...page.list.map((p) => p.id));
      if (page.more === 0) break;
      expect(page.nextCb).not.toBe(nextCb);
      if (page.list.length === 0) expect(page.more).toBe(1); // an empty page that says "go on"
      nextCb = page.nextCb;
    }
    expect(seen).toEqual(['far']);
    expect(pages).toBeGreaterThanOrEqual(Math.floor(7 / EMPTY_PAGE_LOOKS));
    expect(pages).toBeLessThan(Math.ceil(10 / EMPTY_PAGE_LOOKS));
    // Without the bound (the default scan) the same view finds it in one page.
    const page = await t.call('view/v2/tweets', { viewId }, { token });
    expect((page.body.data as { list: { id: string }[]; more: number }).list.map((p) => p.id)).toEqual(['far']);
  });

  it('bounds the new-items look too: what it found, and more = 1 when it stopped short', async () => {
    // Newest first: the 7 posts of TEXTS, then fillers 29..0, then "far" (stored by the test above).
    const viewId = await viewWith([['filler post']]);
    const scanned = feedScanning(10);
    const page = await scanned.tweets(userId, { viewId, nextCb: '', tradingTrend: '', newerThan: 'far' }, 'en');
    expect(page.list.map((p) => p.id)).toEqual(['f29', 'f28', 'f27']);
    expect(page.more).toBe(1);
    // Unbounded (the default scan here), all 30 fillers are newer than "far".
    const all = await t.call('view/v2/tweets', { viewId, newerThan: 'far' }, { token });
    expect((all.body.data as { list: unknown[]; more: number }).list).toHaveLength(30);
  });

  it('bounds a notification view the same way, and its pages carry on to the match', async () => {
    const base = T0 - 50_000;
    await storePosts(t.db, [
      { text: 'alert: qwertz spotted', ct: base, id: 'n-far' },
      ...Array.from({ length: 12 }, (_, i) => ({ text: `noise ${i}`, ct: base + 1 + i, id: `n${i}` })),
    ]);
    // A forwarded message between the noise: it must come after the newer posts were looked at.
    await notificationsRepo(t.db).insertMessage(
      { userId, source: 'telegram', app: 'Telegram', sender: 'bot', title: 'chat', text: 'qwertz too', ct: base + 6 },
      new Date(),
    );
    const res = await t.call(
      'view/add',
      {
        name: 'n',
        viewType: 'notification',
        matchingRules: [{ type: 'keywords', rules: [{ value: 'qwertz' }] }],
        dataSources: ['x', 'telegram'],
      },
      { token },
    );
    const viewId = (res.body.data as { view_id: string; view_type: string }[])
      .filter((v) => v.view_type === 'notification')
      .at(-1)!.view_id;
    const scanned = notificationFeed({ db: t.db, views: t.services.views, scanPosts: 5 });
    let nextCb = '';
    const seen: string[] = [];
    let pages = 0;
    for (; pages < 30; pages++) {
      const page = await scanned.list(userId, { viewId, nextCb });
      seen.push(...page.list.map((p) => p.content));
      if (page.more === 0) break;
      expect(page.nextCb).not.toBe(nextCb);
      nextCb = page.nextCb;
    }
    expect(seen).toEqual(['qwertz too', 'alert: qwertz spotted']);
    expect(pages).toBeGreaterThan(5);
    expect(pages).toBeLessThan(30);
  });
});
