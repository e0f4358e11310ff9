/**
 * The hot-coin ranking in Chromium at 390x844, on live demo data, in English and Chinese: the
 * Hot Coins tab, a ranking made on /rank-setting (validation, save, load more, growth and new
 * entries), editing it on /rank-setting/:id, and the error state with its reload.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot, noToast } from '../support/browser';
import type { Product } from '../support/server';
import { signInAsDemo, pageCall, ingestPosts } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

// The server answers only once the demo backfill of 30 days is stored (the runner does not yield
// to the HTTP server between batches), so a small demo keeps the start short; the posts pushed
// below make sure the last day has more than 30 coins to rank.
process.env.DEMO_POSTS_PER_DAY = '300';
const INGEST_KEY = 'e2e-ranking-ingest';
process.env.INGEST_KEYS = INGEST_KEY;
/** Coins whose icons the cryptocurrency-icons release of 2022 lacked: pushed hottest, so they lead. */
const ICON_COINS = 'SHIB PEPE WIF BONK TON HYPE SUI OP'.split(' ');
const PUSHED_COINS = [
  ...ICON_COINS,
  ...(
    'BTC ETH SOL XRP BNB DOGE ADA TRX LINK AVAX LTC BCH DOT NEAR UNI APT ' +
    'ARB AAVE ENA ONDO FET INJ TIA ATOM FIL ETC XLM'
  ).split(' '),
];
/** Posts that must never rank: cashtags glued to numbers and Chinese, and one KOL's own ticker. */
const JUNK_TEXTS = ['$BTC100x多单 走起', '$SHIB4小时级别突破', '$UNI1小时 回踩'];
const LONE_TICKER = 'LONEPUMP';
const MIN_KOLS = 3;

const LANGS = [
  { lang: 'en', prefix: 'en', title: 'Verified buzz', edited: 'Verified buzz, top 15' },
  { lang: 'zh-CN', prefix: 'zh', title: '认证热议', edited: '认证热议（前 15）' },
] as const;
const TIME = /^\D*\d{4}-\d{2}-\d{2} \d{2}:\d{2}\D*$/;

let product: Product;
let browser: Browser;

const call = <T>(page: Page, path: string, body: object = {}) => pageCall<T>(page, path, body).then((r) => r.data);

async function signIn(page: Page) {
  await signInAsDemo(page);
  await page.getByTestId('home-tabs').waitFor();
  // The 'Login successful' toast would cover the screenshots.
  await noToast(page);
}

async function hotCoinsId(page: Page): Promise<string> {
  const list = await call<{ view_id: string; view_type: string }[]>(page, 'view/v2/list');
  return list.find((v) => v.view_type === 'hot_coins')!.view_id;
}

/** Types into an antd-mobile Stepper's input and leaves it, which commits the value. */
async function setStepper(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.fill(value);
  await input.blur();
}

/**
 * Posts about each pushed coin in the last hours by several KOLs, as a collector would, and the
 * day before by MIN_KOLS of them (so fastest rising has a base to grow from): ICON_COINS often by
 * all eight KOLs now, the others once by three to six. Then the junk: cashtags glued to numbers and
 * Chinese (stored as the coin they start with), and one KOL's ticker posted many times.
 */
async function pushPosts() {
  const now = Math.floor(Date.now() / 1000);
  const authors = Array.from({ length: 8 }, (_, i) => ({
    id: `61000000000000000${i}`,
    username: `e2e_kol_${i}`,
    name: `E2E KOL ${i}`,
    icon: `/demo-media/avatar/e2e${i}.svg`,
    followers_count: 5000 * 3 ** i,
    is_blue_verified: i % 2 === 0,
    verified_type: i === 7 ? 'business' : 'none',
  }));
  let n = 0;
  const post = (text: string, createdAt: number, author: (typeof authors)[number], c: number, k: number) => ({
    id: `71${String(n++).padStart(5, '0')}${String(now).slice(-9)}`,
    text,
    created_at: createdAt,
    author,
    metrics: {
      like_count: 10 * c,
      retweet_count: 3 * k,
      reply_count: c % 5,
      quote_count: 0,
      impression_count: 1000 * (c + 1),
    },
  });
  // Each KOL in their own words: one sentence from several accounts folds into copies, which the
  // ranking counts once (apps/server/src/services/README.md "Near-duplicates").
  const words = [
    'holding the weekly level, watching volume into the close',
    'loaded more on this dip, funding is still negative across exchanges',
    'chart looks ready for a breakout if bitcoin stays calm tonight',
    'whales keep buying on spot while perps traders are short',
    'my target this month is the old high, invalidation below support',
    'rotation season is here and this one is leading the new narrative again',
    'open interest doubled since Monday, expect volatility soon',
    'quietly accumulating for weeks, the community is growing fast',
  ];
  const text = (coin: string, author: number) => `$${coin} ${words[author]}`;
  const posts = PUSHED_COINS.flatMap((coin, c) => {
    // ICON_COINS: five posts by each of the eight KOLs, hotter than all but BTC and ETH of the demo.
    const count = ICON_COINS.includes(coin) ? 40 : MIN_KOLS + (c % 4);
    return [
      ...Array.from({ length: count }, (_, k) =>
        post(text(coin, (c + k) % 8), now - 600 * (1 + (k % 8) + (c % 7)) - k, authors[(c + k) % 8]!, c, k % 8),
      ),
      ...Array.from({ length: MIN_KOLS }, (_, k) =>
        post(text(coin, k), now - 86_400 - 600 * (1 + k), authors[k]!, c, k),
      ),
    ];
  });
  for (const [k, junk] of JUNK_TEXTS.entries()) posts.push(post(junk, now - 900 - k, authors[k]!, 1, 0));
  for (let k = 0; k < 12; k++) posts.push(post(`$${LONE_TICKER} to the moon`, now - 1200 - k, authors[7]!, 99, k));
  await ingestPosts(product, INGEST_KEY, posts);
}

