/**
 * Issue 13: the page under its Content-Security-Policy. The feed renders (demo images from
 * kolscope, an ingested post's third-party images through /media/proxy), the browser asks no other
 * host for anything, and no CSP violation shows up in the console.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, noToast, screenshot } from '../support/browser';
import type { Product } from '../support/server';
import { signInAsDemo, ingestPosts } from '../support/session';
import { startSuite, stopSuite } from '../support/suite';

// These screens need accounts and a few posts, not a month of volume: a small demo starts fast.
process.env.DEMO_POSTS_PER_DAY = '300';

const INGEST_KEY = 'e2e-security-ingest';
process.env.INGEST_KEYS = INGEST_KEY;
const MARKER = 'zzproxiedzz';
const THIRD_PARTY = 'https://images.example.com';

let product: Product;
let browser: Browser;

async function ingestPostWithThirdPartyImages() {
  const id = `8${String(Date.now()).slice(-12)}0001`;
  await ingestPosts(product, INGEST_KEY, [
    {
      id,
      text: `$BTC chart from a third-party host (${MARKER})`,
      created_at: Math.floor(Date.now() / 1000),
      author: {
        id: '6000000000000000077',
        username: 'e2e_images',
        name: 'Image Poster',
        icon: `${THIRD_PARTY}/avatar.png`,
        followers_count: 50_000,
        is_blue_verified: false,
        verified_type: 'none',
      },
      medias: [{ img_url_thumb: `${THIRD_PARTY}/chart-thumb.png`, img_url_origin: `${THIRD_PARTY}/chart.png` }],
    },
  ]);
}

beforeAll(async () => {
  ({ product, browser } = await startSuite());
  await ingestPostWithThirdPartyImages();
});
afterAll(() => stopSuite(browser, product));

/** A page that records CSP violations (event and console) and every host the browser contacts. */
async function watchedPage(): Promise<{ page: Page; violations: string[]; hosts: Set<string> }> {
  const page = await newPhonePage(browser, product.url, 'en');
  const violations: string[] = [];
  const hosts = new Set<string>();
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation|Refused to/i.test(m.text())) violations.push(m.text());
  });
  page.on('request', (r) => {
    if (/^https?:/.test(r.url())) hosts.add(new URL(r.url()).origin);
  });
  return { page, violations, hosts };
}

describe('security headers in the browser', () => {
  it('the feed renders under the CSP, third-party images come through the proxy', async () => {
    const { page, violations, hosts } = await watchedPage();
    const first = await page.goto('/');
    expect(first?.headers()['content-security-policy']).toContain("img-src 'self' data:");
    expect(first?.headers()['x-content-type-options']).toBe('nosniff');
    await signInAsDemo(page);
    await page.getByTestId('home-tabs').waitFor();
    await noToast(page);
    // The fixed "All KOLs" feed: newest first, so the ingested post is on top.
    await page
      .locator('[data-testid^="tab-"]', { hasText: /All KOLs/ })
      .first()
      .click();
    const card = page.getByTestId('post-card').filter({ hasText: MARKER });
    await card.waitFor();
    const src = await card.locator('[data-testid="post-image"] img').getAttribute('src');
    expect(src).toBe(`/media/proxy?url=${encodeURIComponent(`${THIRD_PARTY}/chart-thumb.png`)}`);
    // Demo posts' images are kolscope's own; they load under img-src 'self'. (The proxied chart
    // cannot load here, with no network, and is hidden; which card is on top depends on whether a
    // demo post arrived after the ingested one, so wait for any image that shows.)
    await page.locator('[data-testid="post-card"] img >> visible=true').first().waitFor();
    await screenshot(page, 'security-feed-en');

    // Every request went to kolscope; the third-party host was never asked by the browser.
    expect([...hosts]).toEqual([product.url]);
    expect(violations).toEqual([]);

    // The proxy answers only signed-in readers.
    const anonymous = await fetch(`${product.url}${src}`);
    expect(anonymous.status).toBe(401);
  });
});
