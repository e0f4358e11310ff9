import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPhonePage, noToast } from './browser';
import { INNER_CODE, type Product } from './server';

/** The demo account that `kolscope start` seeds and prints. */
export const DEMO = { email: 'demo@kolscope.local', password: 'kolscope-demo' } as const;

/** Signs the page in through the login form and waits for the home page. */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(DEMO.email);
  await page.getByTestId('login-password').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/(\?.*)?$/);
}

/**
 * Waits for a toast to come (the 'Login successful' one, up to 3 s), then for no toast at all:
 * it would cover the screenshots and the taps.
 */
export async function waitToastGone(page: Page): Promise<void> {
  await page
    .locator('.adm-toast-mask')
    .first()
    .waitFor({ state: 'attached', timeout: 3000 })
    .catch(() => undefined);
  await noToast(page);
}

/** A new phone page in `lang`, signed in as the demo account, its sign-in toast gone. */
export async function openSignedIn(browser: Browser, baseUrl: string, lang: 'en' | 'zh-CN'): Promise<Page> {
  const page = await newPhonePage(browser, baseUrl, lang);
  await signInAsDemo(page);
  await waitToastGone(page);
  return page;
}

/** A call with the page's session cookie (Playwright's request context); answers the envelope's data (snake_case). */
export async function apiData<T>(
  page: Page,
  path: string,
  data: object = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await page.request.post(`/webapi/v1/${path}`, { data, headers });
  return (await response.json()).data as T;
}

/**
 * A call made by the signed-in page itself (fetch in the page, its cookie), snake_case keys on the
 * wire: status and envelope. `pageLanguage`: in the page's language, as the app asks.
 */
export function pageCall<T>(
  page: Page,
  path: string,
  body: object = {},
  opts: { pageLanguage?: boolean } = {},
): Promise<{ status: number; ret: number; data: T }> {
  return page.evaluate(
    async ({ path, body, pageLanguage }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (pageLanguage) headers['accept-language'] = localStorage.getItem('kolscope.lang') ?? 'en';
      const res = await fetch(`/webapi/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = await res.json();
      return { status: res.status, ret: json.ret, data: json.data };
    },
    { path, body, pageLanguage: opts.pageLanguage ?? false },
  );
}

/** Pushes posts (wire case) as an external collector would, and expects every one accepted. */
export async function ingestPosts(product: Product, key: string, posts: object[]): Promise<void> {
  const res = await fetch(`${product.url}/webapi/v1/ingest/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ingest-key': key },
    body: JSON.stringify({ posts }),
  });
  const json = (await res.json()) as { data?: { accepted: number } };
  expect(json.data?.accepted).toBe(posts.length);
}

/** Registers an account through the API: the mailed code, then the product's inner code. */
export async function registerUser(product: Product, email: string, password: string): Promise<void> {
  const post = (path: string, body: object) =>
    fetch(`${product.url}/webapi/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ ret: number }>);
  expect((await post('account/register_email_code', { email })).ret).toBe(1);
  const code = product.smtp.lastCode(email);
  expect((await post('account/register', { email, code, passwd: password, inner_code: INNER_CODE })).ret).toBe(1);
}
