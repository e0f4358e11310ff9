/**
 * The administrator statistics page in Chromium at 390x844, on live demo data, in English and
 * Chinese: the demo administrator opens it from the user menu, sees real counts (the same as the
 * API's), changes metric, period, interval and source, focuses a series; a user who is not an
 * administrator gets nothing and stays signed in. Screenshots also go to docs/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, noToast, docsScreenshot } from '../support/browser';
import type { Product } from '../support/server';
import { signInAsDemo, pageCall, registerUser } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

// A small demo keeps the start (30 days of backfill) short.
process.env.DEMO_POSTS_PER_DAY = '300';

const LANGS = [
  {
    lang: 'en',
    prefix: 'en',
    category: 'Posts by category',
    denied: 'Statistics are for administrators.',
    soFar: 'so far',
    // 10000 or more shortened in the reader's units: k, m, b in English (never the Chinese "w").
    compact: /^\d+(\.\d)?[kmb]$/,
  },
  {
    lang: 'zh-CN',
    prefix: 'zh',
    category: '分类帖子数',
    denied: '数据统计仅对管理员开放。',
    soFar: '进行中',
    compact: /^\d+(\.\d)?[万亿]$/,
  },
] as const;

type Table = { table_name: string; table_list: { ct: number; cnt: number; partial?: boolean }[] };

let product: Product;
let browser: Browser;

/** A call made by the signed-in page itself, in its language as the app asks: status and body, bypassing the app's client. */
const call = (page: Page, path: string, body: object = {}) =>
  pageCall<unknown>(page, path, body, { pageLanguage: true });

const shot = docsScreenshot;

const board = (page: Page) => page.getByTestId('statistics');

/** Waits for the board to show the selection with its chart loaded. */
async function settled(page: Page, attrs: Record<string, string>) {
  await expect
    .poll(async () => {
      const el = board(page);
      const got: Record<string, string | null> = {};
      for (const key of [...Object.keys(attrs), 'state', 'loading']) got[key] = await el.getAttribute(`data-${key}`);
      return got;
    })
    .toEqual({ ...attrs, state: 'chart', loading: 'false' });
}

async function pick(page: Page, selector: string, value: string) {
  await page.getByTestId(`statistics-${selector}`).click();
  await page.getByTestId(`statistics-${selector}-option-${value}`).click();
}

/** The table's rows as the page shows them. */
async function rows(page: Page) {
  const list = page.getByTestId('statistics-row');
  const out: { name: string; summary: number; latest: number; texts: string[] }[] = [];
  for (let i = 0; i < (await list.count()); i++) {
    const row = list.nth(i);
    out.push({
      name: (await row.getAttribute('data-name')) ?? '',
      summary: Number(await row.getAttribute('data-summary')),
      latest: Number(await row.getAttribute('data-latest')),
      texts: (await row.locator('span').allTextContents()).slice(-2),
    });
  }
  return out;
}

/** Every value the table shows reads as the spec says: 10000 or more shortened, in the reader's units. */
function expectFormatted(r: { summary: number; latest: number; texts: string[] }, compact: RegExp) {
  const [latest, summary] = r.texts;
  for (const [value, text] of [
    [r.latest, latest],
    [r.summary, summary],
  ] as const) {
    if (value >= 10_000) expect(text).toMatch(compact);
    else expect(text).toBe(String(value));
  }
}

beforeAll(async () => {
  ({ product, browser } = await startSuite());
});

afterAll(() => stopSuite(browser, product));

