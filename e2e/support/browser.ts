/** Debian's Chromium driven by playwright-core at a phone size; never a downloaded browser. */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));
/** Screenshots the README and docs show, kept in the repository. */
export const DOCS = fileURLToPath(new URL('../../docs/screenshots', import.meta.url));
export const PHONE = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPhonePage(browser: Browser, baseUrl: string, lang?: 'en' | 'zh-CN'): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    baseURL: baseUrl,
  });
  // Playwright's 30 s default for a wait or a tap is a speed claim: in CI runs a group's member
  // list, a save's toast and a report each came later than that on two cores shared by the
  // browser, the runner and the server. Two minutes still ends a hang well inside the test's time.
  context.setDefaultTimeout(120_000);
  // Only a first visit gets the language; a later switch in the app must survive reloads.
  if (lang) {
    await context.addInitScript((l) => {
      if (!window.localStorage.getItem('kolscope.lang')) window.localStorage.setItem('kolscope.lang', l);
    }, lang);
  }
  return context.newPage();
}

/** A screenshot the docs show: taken under e2e/artifacts and copied to docs/screenshots. */
export async function docsScreenshot(page: Page, name: string, docsName = name): Promise<string> {
  const path = await screenshot(page, name);
  mkdirSync(DOCS, { recursive: true });
  copyFileSync(path, join(DOCS, `${docsName}.png`));
  return path;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  // Popups and toasts slide in; a picture taken mid-animation shows half a screen.
  await page.waitForTimeout(400);
  await page.screenshot({ path });
  return path;
}

/**
 * Waits until no toast covers the page (screenshots and taps). Two toasts can overlap (one closing
 * as the next opens), so it waits for none at all, not for one to go; it has no deadline of its
 * own, since a toast's close depends on how busy the machine is (the test's timeout ends a hang).
 */
export async function noToast(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.adm-toast-mask') === null, undefined, {
    timeout: 0,
    polling: 100,
  });
}
