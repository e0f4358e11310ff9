import type { Page } from 'playwright-core';

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
