/**
 * A newcomer's path through the real product in Chromium at 390x844: register with the inner
 * code and a code read from the mail, sign out, sign in, reset the password, sign in with an
 * e-mailed code, and switch language. Screenshots land in e2e/artifacts/.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPhonePage, screenshot } from '../support/browser';
import { INNER_CODE, type Product } from '../support/server';
import { startSuite, stopSuite } from '../support/suite';

// These screens need accounts and a few posts, not a month of volume: a small demo starts fast.
process.env.DEMO_POSTS_PER_DAY = '300';

let product: Product;
let browser: Browser;
let page: Page;
const email = `newcomer-${Date.now()}@example.com`;

async function waitForMailCode(to: string, after: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (product.smtp.mailsTo(to).length > after) return product.smtp.lastCode(to);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail reached ${to}`);
}

const byId = (id: string) => page.getByTestId(id);
const step = () => byId('login-page').getAttribute('data-step');

beforeAll(async () => {
  ({ product, browser } = await startSuite());
  page = await newPhonePage(browser, product.url, 'en');
});
afterAll(() => stopSuite(browser, product));

describe('accounts in the browser', () => {
  it('sends a signed-out visitor from a private page to /login', async () => {
    await page.goto('/#/feed-setting');
    await page.waitForURL(/#\/login$/);
    await expect.poll(step).toBe('login');
    await expect.poll(() => byId('login-submit').isDisabled()).toBe(true);
    await screenshot(page, 'en-01-login');
  });

  it('registers with the inner code and a mailed code', async () => {
    await byId('register-link').click();
    await expect.poll(step).toBe('register_invite');
    await byId('invite-inner-code').fill('WRONG-CODE');
    await byId('invite-next').click();
    await page.getByText('Invite code verification failed').waitFor();
    await byId('invite-inner-code').fill(INNER_CODE);
    await screenshot(page, 'en-02-register-invite');
    await byId('invite-next').click();
    await expect.poll(step).toBe('register_verify');

    await byId('register-email').fill('not-an-email');
    await byId('register-send-code').click();
    await page.getByText('Please enter a valid email').first().waitFor();
    await byId('register-email').fill(email);
    await byId('register-send-code').click();
    const code = await waitForMailCode(email, 0);
    await page.getByText(/Resend in \d+s/).waitFor();
    // A wrong code is named on this step, before a password is chosen.
    await byId('register-code').fill(code === '000000' ? '111111' : '000000');
    await byId('register-next').click();
    await page.getByText('Invalid verification code').waitFor();
    expect(await step()).toBe('register_verify');
    await screenshot(page, 'en-03-register-verify-wrong');
    await byId('register-code').fill(code);
    await screenshot(page, 'en-03-register-verify');
    await byId('register-next').click();
    await expect.poll(step).toBe('register_password');

    await byId('register-password').fill('12345');
    await byId('register-submit').click();
    await page.getByText('Password must be at least 6 characters').first().waitFor();
    await byId('register-password').fill('first-secret');
    await screenshot(page, 'en-04-register-password');
    await byId('register-submit').click();
    await page.getByText('Registration successful').waitFor();
    await expect.poll(step).toBe('login');
  });

  it('signs in and shows the signed-in home with the user menu', async () => {
    await byId('login-email').fill(email);
    await byId('login-password').fill('wrong-secret');
    await byId('login-submit').click();
    await page.getByText('Wrong email or password').waitFor();
    await byId('login-password').fill('first-secret');
    await byId('login-submit').click();
    await page.waitForURL(/#\/$/);
    await expect.poll(() => byId('home-body').getAttribute('data-signed-in')).toBe('true');
    await screenshot(page, 'en-05-home');
    await byId('user-menu-button').click();
    await expect.poll(() => byId('user-menu-email').textContent()).toBe(email);
    expect(await byId('menu-statistics').count()).toBe(0);
    await screenshot(page, 'en-06-user-menu');
  });

  it('logs out to /login, and the session is gone on the server', async () => {
    await byId('logout-button').click();
    await page.waitForURL(/#\/login$/);
    const info = await page.evaluate(() => fetch('/webapi/v1/account/info', { method: 'POST' }).then((r) => r.status));
    expect(info).toBe(401);
    await page.goto('/#/nav-setting');
    await page.waitForURL(/#\/login$/);
  });

  it('resets a forgotten password with a mailed code', async () => {
    await byId('forgot-link').click();
    await expect.poll(step).toBe('forgot_verify');
    await byId('forgot-email').fill(email);
    const before = product.smtp.mailsTo(email).length;
    await byId('forgot-send-code').click();
    const code = await waitForMailCode(email, before);
    await byId('forgot-code').fill(code === '000000' ? '111111' : '000000');
    await byId('forgot-next').click();
    await page.getByText('Invalid verification code').waitFor();
    expect(await step()).toBe('forgot_verify');
    await byId('forgot-code').fill(code);
    await screenshot(page, 'en-07-forgot-verify');
    await byId('forgot-next').click();
    await expect.poll(step).toBe('forgot_password');
    await byId('forgot-password').fill('second-secret');
    await byId('forgot-submit').click();
    await page.getByText('Password reset successful').waitFor();
    await expect.poll(step).toBe('login');
    await byId('login-email').fill(email);
    await byId('login-password').fill('second-secret');
    await byId('login-submit').click();
    await page.waitForURL(/#\/$/);
    await byId('user-menu-button').click();
    await byId('logout-button').click();
    await page.waitForURL(/#\/login$/);
  });

  it('signs in with an e-mailed code', async () => {
    await byId('login-mode-code').click();
    await byId('login-email').fill(email);
    const before = product.smtp.mailsTo(email).length;
    await byId('login-send-code').click();
    const code = await waitForMailCode(email, before);
    await byId('login-code').fill(code);
    await screenshot(page, 'en-08-login-with-code');
    await byId('login-submit').click();
    await page.waitForURL(/#\/$/);
    await expect.poll(() => byId('home-body').getAttribute('data-signed-in')).toBe('true');
  });

  it('switches to Chinese, which survives a reload, and back', async () => {
    await byId('user-menu-button').click();
    await byId('lang-zh-CN').click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('kolscope.lang'))).toBe('zh-CN');
    await byId('home-body').waitFor();
    await screenshot(page, 'zh-05-home');
    await byId('user-menu-button').click();
    await page.getByText('退出登录').waitFor();
    await screenshot(page, 'zh-06-user-menu');
    await byId('logout-button').click();
    await page.waitForURL(/#\/login$/);
    await page.getByText('忘记密码？').waitFor();
    await screenshot(page, 'zh-01-login');
    await byId('register-link').click();
    await byId('invite-next').click();
    await page.getByText('请输入邀请码').first().waitFor();
    await screenshot(page, 'zh-02-register-invite');
    await byId('invite-inner-code').fill(INNER_CODE);
    await byId('invite-next').click();
    await expect.poll(step).toBe('register_verify');
    const zhEmail = `zh-${email}`;
    await byId('register-email').fill(zhEmail);
    await byId('register-send-code').click();
    const code = await waitForMailCode(zhEmail, 0);
    await byId('register-code').fill(code === '000000' ? '111111' : '000000');
    await byId('register-next').click();
    await page.getByText('验证码无效').waitFor();
    expect(await step()).toBe('register_verify');
    await screenshot(page, 'zh-03-register-verify-wrong');
  });

  it('lets the printed demo account in, as an administrator', async () => {
    expect(product.output()).toContain('demo account: demo@kolscope.local / kolscope-demo');
    const demo = await newPhonePage(browser, product.url, 'en');
    await demo.goto('/#/login');
    await demo.getByTestId('login-email').fill('demo@kolscope.local');
    await demo.getByTestId('login-password').fill('kolscope-demo');
    await demo.getByTestId('login-submit').click();
    await demo.waitForURL(/#\/$/);
    await demo.getByTestId('user-menu-button').click();
    await demo.getByTestId('menu-statistics').waitFor();
    await screenshot(demo, 'en-09-demo-admin-menu');
    await demo.context().close();
  });
});
