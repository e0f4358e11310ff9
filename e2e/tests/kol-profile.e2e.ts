/**
 * The KOL profile and a group's leaderboard in Chromium at 390x844 on live demo data, in English
 * and Chinese: a profile opened from a post card's avatar in the feed (header, horizons, the calls
 * and posts tabs, back to the feed), and a group's Leaderboard tab, from a row to the profile and
 * back to the same tab; "follow the group" on that tab (its figures against the API and against
 * the calls it lists), and best callers on a coin over all KOLs from a Hot Coins row. Every rate
 * on screen is checked against hits / calls beside it and against the API. Screenshots also go to
 * docs/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsScreenshot, screenshot } from '../support/browser';
import type { Product } from '../support/server';
import { apiData, openSignedIn } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

// A small demo keeps the start (30 days of backfill) short.
process.env.DEMO_POSTS_PER_DAY = '300';
// Follow the group's figures computed on every request, so they can be set beside the calls list
// (read fresh) while the demo keeps resolving calls.
process.env.FOLLOW_CACHE_SECONDS = '0';

const LANGS = [
  { lang: 'en', prefix: 'en', calls: 'Calls', posts: 'Posts', board: 'Leaderboard' },
  { lang: 'zh-CN', prefix: 'zh', calls: '喊单', posts: '帖子', board: '排行榜' },
] as const;

type Stats = { horizon: string; calls: number; hits: number; hit_rate: number | null; hit_rate_low: number | null };
type Track = {
  total_calls: number;
  unsure: number;
  stats: Stats;
  list: { post_id: string; confidence: number | null }[];
};
type Row = { user: { id: string }; calls: number; hits: number; hit_rate: number | null; hit_rate_low: number | null };
type Group = { id: string; name: string; kol_cnt: number };
type Follow = {
  calls: number;
  pending: number;
  hits: number;
  hit_rate: number | null;
  final_return: number | null;
  curve: { ct: number; equity: number; btc: number | null }[];
};
type FollowCallRow = { post_id: string; ret: number | null; hit: boolean | null };

let product: Product;
let browser: Browser;

const shot = docsScreenshot;

/** "62 % (≥ 48 %)" or "62% (≥ 48%)" → [62, 48]. */
function ratePair(text: string): [number, number] {
  const m = text.match(/(\d+)\s?%\s*\(≥\s*(\d+)\s?%\)/);
  if (!m) throw new Error(`not a hit rate: ${text}`);
  return [Number(m[1]), Number(m[2])];
}

const pct = (x: number) => Math.round(x * 100);

/** The summary at `horizon` agrees with the API, and its rate with hits / calls. */
async function checkSummary(page: Page, twitterUserId: string, horizon: string) {
  const summary = page.locator(`[data-testid="track-summary"][data-horizon="${horizon}"]`);
  await summary.waitFor();
  let api = await apiData<Track>(page, 'kol/track_record', { twitter_user_id: twitterUserId, horizon });
  // The demo keeps collecting: a post of this KOL's stored between the page's answer and the
  // test's can make a call more. The page then agrees with the API once it reads it again.
  for (let tries = 0; tries < 3; tries++) {
    if ((await page.getByTestId('track-calls').textContent()) === String(api.stats.calls)) break;
    await page.reload();
    await summary.waitFor();
    api = await apiData<Track>(page, 'kol/track_record', { twitter_user_id: twitterUserId, horizon });
  }
  expect(await page.getByTestId('track-calls').textContent()).toBe(String(api.stats.calls));
  // What the record left out as unsure is said under it, with the API's count (issue 30).
  if (api.unsure > 0) expect(await page.getByTestId('track-unsure').textContent()).toContain(String(api.unsure));
  else expect(await page.getByTestId('track-unsure').count()).toBe(0);
  if (api.stats.hit_rate === null || api.stats.hit_rate_low === null) {
    await page.getByTestId('track-not-enough').waitFor();
    expect(await page.getByTestId('track-hit-rate').count()).toBe(0);
    return;
  }
  const [rate, low] = ratePair((await page.getByTestId('track-hit-rate').textContent()) ?? '');
  expect(rate).toBe(pct(api.stats.hits / api.stats.calls));
  expect(rate).toBe(pct(api.stats.hit_rate));
  expect(low).toBe(pct(api.stats.hit_rate_low));
  expect(low).toBeLessThanOrEqual(rate);
}

