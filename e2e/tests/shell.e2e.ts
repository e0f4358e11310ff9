/** The app shell in Chromium at 390x844: routing rules, scroll reset, lost sessions. */
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

const hashOf = (page: Page) => page.evaluate(() => window.location.hash);

beforeAll(async () => {
  ({ product, browser } = await startSuite());
});
afterAll(() => stopSuite(browser, product));

describe('app shell', () => {
  it('shows the signed-out home with a way to sign in', async () => {
    const page = await newPhonePage(browser, product.url, 'en');
    await page.goto('/');
    await expect.poll(() => page.getByTestId('home-body').getAttribute('data-signed-in')).toBe('false');
    await screenshot(page, 'en-10-home-signed-out');
    await page.getByTestId('user-menu-button').click();
    await page.waitForURL(/#\/login$/);
    await page.context().close();
  });

  it('sends unknown paths to / and stray /kol-management paths to /kol-management', async () => {
    const page = await newPhonePage(browser, product.url, 'en');
    await signInAsDemo(page);
    await page.goto('/#/no/such/page');
    await expect.poll(() => hashOf(page)).toBe('#/');
    await page.goto('/#/kol-management/a/b');
    await expect.poll(() => hashOf(page)).toBe('#/kol-management');
    await page.context().close();
  });

  it('scrolls to the top on every path change', async () => {
    const page = await newPhonePage(browser, product.url, 'en');
    await signInAsDemo(page);
    await page.goto('/#/data-source');
    await page.getByTestId('data-source-page').waitFor();
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 1500);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.evaluate(() => {
      window.location.hash = '#/rank-setting';
    });
    await page.waitForURL(/#\/rank-setting$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it('sends the user to /login when the server no longer knows the session', async () => {
    const page = await newPhonePage(browser, product.url, 'en');
    await signInAsDemo(page);
    // The session ends on the server (another tab logged out, or it expired).
    await page.evaluate(() => fetch('/webapi/v1/account/logout', { method: 'POST' }));
    await page.goto('/#/nav-setting');
    await page.reload();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('kolscope.uid'))).toBeNull();
    await page.context().close();
  });
});
