/**
 * Home and the content feed in Chromium at 390x844, on live demo data: tabs, the All KOLs and
 * Bitcoin feeds, infinite scroll, a long post expanded, images full size, the new-items tip,
 * the end of a short feed and an empty one, in both languages.
 *
 * The demo source writes no long posts and only a post or so a minute, so the test pushes what
 * it needs through the ingest API (the child server inherits INGEST_KEYS from this process).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage, screenshot, noToast } from '../support/browser';
import { type Product, startProduct } from '../support/server';
import { signInAsDemo } from '../support/session';

const INGEST_KEY = 'e2e-feed-ingest';
process.env.INGEST_KEYS = INGEST_KEY;

const LANGS = [
  { lang: 'en', prefix: 'en' },
  { lang: 'zh-CN', prefix: 'zh' },
] as const;
const MARKER = 'zzlongformzz';
const LONG_TEXT =
  `Thread on why $BTC keeps grinding up while funding stays flat (${MARKER}): spot ETF inflows do the heavy ` +
  'lifting, perps are barely levered, and every dip below 90k gets bought within the hour. Watch the basis, ' +
  'watch the Coinbase premium, ignore the noise. If ETH/BTC turns here, alts follow. #bitcoin';
let product: Product;
let browser: Browser;
let postSeq = 0;

const COUNTED = 'zzcountedzz';
let countedId = '';
type Metrics = { like_count: number; retweet_count: number; quote_count: number; impression_count: number };

/** Pushes posts as an external collector would; ids are numeric and unique per run. Answers the ids. */
async function ingest(posts: { text: string; medias?: number; metrics?: Metrics }[]): Promise<string[]> {
  const now = Math.floor(Date.now() / 1000);
  const body = {
    posts: posts.map((p) => {
      const id = `7${String(Date.now()).slice(-12)}${String(++postSeq).padStart(4, '0')}`;
      return {
        id,
        text: p.text,
        created_at: now,
        author: {
          id: '6000000000000000001',
          username: 'e2e_research',
          name: 'Long Form Research',
          followers_count: 120_000,
          is_blue_verified: true,
          verified_type: 'business',
        },
        medias: Array.from({ length: p.medias ?? 0 }, (_, i) => ({
          img_url_thumb: `/demo-media/image/shot-f-BTC-${id}-${i}.svg?size=thumb`,
          img_url_origin: `/demo-media/image/shot-f-BTC-${id}-${i}.svg`,
        })),
        ...(p.metrics ? { metrics: p.metrics } : {}),
      };
    }),
  };
  const res = await fetch(`${product.url}/webapi/v1/ingest/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ingest-key': INGEST_KEY },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { ret: number; data?: { accepted: number } };
  expect(json.data?.accepted).toBe(posts.length);
  return body.posts.map((p) => p.id);
}

async function signIn(page: Page) {
  await signInAsDemo(page);
  await page.getByTestId('home-tabs').waitFor();
  // The 'Login successful' toast would cover the screenshots.
  await noToast(page);
}

/** A finger dragging down from the top of the list: antd-mobile's pull to refresh. */
async function pullDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 250 }] });
  for (let y = 260; y <= 560; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y }] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A call made by the signed-in page itself (its cookie), with snake_case keys on the wire. */
function call<T>(page: Page, path: string, body: object = {}): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/webapi/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()).data;
    },
    { path, body },
  );
}

/**
 * The starter views of a new account by role, not by name (names may be localized):
 * hotCoins, allKols (the fixed feed), bitcoin and ethereum (the editable feeds, in order).
 */
async function starterViews(page: Page) {
  const list = await call<{ view_id: string; view_type: string; fixed: boolean }[]>(page, 'view/v2/list');
  const feeds = list.filter((v) => v.view_type === 'content_feed');
  const id = (v: { view_id: string } | undefined) => v?.view_id ?? '';
  return {
    hotCoins: id(list.find((v) => v.view_type === 'hot_coins')),
    allKols: id(feeds.find((v) => v.fixed)),
    bitcoin: id(feeds.filter((v) => !v.fixed)[0]),
    ethereum: id(feeds.filter((v) => !v.fixed)[1]),
    coinOpinion: id(list.find((v) => v.view_type === 'coin_opinion')),
    eventOpinion: id(list.find((v) => v.view_type === 'event_opinion')),
  };
}

/** The Home query (`#/?tab=..&viewId=..`) as a plain object: page.evaluate cannot return URLSearchParams. */
const searchOf = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => Object.fromEntries(new URLSearchParams(window.location.hash.split('?')[1] ?? '')));
const tabInUrl = async (page: Page) => (await searchOf(page)).tab ?? null;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  await ingest([{ text: LONG_TEXT, medias: 6 }]);
  const counted = await ingest([
    {
      text: `$ETH staking flows turning positive again (${COUNTED})`,
      metrics: { like_count: 1234, retweet_count: 40, quote_count: 2, impression_count: 3_400_000 },
    },
  ]);
  countedId = counted[0] ?? '';
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('home and feed', () => {
  for (const { lang, prefix } of LANGS) {
    it(`shows the tabs, All KOLs and Bitcoin (${lang})`, async () => {
      const page = await newPhonePage(browser, product.url, lang);
      await signIn(page);
      const ids = await starterViews(page);
      for (const [role, id] of Object.entries(ids)) {
        expect(id, role).toBeTruthy();
        await page.getByTestId(`tab-${id}`).waitFor({ state: 'attached' });
      }
      // Nothing selected yet: the first view is.
      expect(await page.getByTestId(`tab-${ids.hotCoins}`).getAttribute('data-active')).toBe('true');
      // Hot Coins shows the rank view (ranking.e2e.ts covers it).
      await page.getByTestId('rank-view').waitFor();
      await screenshot(page, `${prefix}-20-home-tabs`);

      await page.getByTestId(`tab-${ids.allKols}`).click();
      await expect.poll(() => tabInUrl(page)).toBe(ids.allKols);
      await page.getByTestId('post-card').first().waitFor();
      // A fixed view has no settings action; sort and KOL management are always there.
      expect(await page.getByTestId('view-settings').count()).toBe(0);
      await page.getByTestId('tab-sort').waitFor();
      await page.getByTestId('kol-management-entry').waitFor();
      await screenshot(page, `${prefix}-21-all-kols`);

      // Pull to refresh asks for the first page again.
      const refreshed = page.waitForRequest(
        (r) => r.url().endsWith('/view/v2/tweets') && JSON.parse(r.postData() ?? '{}').next_cb === '',
      );
      await pullDown(page);
      await refreshed;

      // Infinite scroll: the bottom brings the next page.
      const firstPage = await page.getByTestId('post-card').count();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect.poll(() => page.getByTestId('post-card').count(), { timeout: 15_000 }).toBeGreaterThan(firstPage);

      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId(`tab-${ids.bitcoin}`).click();
      await expect.poll(() => tabInUrl(page)).toBe(ids.bitcoin);
      await page.getByTestId('post-card').first().waitFor();
      await page.waitForTimeout(300);
      const texts = await page.getByTestId('post-card').allTextContents();
      expect(texts.length).toBeGreaterThan(3);
      for (const text of texts) expect(text).toMatch(/BTC|bitcoin|比特币|大饼/i);
      await page.getByTestId('view-settings').waitFor();
      await screenshot(page, `${prefix}-22-bitcoin`);

      await page.getByTestId('view-settings').click();
      await page.waitForURL(new RegExp(`#/feed-setting/${ids.bitcoin}$`));
      await page.goBack();
      await page.getByTestId(`tab-${ids.coinOpinion}`).click();
      await page.locator('[data-testid="group-empty"], [data-testid="group-list"]').first().waitFor();
      await screenshot(page, `${prefix}-26-coin-sentiment`);
      await page.context().close();
    });

    it(`expands a long post and opens its images full size (${lang})`, async () => {
      const page = await newPhonePage(browser, product.url, lang);
      await signIn(page);
      const ids = await starterViews(page);
      await page.goto(`/#/?tab=${ids.allKols}`);
      const card = page.getByTestId('post-card').filter({ hasText: MARKER });
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      const text = card.getByTestId('post-text');
      expect(await text.getAttribute('data-expanded')).toBe('false');
      const collapsedHeight = (await text.boundingBox())?.height ?? 0;
      await card.getByTestId('post-expand').click();
      expect(await text.getAttribute('data-expanded')).toBe('true');
      expect((await text.boundingBox())?.height ?? 0).toBeGreaterThan(collapsedHeight + 20);
      await card.getByTestId('post-expand').scrollIntoViewIfNeeded();
      await screenshot(page, `${prefix}-23-expanded`);

      // Six images: four shown, the fourth carrying "+2"; a tap opens all six at that one.
      await expect.poll(() => card.getByTestId('post-image').count()).toBe(4);
      expect(await card.getByTestId('post-image').nth(3).textContent()).toContain('+2');
      await card.getByTestId('post-image').nth(3).click();
      await page.locator('.post-viewer-mask').waitFor();
      await page.getByText('4 / 6').waitFor();
      await screenshot(page, `${prefix}-24-image-viewer`);
      // A tap on the image closes the viewer. Its gesture code ignores a zero-length press, which
      // is what page.touchscreen.tap sends, so the finger stays down a moment.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 422 }] });
      await page.waitForTimeout(80);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.locator('.post-viewer-mask').waitFor({ state: 'detached' });
      await page.context().close();
    });
  }

  for (const { lang, prefix } of LANGS) {
    it(`links a post to x.com from its time and shows its counts (${lang})`, async () => {
      const page = await newPhonePage(browser, product.url, lang);
      // Nothing leaves the machine: the new tab gets a stand-in page for x.com.
      await page
        .context()
        .route('https://x.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>x.com</p>' }));
      await signIn(page);
      const ids = await starterViews(page);
      await page.goto(`/#/?tab=${ids.allKols}`);
      const card = page.getByTestId('post-card').filter({ hasText: COUNTED });
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      const link = card.getByTestId('post-link');
      expect(await link.getAttribute('href')).toBe(`https://x.com/e2e_research/status/${countedId}`);
      expect(await link.getAttribute('target')).toBe('_blank');
      // Compact counts in the reader's language; reposts include quotes.
      const expected = lang === 'en' ? ['1.2k', '42', '3.4m'] : ['1234', '42', '340万'];
      for (const [i, key] of ['likes', 'reposts', 'views'].entries()) {
        expect(await card.getByTestId(`post-${key}`).textContent()).toBe(expected[i]);
      }
      await screenshot(page, `${prefix}-29-post-link-counts`);
      const opened = page.context().waitForEvent('page');
      await link.click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toContain(`x.com/e2e_research/status/${countedId}`);
      await tab.close();
      // Demo posts are invented: their time links nowhere, and their counts still show.
      const demo = page
        .getByTestId('post-card')
        .filter({ hasNot: page.getByTestId('post-link') })
        .first();
      await demo.getByTestId('post-metrics').waitFor();
      await page.context().close();
    });
  }

  it('shows the new-items tip, which scrolls to the top and inserts (both languages)', async () => {
    const pages = await Promise.all(LANGS.map(({ lang }) => newPhonePage(browser, product.url, lang)));
    for (const page of pages) {
      await signIn(page);
      const ids = await starterViews(page);
      await page.goto(`/#/?tab=${ids.allKols}`);
      await page.getByTestId('post-card').first().waitFor();
      // Below the 60 px threshold new posts would be inserted silently instead of queued.
      await page.evaluate(() => window.scrollTo(0, 600));
    }
    const before = await pages[0]!.getByTestId('post-card').first().getAttribute('data-post-id');
    await ingest([{ text: 'Fresh take: $BTC reclaiming the range high, watching for a retest' }]);
    // The feed polls every 60 s; the pushed post guarantees there is something new by then.
    for (const [i, page] of pages.entries()) {
      await page.getByTestId('new-items-tip').waitFor({ timeout: 75_000 });
      expect(Number(await page.getByTestId('new-items-tip').getAttribute('data-count'))).toBeGreaterThan(0);
      await screenshot(page, `${LANGS[i]!.prefix}-25-new-items-tip`);
    }
    const page = pages[0]!;
    await page.getByTestId('new-items-tip').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByTestId('new-items-tip').waitFor({ state: 'detached' });
    expect(await page.getByTestId('post-card').first().getAttribute('data-post-id')).not.toBe(before);
    // Near the top, waiting posts go in by themselves: the zh page scrolls up instead of tapping.
    const zh = pages[1]!;
    await zh.evaluate(() => window.scrollTo(0, 0));
    await zh.getByTestId('new-items-tip').waitFor({ state: 'detached' });
    for (const p of pages) await p.context().close();
  }, 150_000);

  it('ends a short feed with "No more", shows an empty one, and selects ?viewId=', async () => {
    const page = await newPhonePage(browser, product.url, 'en');
    await signIn(page);
    const keywordView = (name: string, word: string) =>
      call<{ view_id: string; name: string }[]>(page, 'view/add', {
        name,
        view_type: 'content_feed',
        matching_rules: [{ type: 'keywords', rules: [{ value: word }] }],
      });
    await keywordView('Long reads', MARKER);
    const list = await keywordView('Nothing here', 'no-post-says-this-qq');
    const short = list.find((v) => v.name === 'Long reads')!.view_id;
    const empty = list.find((v) => v.name === 'Nothing here')!.view_id;

    await page.goto(`/#/?viewId=${short}`);
    await expect.poll(() => tabInUrl(page)).toBe(short);
    await page.getByTestId('feed-end').waitFor();
    expect(await page.getByTestId('post-card').count()).toBe(1);
    await screenshot(page, 'en-27-feed-end');

    // The empty view's first load fails once: an error with a retry, then the empty state.
    await page.route('**/view/v2/tweets', (route) => route.abort(), { times: 1 });
    await page.getByTestId(`tab-${empty}`).click();
    await expect.poll(async () => (await searchOf(page)).viewId ?? null).toBeNull();
    await page.getByTestId('feed-error').waitFor();
    await screenshot(page, 'en-29-feed-error');
    await page.getByTestId('feed-retry').click();
    await page.getByTestId('feed-empty').waitFor();
    await screenshot(page, 'en-28-feed-empty');

    // A coin sentiment view appears in its group; picking it opens its detail page. (Skipped
    // while the server does not offer coin_opinion_add yet.)
    const groups = await call<{ view_id: string; subs: { view_id: string }[] }[] | undefined>(
      page,
      'view/v2/coin_opinion_add',
      { coin: 'BTC', kol_group_id: '' },
    );
    const sub = groups?.find((g) => g.view_id === 'coin_opinion')?.subs.at(-1)?.view_id;
    if (sub) {
      // A full load, so the home tabs hold the view made through the API.
      await page.goto('/#/?tab=coin_opinion');
      await page.reload();
      await page.getByTestId(`group-sub-${sub}`).click();
      await page.waitForURL(new RegExp(`#/view-detail/${sub}$`));
    }
    await page.context().close();
  });
});
