/**
 * Near-duplicates folded on the post card (issue 17 §3), in Chromium at 390x844: the same
 * sentence pushed by four accounts within minutes shows once in All KOLs with "and 3 others";
 * tapping it lists the accounts. Both languages.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, noToast, screenshot } from '../support/browser';
import type { Product } from '../support/server';
import { ingestPosts, pageCall, signInAsDemo } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

const INGEST_KEY = 'e2e-copies-ingest';
process.env.INGEST_KEYS = INGEST_KEY;
const PROMO =
  'Funding on $BTC still negative while price grinds up, shorts are trapped here. Longing with 50x (zzcopieszz)';
const ACCOUNTS = ['promo_alpha', 'promo_bravo', 'promo_charlie', 'promo_delta'];
let product: Product;
let browser: Browser;
let leaderId = '';

beforeAll(async () => {
  // The demo history may still load: this test reads only the posts it pushes, the newest.
  ({ product, browser } = await startSuite({ waitForLive: false }));
  const now = Math.floor(Date.now() / 1000);
  const stamp = String(Date.now()).slice(-10);
  const posts = ACCOUNTS.map((username, i) => ({
    id: `8${stamp}${i}`,
    text: i === 0 ? PROMO : `${PROMO} ${'🚀'.repeat(i)}`,
    created_at: now - 600 + i * 120,
    author: {
      id: `60000000000000001${i}`,
      username,
      name: `Promo ${username.slice(6)}`,
      followers_count: 50_000,
      is_blue_verified: false,
      verified_type: 'none',
    },
    medias: [],
  }));
  await ingestPosts(product, INGEST_KEY, posts);
  leaderId = posts[0]!.id;
});
afterAll(() => stopSuite(browser, product));

describe('folded copies', () => {
  for (const { lang, prefix, others } of [
    { lang: 'en', prefix: 'en', others: 'and 3 others' },
    { lang: 'zh-CN', prefix: 'zh', others: '及另外 3 人' },
  ] as const) {
    it(`shows the sentence once with its copiers (${lang})`, async () => {
      const page = await newPhonePage(browser, product.url, lang);
      await signInAsDemo(page);
      await page.getByTestId('home-tabs').waitFor();
      await noToast(page);
      // A feed of this test's sentence alone: the demo's own posts cannot push it off the page.
      const added = await pageCall<{ view_id: string }[]>(page, 'view/add', {
        name: 'copies',
        view_type: 'content_feed',
        matching_rules: [{ type: 'keywords', rules: [{ value: 'zzcopieszz' }] }],
      });
      const viewId = added.data.at(-1)!.view_id;
      await page.reload();
      await page.getByTestId(`tab-${viewId}`).click();
      const card = page.locator(`[data-post-id="${leaderId}"]`);
      await card.waitFor();
      await expect.poll(() => page.locator('[data-testid="post-card"]', { hasText: 'zzcopieszz' }).count()).toBe(1);
      const toggle = card.getByTestId('post-copies');
      expect(await toggle.textContent()).toBe(others);
      await toggle.click();
      const list = card.getByTestId('post-copies-list');
      await list.waitFor();
      expect(await list.locator('li').count()).toBe(3);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `${prefix}-copies-folded`);
      await page.close();
    });
  }
});