/** The coins of the rows shown, and whether each row's icon is a real, loaded one. */
function rowIcons(page: Page): Promise<{ coin: string; real: boolean }[]> {
  return page.getByTestId('rank-row').evaluateAll((rows) =>
    rows.map((r) => {
      const img = r.querySelector('img.rank-coin__icon') as HTMLImageElement;
      return {
        coin: r.getAttribute('data-coin') ?? '',
        real: img.complete && img.naturalWidth > 0 && !img.src.endsWith('/generic.svg'),
      };
    }),
  );
}

beforeAll(async () => {
  ({ product, browser } = await startSuite());
  await pushPosts();
  // The demo source backfills 30 days first; wait until the last day has coins to rank.
  const page = await newPhonePage(browser, product.url);
  await signIn(page);
  const id = await hotCoinsId(page);
  const deadline = Date.now() + 240_000;
  for (;;) {
    const answer = await call<{ list: unknown[] } | null>(page, 'view/ranking_list', { view_id: id });
    if ((answer?.list.length ?? 0) >= 10) break;
    if (Date.now() > deadline) throw new Error('the demo data never filled a top 10');
    await page.waitForTimeout(2000);
  }
  await page.context().close();
});

afterAll(() => stopSuite(browser, product));

describe.each(LANGS)('ranking ($lang)', ({ lang, prefix, title, edited }) => {
  it('shows Hot Coins as a ranking table with avatars and the update time', async () => {
    const page = await newPhonePage(browser, product.url, lang);
    await signIn(page);
    const id = await hotCoinsId(page);
    await page.getByTestId(`tab-${id}`).click();
    await page.getByTestId('rank-table').waitFor();
    expect(await page.getByTestId('rank-row').count()).toBe(10);
    expect(await page.getByTestId('rank-row').first().getAttribute('data-rank')).toBe('1');
    expect(await page.getByTestId('rank-update-time').textContent()).toMatch(TIME);
    expect(Number(await page.getByTestId('rank-whistleblowers').first().getAttribute('data-count'))).toBeGreaterThan(0);
    expect(Number(await page.getByTestId('rank-crowns').first().getAttribute('data-count'))).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('rank-end').count()).toBe(1);
    // The coins the old icon set lacked lead, each with its own icon (not the placeholder).
    await page.waitForLoadState('networkidle');
    const icons = await rowIcons(page);
    for (const coin of ICON_COINS) expect(icons.find((i) => i.coin === coin)).toEqual({ coin, real: true });
    // No junk ticker: neither "$BTC100x多单" read as BTC100X nor one KOL's own ticker.
    for (const junk of ['BTC100X', 'SHIB4', 'UNI1', LONE_TICKER]) expect(icons.map((i) => i.coin)).not.toContain(junk);
    // One format for every value of the column (a unit on all rows or on none).
    const values = await page.getByTestId('rank-hot').allTextContents();
    expect(new Set(values.map((v) => v.replace(/[\d,]/g, '9').replace(/9+/g, '9'))).size).toBe(1);
    // No minimum-volume note without fastest rising or new entries; the counting rule always.
    expect(await page.getByTestId('rank-note').count()).toBe(0);
    expect(await page.getByTestId('rank-copies-once').textContent()).toBe(
      lang === 'en' ? 'Copies of one post by several accounts count once' : '多个账号发布的同一内容只计一次',
    );
    // Hot Coins is fixed: no settings action.
    expect(await page.getByTestId('view-settings').count()).toBe(0);
    // Images settle before the picture.
    await page.waitForLoadState('networkidle');
    await screenshot(page, `ranking-hot-coins-${prefix}`);
    await page.context().close();
  });

  it('creates a ranking on /rank-setting, loads more, then edits it', async () => {
    const page = await newPhonePage(browser, product.url, lang);
    await signIn(page);
    await page.getByTestId('home-add').click();
    await page.getByTestId('add-menu-rank').click();
    await page.waitForURL(/#\/rank-setting$/);
    await page.getByTestId('rank-save').waitFor();
    await screenshot(page, `rank-setting-create-${prefix}`);

    // A title is required.
    await page.getByTestId('rank-save').click();
    await page.getByTestId('rank-title-error').waitFor();
    await page.getByTestId('rank-title').fill(title);

    await setStepper(page, 'rank-top-num', '30');
    await page.getByTestId('rank-new-entry').click();
    await page.getByTestId('rank-fastest-rising').click();
    // Weights that do not add up to 1 are flagged and not saved.
    await setStepper(page, 'rank-comment-weight', '0.3');
    expect(await page.getByTestId('rank-weights-sum').getAttribute('data-valid')).toBe('false');
    await page.getByTestId('rank-weights-sum').scrollIntoViewIfNeeded();
    // The title toast from the first try would cover the weights.
    await noToast(page);
    await screenshot(page, `rank-setting-weights-invalid-${prefix}`);
    await page.getByTestId('rank-save').click();
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/#\/rank-setting$/);
    await setStepper(page, 'rank-comment-weight', '0.2');
    expect(await page.getByTestId('rank-weights-sum').getAttribute('data-valid')).toBe('true');

    await page.getByTestId('rank-save').click();
    await page.waitForURL(/viewId=\d+/);
    const viewId = new URLSearchParams(page.url().split('?')[1]).get('viewId')!;
    await page.getByTestId('rank-table').waitFor();
    expect(await page.getByTestId('rank-row').count()).toBe(20);
    // fastestRising: every row shows its growth, or NEW (as growth or as the new-entry badge).
    const marked = await page
      .getByTestId('rank-row')
      .evaluateAll(
        (rows) => rows.filter((r) => r.querySelector('[data-testid="rank-growth"], [data-testid="rank-new"]')).length,
      );
    expect(marked).toBe(20);
    // With the minimum volume in both windows, every riser has a growth figure; the note says why.
    expect(await page.getByTestId('rank-growth').count()).toBe(20);
    const rising = await page
      .getByTestId('rank-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-coin')));
    expect(rising).not.toContain(LONE_TICKER);
    expect(await page.getByTestId('rank-note').textContent()).toContain(String(MIN_KOLS));
    await page.waitForLoadState('networkidle');
    await noToast(page);
    await screenshot(page, `ranking-custom-${prefix}`);

    await page.getByTestId('rank-more').click();
    await expect.poll(() => page.getByTestId('rank-row').count()).toBe(30);
    const ranks = await page
      .getByTestId('rank-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rank')));
    expect(ranks).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)));
    await page.getByTestId('rank-end').scrollIntoViewIfNeeded();
    await screenshot(page, `ranking-load-more-${prefix}`);

    // Edit: the settings action opens /rank-setting/<id> with the saved values.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('view-settings').click();
    await page.waitForURL(new RegExp(`#/rank-setting/${viewId}$`));
    await page.getByTestId('rank-title').waitFor();
    expect(await page.getByTestId('rank-title').inputValue()).toBe(title);
    expect(await page.getByTestId('rank-top-num').locator('input').inputValue()).toBe('30');
    expect(await page.getByTestId('rank-new-entry').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('rank-title').fill(edited);
    await setStepper(page, 'rank-top-num', '15');
    await page.getByTestId('rank-fastest-rising').click();
    await page.getByTestId('rank-sort-kol_count').click();
    await page.getByTestId('rank-save').click();
    await page.waitForURL(/#\/(\?.*)?$/);
    const info = await call<{ name: string; top_num: number; sorting_indicator_type: string; fastest_rising: boolean }>(
      page,
      'view/info',
      { view_id: viewId },
    );
    expect(info).toMatchObject({
      name: edited,
      top_num: 15,
      sorting_indicator_type: 'kol_count',
      fastest_rising: false,
    });
    await page.getByTestId('rank-table').waitFor();
    await expect.poll(() => page.getByTestId('rank-row').count()).toBe(15);
    expect(await page.getByTestId('rank-table').getAttribute('data-indicator')).toBe('kol_count');
    await page.context().close();
  });

  it('shows the error with its detail and reloads', async () => {
    const page = await newPhonePage(browser, product.url, lang);
    const detail = lang === 'en' ? 'The ranking is resting, try again' : '排行暂时不可用，请重试';
    // The server's answer is a failure with its own text: the view must show that text.
    await page.route('**/webapi/v1/view/ranking_list', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ret: 500, msg: detail }) }),
    );
    await signIn(page);
    const id = await hotCoinsId(page);
    // Hot Coins is the first tab, shown right after sign-in.
    expect(await page.getByTestId(`tab-${id}`).getAttribute('data-active')).toBe('true');
    await page.getByTestId('rank-error').waitFor();
    expect(await page.getByTestId('rank-error').textContent()).toContain(detail);
    await screenshot(page, `ranking-error-${prefix}`);
    await page.unroute('**/webapi/v1/view/ranking_list');
    await page.getByTestId('rank-retry').click();
    await page.getByTestId('rank-table').waitFor();
    expect(await page.getByTestId('rank-row').count()).toBe(10);
    await page.context().close();
  });
});

