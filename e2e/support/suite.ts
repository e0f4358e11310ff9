/** What every e2e file starts before its tests and stops after them: the product and a browser. */
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { launchBrowser } from './browser';
import { demoRate, type Product, type ProductOptions, startProduct } from './server';

/**
 * The default product (no `env` of its own, waiting for live) at a demo rate the global setup
 * loaded starts from a copy of that data folder (support/global-setup.ts); any other starts empty.
 */
export async function startSuite(opts: ProductOptions = {}): Promise<{ product: Product; browser: Browser }> {
  const preloaded = !opts.env && opts.waitForLive !== false;
  const dataFrom = preloaded ? inject('demoDataDirs')[demoRate()] : undefined;
  const product = await startProduct(dataFrom ? { ...opts, dataFrom } : opts);
  return { product, browser: await launchBrowser() };
}

/** Either may be missing when the start failed. */
export async function stopSuite(browser: Browser | undefined, product: Product | undefined): Promise<void> {
  await browser?.close();
  await product?.stop();
}