describe.each(LANGS)('statistics ($lang)', ({ lang, prefix, category, denied, soFar, compact }) => {
  it('shows an administrator real counts, by metric, period, interval and source', async () => {
    const page = await newPhonePage(browser, product.url, lang);
    await signInAsDemo(page);
    await page.getByTestId('home-tabs').waitFor();
    await noToast(page);
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('menu-statistics').click();
    await page.waitForURL(/#\/statistics$/);

    // Posts of all sources over the last day, by hour: the numbers the API gives, and not nothing.
    await settled(page, { 'stat-type': 'count_tweet', source: '', period: '1d', interval: '1h' });
    expect(await page.getByTestId('statistics-chart').getAttribute('data-buckets')).toBe('24');
    const day = (await call(page, 'admin/stat', { stat_type: 'count_tweet', period: '1d', interval: '1h' }))
      .data as Table[];
    const dayTotal = day[0]!.table_list.reduce((s, b) => s + b.cnt, 0);
    // The hour holding now is still filling: marked by the server, drawn dashed and labelled.
    expect(day[0]!.table_list.at(-1)!.partial).toBe(true);
    expect(day[0]!.table_list.filter((b) => b.partial)).toHaveLength(1);
    expect(await page.getByTestId('statistics-chart').getAttribute('data-partial')).toBe('true');
    expect(await page.getByTestId('statistics-chart-partial').textContent()).toContain(soFar);
    expect(await page.locator('[data-testid="statistics-chart"] .report-chart__partial-line').count()).toBe(1);
    expect(dayTotal).toBeGreaterThan(0);
    const [posts] = await rows(page);
    expect(posts).toMatchObject({ name: day[0]!.table_name, summary: dayTotal });
    expectFormatted(posts!, compact);
    await page.getByTestId('statistics-updated').waitFor();
    await shot(page, `statistics-posts-${prefix}`);

    // Tapping a bucket shows its value.
    const box = (await page.getByTestId('statistics-chart-scroll').boundingBox())!;
    await page.mouse.click(box.x + box.width - 20, box.y + 120);
    await page.getByTestId('statistics-chart-tip').waitFor();
    // The tapped bucket is the partial one: its tip says so.
    expect(await page.getByTestId('statistics-chart-tip').textContent()).toContain(soFar);

    // Posts by category: one series per category, in a table that scrolls.
    await pick(page, 'metric', 'count_category_tweet');
    await settled(page, { 'stat-type': 'count_category_tweet', period: '1d', interval: '1h' });
    await expect.poll(() => page.getByTestId('statistics-metric').textContent()).toContain(category);
    const categories = await rows(page);
    expect(categories.length).toBe(12);
    expect(await page.getByTestId('statistics-table').getAttribute('data-scroll')).toBe('true');
    expect(await page.getByTestId('statistics-chart').getAttribute('data-series')).toBe('12');
    const byCategory = (
      await call(page, 'admin/stat', { stat_type: 'count_category_tweet', period: '1d', interval: '1h' })
    ).data as Table[];
    expect(categories.map((r) => [r.name, r.summary])).toEqual(
      byCategory.map((t) => [t.table_name, t.table_list.reduce((s, b) => s + b.cnt, 0)]),
    );
    expect(categories[0]!.summary).toBeGreaterThan(0);
    await shot(page, `statistics-categories-${prefix}`);

    // A tapped row is the only line drawn; a second tap brings them all back.
    await page.getByTestId('statistics-row').first().click();
    await expect.poll(() => page.getByTestId('statistics-chart').getAttribute('data-series')).toBe('1');
    await page.getByTestId('statistics-row').first().click();
    await expect.poll(() => page.getByTestId('statistics-chart').getAttribute('data-series')).toBe('12');

    // Periods: a week keeps the hourly interval, a month moves to days, then weeks.
    await pick(page, 'metric', 'count_interaction');
    await pick(page, 'period', '1w');
    await settled(page, { 'stat-type': 'count_interaction', period: '1w', interval: '1h' });
    expect(await page.getByTestId('statistics-chart').getAttribute('data-buckets')).toBe('168');
    await pick(page, 'period', '1m');
    await settled(page, { 'stat-type': 'count_interaction', period: '1m', interval: '1d' });
    expect(await page.getByTestId('statistics-chart').getAttribute('data-buckets')).toBe('30');
    await page.getByTestId('statistics-interval').click();
    // A month offers days and weeks only.
    expect(await page.getByTestId('statistics-interval-option-1h').count()).toBe(0);
    await page.getByTestId('statistics-interval-option-1w').click();
    await settled(page, { 'stat-type': 'count_interaction', period: '1m', interval: '1w' });
    const [interactions] = await rows(page);
    expect(interactions!.summary).toBeGreaterThan(10_000);
    expectFormatted(interactions!, compact);
    const ticks = await page.getByTestId('statistics-chart').locator('.report-chart__tick').allTextContents();
    expect(ticks.some((tick) => compact.test(tick))).toBe(true);
    // No figure of the chart or the table keeps the old "w" suffix, in either language.
    const figures = [...ticks, ...(await rows(page)).flatMap((r) => r.texts)];
    expect(figures.filter((text) => /\dw$/.test(text))).toEqual([]);
    await shot(page, `statistics-interactions-month-${prefix}`);

    // One source: the demo collector, with the accounts it collected from in the list.
    await page.getByTestId('statistics-source').click();
    const sources = (await call(page, 'admin/from_acnt_list')).data as { name: string; cnt_att: number }[];
    const demo = sources.find((s) => s.name === 'demo')!;
    expect(demo.cnt_att).toBeGreaterThan(100);
    expect(await page.getByTestId('statistics-source-option-demo').textContent()).toContain(String(demo.cnt_att));
    await page.getByTestId('statistics-source-option-demo').click();
    await pick(page, 'metric', 'count_account');
    await settled(page, { 'stat-type': 'count_account', source: 'demo', period: '1m', interval: '1w' });
    const accounts = (
      await call(page, 'admin/stat', {
        stat_type: 'count_account',
        from_acnt_name: 'demo',
        period: '1m',
        interval: '1w',
      })
    ).data as Table[];
    const [active] = await rows(page);
    expect(active!.summary).toBe(Math.max(...accounts[0]!.table_list.map((b) => b.cnt)));
    expect(active!.summary).toBeGreaterThan(0);
    await shot(page, `statistics-accounts-demo-${prefix}`);
    await page.context().close();
  });

  it('gives a user who is not an administrator nothing, and keeps them signed in', async () => {
    const email = `reader-${prefix}-${Date.now()}@example.com`;
    await registerUser(product, email, 'reader-pass');
    const page = await newPhonePage(browser, product.url, lang);
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill('reader-pass');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/(\?.*)?$/);
    await page.getByTestId('home-tabs').waitFor();
    await noToast(page);
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('user-menu-email').filter({ hasText: email }).waitFor();
    expect(await page.getByTestId('menu-statistics').count()).toBe(0);

    await page.goto('/#/statistics');
    await page.getByTestId('statistics-denied').waitFor();
    expect(await page.getByTestId('statistics-denied').textContent()).toContain(denied);
    expect(await page.getByTestId('statistics').count()).toBe(0);
    expect(await page.getByTestId('statistics-chart').count()).toBe(0);
    expect(page.url()).toMatch(/#\/statistics$/);
    await noToast(page);
    await shot(page, `statistics-denied-${prefix}`);
    // The API refuses them too.
    const stat = await call(page, 'admin/stat', { stat_type: 'count_tweet', period: '1d', interval: '1h' });
    expect([stat.status, stat.ret, stat.data]).toEqual([403, 403, undefined]);
    expect((await call(page, 'admin/from_acnt_list')).status).toBe(403);
    await page.context().close();
  });
});

describe('statistics refresh and failure', () => {
  it('refreshes silently every 60 s, and shows an empty chart when a load fails', async () => {
    const page = await newPhonePage(browser, product.url, 'en');
    await signInAsDemo(page);
    await page.getByTestId('home-tabs').waitFor();
    await noToast(page);
    await page.clock.install();
    await page.goto('/#/statistics');
    await settled(page, { 'stat-type': 'count_tweet', period: '1d', interval: '1h' });

    const refresh = page.waitForRequest((r) => r.url().endsWith('/webapi/v1/admin/stat'));
    await page.clock.fastForward(60_000);
    expect((await refresh).postDataJSON()).toMatchObject({ stat_type: 'count_tweet', period: '1d', interval: '1h' });
    // A silent refresh shows no spinner.
    expect(await page.getByTestId('statistics-loading').count()).toBe(0);

    await page.route('**/webapi/v1/admin/stat', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"ret":500,"msg":"boom"}' }),
    );
    await pick(page, 'metric', 'count_account');
    await expect.poll(() => board(page).getAttribute('data-state')).toBe('empty');
    await page.getByTestId('statistics-chart-empty').waitFor();
    expect(await page.getByTestId('statistics-chart').getAttribute('data-buckets')).toBe('0');
    expect(await page.getByTestId('statistics-table').count()).toBe(0);
    // Still signed in and on the page: a server failure is not a 401/403.
    expect(page.url()).toMatch(/#\/statistics$/);
    await shot(page, 'statistics-failed-en');

    await page.unroute('**/webapi/v1/admin/stat');
    await pick(page, 'metric', 'count_tweet');
    await settled(page, { 'stat-type': 'count_tweet', period: '1d', interval: '1h' });
    await page.context().close();
  });
});
