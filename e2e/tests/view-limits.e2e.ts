/**
 * The view keyword limit in Chromium at 390x844: a feed form takes keywords up to
 * VIEW_LIMITS.keywords; one more "Add keyword" adds nothing and says why under the keywords,
 * in English and in Chinese. Removing one lets the user add again.
 */
import { VIEW_LIMITS } from '@kolscope/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from '../support/browser';
import type { Product } from '../support/server';
import { signInAsDemo } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

// These screens need accounts and a few posts, not a month of volume: a small demo starts fast.
process.env.DEMO_POSTS_PER_DAY = '300';

let product: Product;
let browser: Browser;

beforeAll(async () => {
  ({ product, browser } = await startSuite());
});
afterAll(() => stopSuite(browser, product));

async function typeKeyword(page: Page, text: string) {
  const input = page.getByTestId('keyword-input');
  await input.fill(text);
  await input.press('Enter');
  await input.waitFor({ state: 'detached' });
}

const CASES = [
  { lang: 'en', message: 'A view has at most 100 keywords in all' },
  { lang: 'zh-CN', message: '一个视图的关键词总数最多 100 个' },
] as const;

describe.each(CASES)('keyword limit ($lang)', ({ lang, message }) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPhonePage(browser, product.url, lang);
    await signInAsDemo(page);
  });
  afterAll(() => page?.context().close());

  it(`stops at ${VIEW_LIMITS.keywords} keywords and says why at the field`, async () => {
    await page.goto('/#/feed-setting');
    await page.getByTestId('feed-title').fill('Limits');
    await page.getByTestId('add-filter').click();
    await page.getByTestId('add-filter-keywords').click();
    await typeKeyword(page, 'word0');
    for (let i = 1; i < VIEW_LIMITS.keywords; i++) {
      await page.getByTestId('keyword-add').click();
      await typeKeyword(page, `word${i}`);
    }
    expect(await page.getByTestId('keyword-limit').count()).toBe(0);
    await page.getByTestId('keyword-add').click();
    const limit = page.getByTestId('keyword-limit');
    await limit.waitFor();
    expect(await limit.textContent()).toBe(message);
    expect(await page.getByTestId('keyword-input').count()).toBe(0);
    await screenshot(page, `${lang}-60-keyword-limit`);
    // Removing a keyword takes the message away and lets one more in.
    await page.locator('.filter-tag__remove').first().click();
    await limit.waitFor({ state: 'detached' });
    await page.getByTestId('keyword-add').click();
    await typeKeyword(page, 'again');
    expect(await page.getByTestId('keyword-limit').count()).toBe(0);
  });
});
