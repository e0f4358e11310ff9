/**
 * Live screens (issue 18 §2) in Chromium at 390x844: an open All KOLs feed, scrolled down, shows
 * the new-items tip soon after a post is pushed through the ingest API, in English and Chinese.
 * The feed's own poll runs every 60 s from the
 * moment it mounts; the tip appearing less than 60 s after the mount can only come from a stream
 * hint. The wait itself has no deadline shorter than that: it ends when the tip shows.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_REFRESH_MS } from '@kolscope/contract';
import { newPhonePage, noToast, screenshot } from '../support/browser';
import type { Product } from '../support/server';
import { ingestPosts, pageCall, signInAsDemo } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

const INGEST_KEY = 'e2e-live-ingest';
process.env.INGEST_KEYS = INGEST_KEY;

let product: Product;
let browser: Browser;
let postSeq = 0;

beforeAll(async () => {
  ({ product, browser } = await startSuite({ env: { DEMO_POSTS_PER_DAY: '300' } }));
});
afterAll(() => stopSuite(browser, product));

async function pushPost(text: string) {
  const id = `8${String(Date.now()).slice(-12)}${String(++postSeq).padStart(4, '0')}`;
  await ingestPosts(product, INGEST_KEY, [
    {
      id,
      text,
      created_at: Math.floor(Date.now() / 1000),
      author: { id: '6000000000000000002', username: 'e2e_live', name: 'Live Desk', followers_count: 150_000 },
    },
  ]);
}

/** Signs in and opens All KOLs, scrolled past the 60 px threshold so new posts wait under the tip. */
async function openFeed(page: Page) {
  await signInAsDemo(page);
  await page.getByTestId('home-tabs').waitFor();
  await noToast(page);
  const list = (await pageCall<{ view_id: string; view_type: string; fixed: boolean }[]>(page, 'view/v2/list')).data;
  const allKols = list.find((v) => v.view_type === 'content_feed' && v.fixed)?.view_id;
  await page.goto(`/#/?tab=${allKols}`);
  await page.getByTestId('post-card').first().waitFor();
  const mountedAt = Date.now();
  await page.evaluate(() => window.scrollTo(0, 600));
  return mountedAt;
}

describe('live feed', () => {
  for (const { lang, prefix, text } of [
    { lang: 'en', prefix: 'en', text: 'Live desk: $BTC taking out the weekly high right now' },
    { lang: 'zh-CN', prefix: 'zh', text: '直播：$ETH 刚刚突破周线高点' },
  ] as const) {
    it(`shows the new-items tip on a stream hint, long before the 60 s poll (${lang})`, async () => {
      const page = await newPhonePage(browser, product.url, lang);
      const mountedAt = await openFeed(page);
      await pushPost(text);
      const tip = page.getByTestId('new-items-tip');
      await tip.waitFor({ timeout: 5 * AUTO_REFRESH_MS });
      // No interval poll has run yet: the tip came from the stream.
      expect(Date.now() - mountedAt).toBeLessThan(AUTO_REFRESH_MS);
      expect(Number(await tip.getAttribute('data-count'))).toBeGreaterThan(0);
      await screenshot(page, `${prefix}-60-live-new-items-tip`);
      await tip.click();
      await tip.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('post-card').first().textContent()).toContain(text.slice(-8));
      await page.context().close();
    }, 240_000);
  }
});
