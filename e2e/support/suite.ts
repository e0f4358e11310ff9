/** What every e2e file starts before its tests and stops after them: the product and a browser. */
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { type Product, startProduct } from './server';

export async function startSuite(
  opts: Parameters<typeof startProduct>[0] = {},
): Promise<{ product: Product; browser: Browser }> {
  const product = await startProduct(opts);
  return { product, browser: await launchBrowser() };
}

/** Either may be missing when the start failed. */
export async function stopSuite(browser: Browser | undefined, product: Product | undefined): Promise<void> {
  await browser?.close();
  await product?.stop();
}