/** A share as the mindshare screen shows it (features/mindshare/mindshareState.ts `percent`). */
const percentText = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
type MindshareAnswer = { posts: number; list: { key: string; count: number; share: number; change: number | null }[] };

// Issue 33 §2, one test for both languages (the suite's time): a mindshare view made from the
// Add menu shows the API's shares, coins and sectors, a sector never above its posts, the change
// painted by direction.
it('mindshare: made from the Add menu, shows the API figures by coin and by sector, in both languages', async () => {
  for (const { lang, prefix } of LANGS) {
    const page = await newPhonePage(browser, product.url, lang);
    await signIn(page);
    await page.getByTestId('home-add').click();
    await page.getByTestId('add-menu-mindshare').click();
    await page.waitForURL(/#\/mindshare-setting$/);
    // A title is required.
    await page.getByTestId('mindshare-save').click();
    await expect.poll(() => page.locator('.ks-field--error').count()).toBe(1);
    await page.getByTestId('mindshare-title').fill(lang === 'en' ? 'What KOLs talk about' : 'KOL 在聊什么');
    await page.getByTestId('mindshare-save').click();
    await page.getByTestId('mindshare-list').waitFor();
    // The 'Created' toast would cover the chart in the pictures.
    await noToast(page);
    const viewId = new URL(page.url().replace('/#/', '/')).searchParams.get('viewId')!;
    for (const by of ['coin', 'sector'] as const) {
      await page.getByTestId(`mindshare-by-${by}`).click();
      await page.locator(`[data-testid=mindshare-view][data-by=${by}] [data-testid=mindshare-row]`).first().waitFor();
      // The rows are the API's, in its order, with its shares (new posts may land between reads).
      await expect
        .poll(async () => {
          const api = await call<MindshareAnswer>(page, 'view/v2/mindshare_detail', { view_id: viewId, by });
          const rows = await page
            .getByTestId('mindshare-row')
            .evaluateAll((els) =>
              els.map((e) => [
                e.getAttribute('data-key'),
                e.querySelector('[data-testid=mindshare-share]')?.textContent,
              ]),
            );
          return JSON.stringify(rows) === JSON.stringify(api.list.map((i) => [i.key, percentText(i.share)]));
        })
        .toBe(true);
      const api = await call<MindshareAnswer>(page, 'view/v2/mindshare_detail', { view_id: viewId, by });
      expect(api.posts).toBeGreaterThan(0);
      for (const item of api.list) expect(item.count).toBeLessThanOrEqual(api.posts);
      if (by === 'sector') {
        // Every post naming a coin has a sector, so together they cover every post at least once.
        expect(api.list.reduce((s, i) => s + i.count, 0)).toBeGreaterThanOrEqual(api.posts);
        expect(await page.getByTestId('mindshare-row').first().textContent()).not.toMatch(/mindshare\./);
      }
      // A change is painted by its sign (the reader's up/down colours).
      const changes = await page
        .getByTestId('mindshare-change')
        .evaluateAll((els) => els.map((e) => [e.className, e.textContent ?? '']));
      for (const [cls, text] of changes) {
        if (text.startsWith('+')) expect(cls).toContain('ms-change--up');
        if (text.startsWith('−')) expect(cls).toContain('ms-change--down');
      }
      expect(await page.getByTestId('mindshare-area').count()).toBe(Math.min(5, api.list.length));
      await screenshot(page, `mindshare-${by}-${prefix}`);
    }
    expect(await page.getByTestId('mindshare-basis').textContent()).toContain(
      lang === 'en' ? 'at least one coin' : '至少一个币种',
    );
    await page.context().close();
  }
});