/** Opens the fixed "All KOLs" feed on Home (the first tab is the hot-coins ranking). */
async function openFeed(page: Page) {
  const views = await apiData<{ view_id: string; view_type: string; fixed: boolean }[]>(page, 'view/v2/list');
  const feed = views.find((v) => v.view_type === 'content_feed' && v.fixed);
  await page.getByTestId(`tab-${feed?.view_id}`).click();
  await page.getByTestId('post-card').first().waitFor();
}

beforeAll(async () => {
  ({ product, browser } = await startSuite());
});
afterAll(() => stopSuite(browser, product));

for (const l of LANGS) {
  describe(`KOL profile and leaderboard (${l.lang})`, () => {
    let page: Page;
    let kolId = '';

    beforeAll(async () => {
      page = await openSignedIn(browser, product.url, l.lang);
    });
    afterAll(() => page?.context().close());

    it("opens a profile from a post card's avatar and shows the header", async () => {
      await openFeed(page);
      const card = page.getByTestId('post-card').first();
      const name = (await card.getByTestId('post-author-name').textContent()) ?? '';
      await card.getByTestId('post-author-avatar').click();
      await page.waitForURL(/#\/kol\/[^/?]+/);
      kolId = decodeURIComponent(page.url().split('#/kol/')[1]?.split('?')[0] ?? '');
      await page.getByTestId('kol-profile-header').waitFor();
      expect(await page.getByTestId('kol-profile-name').textContent()).toBe(name);
      expect(await page.getByTestId('kol-profile-handle').textContent()).toMatch(/^@\S+/);
      expect(await page.getByTestId('kol-profile-followers').textContent()).toMatch(/\d/);
    });

    it('switches horizons, each agreeing with the API', async () => {
      await checkSummary(page, kolId, '24h');
      for (const h of ['1h', '7d', '30d']) {
        await page.getByTestId(`horizon-${h}`).click();
        await checkSummary(page, kolId, h);
        expect(page.url()).toContain(`h=${h}`);
      }
      await page.getByTestId('horizon-24h').click();
      await checkSummary(page, kolId, '24h');
    });

    it('lists the calls, one card for each call of the first page', async () => {
      expect(await page.getByTestId('kol-tab-calls').textContent()).toBe(l.calls);
      expect(await page.getByTestId('kol-tab-posts').textContent()).toBe(l.posts);
      await page.getByTestId('kol-tab-calls').click();
      const api = await apiData<Track>(page, 'kol/track_record', { twitter_user_id: kolId, horizon: '24h' });
      if (api.list.length === 0) {
        await page.getByTestId('kol-calls-empty').waitFor();
      } else {
        await page.getByTestId('track-call').first().waitFor();
        await expect.poll(() => page.getByTestId('track-call').count()).toBeGreaterThanOrEqual(api.list.length);
        const first = page.getByTestId('track-call').first();
        expect(await first.getByTestId('call-stance').textContent()).not.toBe('');
        expect(await first.getByTestId('call-return-1h').count()).toBe(1);
        // How sure the reading behind the call is: the API's confidence, as a whole percent.
        const conf = api.list[0]?.confidence ?? null;
        if (conf === null) expect(await first.getByTestId('call-confidence').count()).toBe(0);
        else expect(await first.getByTestId('call-confidence').textContent()).toMatch(new RegExp(`${pct(conf)}\\s?%`));
      }
    });

    it("opens the posts tab with the author's posts, and back returns to the feed", async () => {
      const name = (await page.getByTestId('kol-profile-name').textContent()) ?? '';
      await page.getByTestId('kol-tab-posts').click();
      const first = page.getByTestId('kol-post-list').getByTestId('post-card').first();
      await first.waitFor();
      expect(await first.getByTestId('post-author-name').textContent()).toBe(name);
      await page.getByTestId('nav-back').click();
      await page.waitForURL(/#\/(\?.*)?$/);
      await page.getByTestId('post-card').first().waitFor();
    });

    it('ranks a group on its Leaderboard tab and goes from a row to the profile and back', async () => {
      const groups = await apiData<Group[]>(page, 'kol_group/list');
      const group = groups.filter((g) => g.id !== 'all').sort((a, b) => b.kol_cnt - a.kol_cnt)[0];
      expect(group).toBeDefined();
      if (!group) return;
      await page.goto(`/#/kol-management/${encodeURIComponent(group.id)}`);
      expect(await page.getByTestId('kol-tab-leaderboard').textContent()).toBe(l.board);
      await page.getByTestId('kol-tab-leaderboard').click();
      await page.getByTestId('kol-board-list').waitFor();
      const rows = await apiData<{ list: Row[] }>(page, 'kol/leaderboard', { kol_group_id: group.id, horizon: '24h' });
      expect(rows.list.length).toBeGreaterThan(0);
      for (const row of rows.list.slice(0, 5)) {
        const el = page.getByTestId(`kol-board-row-${row.user.id}`);
        await el.waitFor();
        if (row.hit_rate === null || row.hit_rate_low === null) {
          expect(await el.getByTestId('kol-board-rate').count()).toBe(0);
          continue;
        }
        const [rate, low] = ratePair((await el.getByTestId('kol-board-rate').textContent()) ?? '');
        expect(rate).toBe(pct(row.hits / row.calls));
        expect(low).toBe(pct(row.hit_rate_low));
        expect(await el.getByTestId('kol-board-calls').textContent()).toContain(String(row.calls));
      }
      await shot(page, `kol-leaderboard-${l.prefix}`);

      const target = rows.list[0]?.user.id ?? '';
      await page.getByTestId(`kol-board-row-${target}`).getByTestId('kol-board-link').click();
      await page.waitForURL(new RegExp(`#/kol/${encodeURIComponent(target)}`));
      await page.getByTestId('kol-profile-header').waitFor();
      // The leader's record is the one worth a picture: rated, with calls resolved at 24 h.
      await checkSummary(page, target, '24h');
      await page.getByTestId('track-call').first().waitFor();
      await shot(page, `kol-profile-${l.prefix}`);
      await page.getByTestId('nav-back').click();
      await page.waitForURL(/tab=leaderboard/);
      await page.getByTestId('kol-board-list').waitFor();
    });

    it('follows the group against BTC, agreeing with its calls, and opens best callers from Hot Coins', async () => {
      // Follow the group (issue 33 §4) on the same tab: the figures agree with the API and with
      // the calls it lists (every page of them through the API).
      const groups = await apiData<Group[]>(page, 'kol_group/list');
      const group = groups.sort((a, b) => b.kol_cnt - a.kol_cnt)[0]!;
      await page.goto(`/#/kol-management/${encodeURIComponent(group.id)}?tab=leaderboard&show=follow&h=7d`);
      await page.locator('[data-testid="follow"][data-horizon="7d"]').getByTestId('follow-figures').waitFor();
      const body = { kol_group_id: group.id, horizon: '7d' };
      // The demo keeps resolving calls as candles come in, and a resolved call stays resolved: what
      // is read between two reads of the figures lies between them, and equal reads pin it exactly.
      const read = () => apiData<Follow>(page, 'kol/follow', body);
      const same = (a: Follow, b: Follow) => a.calls === b.calls && a.hits === b.hits && a.pending === b.pending;
      /** `between` read between two reads of the figures, tried again until they agree (5 times at most). */
      async function bracketed<T>(between: () => Promise<T>) {
        let before: Follow;
        let value: T;
        let after: Follow;
        let tries = 0;
        do {
          before = await read();
          value = await between();
          after = await read();
        } while (!same(before, after) && ++tries < 5);
        return { before, value, after, exact: same(before, after) };
      }
      const screen = await bracketed(async () => {
        await page.reload();
        await page.locator('[data-testid="follow"][data-horizon="7d"]').getByTestId('follow-figures').waitFor();
        return {
          calls: Number(await page.getByTestId('follow-calls').textContent()),
          hits: Number(await page.getByTestId('follow-hit-rate').getAttribute('data-hits')),
          rate: (await page.getByTestId('follow-hit-rate').textContent()) ?? '',
          final: (await page.getByTestId('follow-final').textContent()) ?? '',
        };
      });
      expect(screen.value.calls).toBeGreaterThanOrEqual(screen.before.calls);
      expect(screen.value.calls).toBeLessThanOrEqual(screen.after.calls);
      const f = screen.after;
      expect(f.calls).toBeGreaterThan(0);
      if (screen.exact) {
        expect(screen.value.hits).toBe(f.hits);
        if (f.hit_rate !== null) expect(screen.value.rate).toMatch(new RegExp(`^${pct(f.hits / f.calls)}\\s?%$`));
        expect(Number(screen.value.final.replace('\u2212', '-').replace(/[^\d.-]/g, ''))).toBeCloseTo(
          (f.final_return ?? 0) * 100,
          1,
        );
      }
      // Every page of the calls through the API, bracketed the same way.
      const listed = await bracketed(async () => {
        const list: FollowCallRow[] = [];
        let nextCb = '';
        do {
          const p = await apiData<{ list: FollowCallRow[]; next_cb: string }>(page, 'kol/follow_calls', {
            ...body,
            next_cb: nextCb,
          });
          list.push(...p.list);
          nextCb = p.next_cb;
        } while (nextCb);
        return list;
      });
      const calls = listed.value;
      const resolved = calls.filter((c) => c.ret !== null);
      const hits = calls.filter((c) => c.hit === true).length;
      expect(resolved.length).toBeGreaterThanOrEqual(listed.before.calls);
      expect(resolved.length).toBeLessThanOrEqual(listed.after.calls);
      expect(hits).toBeGreaterThanOrEqual(listed.before.hits);
      expect(hits).toBeLessThanOrEqual(listed.after.hits);
      if (listed.exact) {
        expect(resolved.reduce((sum, c) => sum + (c.ret ?? 0), 0) / resolved.length).toBeCloseTo(
          listed.after.final_return ?? NaN,
          9,
        );
      }
      // The curve ends where the figures say: the mean return of the resolved calls.
      expect(f.curve.at(-1)?.equity).toBeCloseTo(f.final_return ?? NaN, 12);
      await page.getByTestId('follow-chart').waitFor();
      const firstRow = page.getByTestId('follow-call').first();
      // The screen's newest call leads the API's list, unless newer calls came in between.
      expect(calls.slice(0, 5).map((c) => c.post_id)).toContain(await firstRow.getAttribute('data-post'));
      await screenshot(page, `kol-follow-${l.prefix}`);

      // Best callers on a coin over every KOL, from a Hot Coins row.
      await page.goto('/#/');
      const best = page.getByTestId('rank-best-callers').first();
      await best.waitFor();
      const coin = (await best.getAttribute('data-coin')) ?? '';
      await best.click();
      await page.waitForURL(new RegExp(`#/kol-management/all\\?tab=leaderboard&coin=${coin}`));
      const board = await apiData<{ list: Row[] }>(page, 'kol/leaderboard', {
        kol_group_id: 'all',
        coin,
        horizon: '24h',
      });
      expect(await page.getByTestId('kol-board-coin').textContent()).toContain(`$${coin}`);
      if (board.list.length === 0) await page.getByTestId('kol-board-empty').waitFor();
      else await page.getByTestId(`kol-board-row-${board.list[0]!.user.id}`).waitFor();
      await screenshot(page, `kol-best-callers-${l.prefix}`);
    });
  });
}
