/**
 * Prices beside opinions (issue 16 §2) in Chromium at 390x844 on the demo's price path, in both
 * languages: a coin opinion report draws the coin's price on its own right-hand axis (its labels
 * holding every price the API gives), toggled off and on and remembered across a reload; an event
 * view naming two coins draws them as % change with a legend; the ranking rows and the home list's
 * coin opinion rows show a price and a signed 24 h change that fit the phone's width, in the
 * reader's up/down colours (the language's by default, switched from the user menu). Screenshots
 * of the report and the ranking also go to docs/screenshots/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noToast, PHONE, screenshot, docsScreenshot } from '../support/browser';
import type { Product } from '../support/server';
import { apiData, openSignedIn } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

// A small demo starts quickly; prices come from the demo price path, whatever the post volume.
process.env.DEMO_POSTS_PER_DAY = '300';

type Lang = 'en' | 'zh-CN';
type Tab = { view_id: string; view_type: string; subs: { view_id: string; price?: number; change24h?: number }[] };

const CHANGE = /^([+−]\d+\.\d|0\.0)%$/;
const PRICE = /^\$[\d,]+(\.\d+)?[kmbt]?$/;

let product: Product;
let browser: Browser;

/** A screenshot under e2e/artifacts, copied to docs/screenshots when the docs show it. */
const shot = (page: Page, name: string, docsName?: string) =>
  docsName ? docsScreenshot(page, name, docsName) : screenshot(page, name);

/** "102.5k", "0.00235", "1,500", "+2%" as numbers (k, m, b, t and % read back). */
function labelValue(label: string): number {
  const unit = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 }[label.slice(-1)] ?? 1;
  return Number(label.replace(/[,$kmbt%+]/g, '').replace('−', '-')) * unit;
}

async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allTextContents();
}

beforeAll(async () => {
  ({ product, browser } = await startSuite());
});
afterAll(() => stopSuite(browser, product));

