/**
 * The first minute on a fresh data folder, in Chromium at 390x844: history loads newest first, so
 * Hot Coins ranks coins while the 30 days are still loading, and it says so with its note
 * "Loading history: N %"; a report over the last day says the same. English and Chinese.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhonePage, screenshot, noToast } from '../support/browser';
import { type Product, startProduct } from '../support/server';
import { signInAsDemo } from '../support/session';

// Dense enough that 30 days take many minutes to load: the test runs inside the loading.
process.env.DEMO_POSTS_PER_DAY = '20000';

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({ waitForLive: false });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('while history loads', () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    it(`ranks recent coins on Hot Coins and notes the loading (${lang})`, { timeout: 120_000 }, async () => {
      const page = await newPhonePage(browser, product.url, lang);
      await signInAsDemo(page);
      await page.getByTestId('home-tabs').waitFor();
      const health = (await (await fetch(`${product.url}/healthz`)).json()) as {
        history: { loading: boolean; percent: number };
      };
      expect(health.history.loading).toBe(true);

      // Hot Coins is the default tab: coins from the newest posts, and the note over them.
      await page.getByTestId('rank-table').waitFor({ timeout: 60_000 });
      const note = page.getByTestId('history-note');
      await note.waitFor();
      const percent = Number(await note.getAttribute('data-percent'));
      // The share of the 24 h window already stored, not of all 30 days (healthz's figure).
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThan(100);
      expect(await note.textContent()).toContain(
        lang === 'en' ? `Loading history: ${percent} % of this range` : `此范围已加载 ${percent}%`,
      );
      // The 'Login successful' toast would cover the screenshot.
      await noToast(page);
      await screenshot(page, `history-hot-coins-${lang === 'en' ? 'en' : 'zh'}`);
      await page.close();
    });
  }
});
