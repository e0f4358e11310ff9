import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPhonePage, noToast } from './browser';
import { INNER_CODE, type Product } from './server';

/** The demo account that `kolscope start` seeds and prints. */
export const DEMO = { email: 'demo@kolscope.local', password: 'kolscope-demo' } as const;

/** Signs the page in through the login form and waits for the home page. */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/(\?.*)?$/);
}

/** Signs the page in as the demo account and waits for the home page. */
export async function signInAsDemo(page: Page): Promise<void> {
  await signInAs(page, DEMO.email, DEMO.password);
}

/**
 * Waits for a toast that is about to show (e.g. 'Login successful') to come and go, so it covers no
 * screenshot or tap; returns at once when none comes within 3 s.
 */
export async function afterToast(page: Page): Promise<void> {
  await page
    .locator('.adm-toast-mask')
    .first()
    .waitFor({ state: 'attached', timeout: 3000 })
    .catch(() => undefined);
  await noToast(page);
}

/** A new phone-sized page in `lang`, signed in as the demo account, its login toast gone. */
export async function demoPage(browser: Browser, baseUrl: string, lang: 'en' | 'zh-CN'): Promise<Page> {
  const page = await newPhonePage(browser, baseUrl, lang);
  await signInAsDemo(page);
  await afterToast(page);
  return page;
}

/** A call with the page's session cookie (in `lang` when given); answers the envelope's data (snake_case). */
export async function callAs<T>(page: Page, path: string, data: object = {}, lang?: 'en' | 'zh-CN'): Promise<T> {
  const headers = lang ? { 'accept-language': lang } : undefined;
  return (await (await page.request.post(`/webapi/v1/${path}`, { data, headers })).json()).data as T;
}

/** Waits for a toast with `text`; a toast of the same text from the previous step may still be fading out. */
export async function toastWith(page: Page, text: string): Promise<void> {
  await page.locator('.adm-toast-main', { hasText: text }).first().waitFor();
}

/** A call made by the signed-in page itself (its cookie, from inside the app's origin): status and data (snake_case). */
export function callInPage<T>(page: Page, path: string, body: object = {}): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/webapi/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, data: (await res.json()).data };
    },
    { path, body },
  );
}

/** Registers `email` with the product's invitation code and the code it mailed, as a new user would. */
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

/** Pushes posts (the ingest API's wire shape) with `ingestKey` and expects every one accepted. */
export async function pushPosts(product: Product, ingestKey: string, posts: object[]): Promise<void> {
  const res = await fetch(`${product.url}/webapi/v1/ingest/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ingest-key': ingestKey },
    body: JSON.stringify({ posts }),
  });
  const json = (await res.json()) as { data?: { accepted: number } };
  expect(json.data?.accepted).toBe(posts.length);
}