describe.each(['en', 'zh-CN'] as const)('prices beside opinions (%s)', (lang: Lang) => {
  const tag = lang === 'en' ? 'en' : 'zh';
  const toggleText = lang === 'en' ? 'Price' : '价格';
  let page: Page;
  const call = <T>(path: string, data: object = {}) => apiData<T>(page, path, data, { 'accept-language': lang });
  let coinViewId = '';

  beforeAll(async () => {
    page = await openSignedIn(browser, product.url, lang);
    const list = await call<Tab[]>('view/v2/coin_opinion_add', { coin: 'BTC', kol_group_id: '' });
    coinViewId = list.find((v) => v.view_type === 'coin_opinion')?.subs.at(-1)?.view_id ?? '';
    expect(coinViewId).not.toBe('');
  });
  afterAll(async () => {
    await call('view/v2/coin_opinion_delete', { view_id: coinViewId });
    await page?.context().close();
  });

  it('draws the coin price on its own axis, and the toggle hides and shows it (remembered)', async () => {
    const prices = await call<{ list: { ct: number; price: number }[]; source: string }>('market/coin_prices', {
      coin: 'BTC',
      period: '1d',
      interval: '1h',
    });
    expect(prices.source).not.toBe('none');
    expect(prices.list.length).toBeGreaterThan(0);

    await page.goto(`/#/view-detail/${coinViewId}`);
    const report = page.getByTestId('report-view');
    await expect.poll(() => report.getAttribute('data-state')).toBe('chart');
    const line = page.getByTestId('report-chart-price-line');
    await line.waitFor();
    expect(await page.getByTestId('report-chart').getAttribute('data-overlay')).toBe('price');
    expect(await line.getAttribute('data-coin')).toBe('BTC');
    expect((await line.locator('polyline').getAttribute('points'))?.split(' ').length).toBe(prices.list.length);
    // The price axis narrows the plot after the report drew it: the newest bucket is still in view.
    await expect
      .poll(() =>
        page
          .getByTestId('report-chart-scroll')
          .evaluate((el) => Math.abs(el.scrollLeft + el.clientWidth - el.scrollWidth) <= 1),
      )
      .toBe(true);

    // The axis labels hold every price the call gave, and no two read alike.
    const labels = await texts(page, '[data-testid="report-chart-price-axis"] .report-chart__tick');
    expect(labels).toHaveLength(5);
    expect(new Set(labels).size).toBe(5);
    const values = labels.map(labelValue);
    const listed = prices.list.map((p) => p.price);
    expect(values[0]).toBeLessThanOrEqual(Math.min(...listed));
    expect(values[4]).toBeGreaterThanOrEqual(Math.max(...listed));
    // The sentiment axis still counts posts from 0.
    expect((await texts(page, '.report-chart__axis:not(.report-chart__axis--right) .report-chart__tick'))[0]).toBe('0');

    // The labels are not clipped by the axis' width.
    const clipped = await page
      .getByTestId('report-chart-price-axis')
      .evaluate((axis) =>
        Array.from(axis.querySelectorAll('span')).some(
          (s) => s.getBoundingClientRect().right > axis.getBoundingClientRect().right + 0.5,
        ),
      );
    expect(clipped).toBe(false);

    // A tap on the newest priced bucket tells its price, the one the call gave for that bucket.
    // The line's right end is that bucket: the current hour may have no price yet on a busy run.
    const last = prices.list.at(-1);
    const lineBox = await line.locator('polyline').boundingBox();
    const scrollBox = await page.getByTestId('report-chart-scroll').boundingBox();
    const at = { x: (lineBox?.x ?? 0) + (lineBox?.width ?? 0), y: (scrollBox?.y ?? 0) + 150 };
    await page.mouse.click(at.x, at.y);
    const tip = page.getByTestId('report-chart-tip');
    await tip.waitFor();
    const tipPrice = /BTC \$([\d.,]+[kmbt]?)/.exec((await tip.textContent()) ?? '')?.[1] ?? '';
    expect(Math.abs(labelValue(tipPrice) - (last?.price ?? 0))).toBeLessThanOrEqual((last?.price ?? 0) * 0.001);
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => tip.count()).toBe(0);

    const toggle = page.getByTestId('report-price-toggle');
    expect(await toggle.textContent()).toBe(toggleText);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await shot(page, `prices-report-${tag}`, `prices-report-${tag}`);

    await toggle.click();
    await expect.poll(() => line.count()).toBe(0);
    expect(await page.getByTestId('report-chart-price-axis').count()).toBe(0);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // Remembered on this device.
    await page.reload();
    await expect.poll(() => report.getAttribute('data-state')).toBe('chart');
    await page.getByTestId('report-price-toggle').waitFor();
    expect(await page.getByTestId('report-price-toggle').getAttribute('aria-pressed')).toBe('false');
    expect(await line.count()).toBe(0);
    await page.getByTestId('report-price-toggle').click();
    await line.waitFor();
    await shot(page, `prices-report-toggled-${tag}`);
  });

  it('draws an event view’s two coins as % change with a legend', async () => {
    const list = await call<Tab[]>('view/v2/event_opinion_add', {
      name: lang === 'en' ? 'E2E ETF flows' : 'E2E ETF 资金流',
      kol_group_id: '',
      matching_rules: [{ type: 'keywords', keywords: ['ETF', 'BTC', 'ETH'] }],
      coins: ['BTC', 'ETH'],
    });
    const eventId = list.find((v) => v.view_type === 'event_opinion')?.subs.at(-1)?.view_id ?? '';
    await page.goto(`/#/view-detail/${eventId}`);
    const report = page.getByTestId('report-view');
    await expect.poll(() => report.getAttribute('data-state')).toBe('chart');
    await page.getByTestId('report-chart-price-line').first().waitFor();
    expect(await page.getByTestId('report-chart').getAttribute('data-overlay')).toBe('change');
    expect(await texts(page, '[data-testid="report-price-legend"]')).toEqual(['BTC', 'ETH']);
    const labels = await texts(page, '[data-testid="report-chart-price-axis"] .report-chart__tick');
    expect(labels.every((l) => /^([+−][\d.]+|0)%$/.test(l))).toBe(true);
    await shot(page, `prices-event-${tag}`);

    // The setting page shows the coins picked.
    await page.goto(`/#/event-opinion-setting/${eventId}`);
    await expect.poll(() => texts(page, '[data-testid="event-coin"]')).toEqual(['BTC', 'ETH']);
    await shot(page, `prices-event-setting-${tag}`);

    // The picker takes a third coin and refuses a fourth; the update sends the three.
    await page.getByTestId('event-coins-field').click();
    await page.getByTestId('picker-search').fill('SOL');
    await page.getByTestId('picker-item-SOL').click();
    await page.getByTestId('picker-search').fill('DOGE');
    await page.getByTestId('picker-item-DOGE').click();
    await page
      .locator('.adm-toast-main', { hasText: lang === 'en' ? 'at most 3' : '最多选择 3' })
      .first()
      .waitFor();
    expect(await page.getByTestId('picker-item-DOGE').getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('picker-confirm').click();
    await page.getByTestId('picker-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => texts(page, '[data-testid="event-coin"]')).toEqual(['BTC', 'ETH', 'SOL']);
    const updated = page.waitForResponse((r) => r.url().endsWith('/view/v2/event_opinion_update'));
    await page.getByTestId('opinion-save').click();
    expect((await updated).request().postDataJSON()).toMatchObject({ coins: ['BTC', 'ETH', 'SOL'] });
    // Its toast would cover the next screenshots.
    await page
      .locator('.adm-toast-main', { hasText: lang === 'en' ? 'Updated successfully' : '更新成功' })
      .first()
      .waitFor();
    await noToast(page);
    expect((await call<{ coins: string[] }>('view/v2/event_opinion_info', { view_id: eventId })).coins).toEqual([
      'BTC',
      'ETH',
      'SOL',
    ]);
    await call('view/v2/event_opinion_delete', { view_id: eventId });
  });

  it('shows a price and a signed 24 h change on ranking rows and coin opinion rows, within 390 px', async () => {
    const views = await call<Tab[]>('view/v2/list');
    const hot = views.find((v) => v.view_type === 'hot_coins')?.view_id;
    await page.goto(`/#/?viewId=${hot}`);
    await page.getByTestId('rank-row').first().waitFor();
    const rows = page.getByTestId('rank-row');
    const count = Math.min(8, await rows.count());
    let priced = 0;
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const price = (await row.getByTestId('rank-price-price').textContent()) ?? '';
      if (price === '—') continue;
      const change = row.getByTestId('rank-price-change');
      const changeText = (await change.textContent()) ?? '';
      priced++;
      expect(price).toMatch(PRICE);
      expect(changeText).toMatch(CHANGE);
      const tone = (await change.getAttribute('class')) ?? '';
      const expected = changeText.startsWith('+') ? 'up' : changeText.startsWith('−') ? 'down' : 'flat';
      expect(tone).toContain(`price-change__change--${expected}`);
    }
    expect(priced).toBeGreaterThan(0);
    // Nothing wider than the phone, and no price cut off inside its cell.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const cut = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="rank-price"]'))
        .filter((el) => {
          const cell = el.closest('td')?.getBoundingClientRect();
          const price = el.querySelector('.price-change__price');
          const ellipsised = price !== null && price.scrollWidth > price.clientWidth + 1;
          return ellipsised || (cell !== undefined && el.getBoundingClientRect().right > cell.right + 0.5);
        })
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    await shot(page, `prices-ranking-${tag}`, `prices-ranking-${tag}`);

    // Up and down in the reader's colours: by default the language's convention (red up in
    // Chinese, green up in English), switched from the user menu at once and kept on reload.
    const figure = page
      .locator('[data-testid="rank-price-change"]:is(.price-change__change--up, .price-change__change--down)')
      .first();
    const up = ((await figure.getAttribute('class')) ?? '').includes('--up');
    const colourOf = () => figure.evaluate((el) => getComputedStyle(el).color);
    /** The figure's colour when `upColour` means up: its own side's colour. */
    const expected = (upColour: 'red' | 'green') =>
      (upColour === 'red') === up ? 'rgb(245, 49, 61)' : 'rgb(0, 168, 112)';
    const byDefault = lang === 'en' ? 'green' : 'red';
    const other = lang === 'en' ? 'red' : 'green';
    expect(await colourOf()).toBe(expected(byDefault));
    await page.getByTestId('user-menu-button').click();
    expect(await page.getByTestId(`up-colour-${byDefault}`).getAttribute('aria-current')).toBe('true');
    await page.getByTestId(`up-colour-${other}`).click();
    await expect.poll(colourOf).toBe(expected(other));
    expect(await page.getByTestId(`up-colour-${other}`).getAttribute('aria-current')).toBe('true');
    await shot(page, `prices-up-colours-menu-${tag}`);
    await page.reload();
    await figure.waitFor();
    expect(await colourOf()).toBe(expected(other));
    await shot(page, `prices-ranking-${other}-up-${tag}`);

    const group = views.find((v) => v.view_type === 'coin_opinion')?.view_id;
    await page.goto(`/#/?viewId=${group}`);
    // A fresh load: the views list held since sign-in may predate the view made above.
    await page.reload();
    const change = page.getByTestId(`group-sub-price-${coinViewId}-change`);
    await change.waitFor();
    expect((await change.textContent()) ?? '').toMatch(CHANGE);
    await shot(page, `prices-home-${tag}`);
  });
});
