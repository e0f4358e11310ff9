/** The product and Chromium that a test file starts once before its tests and stops after them. */
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { type Product, startProduct } from './server';

export async function startProductAndBrowser(
  opts?: Parameters<typeof startProduct>[0],
): Promise<{ product: Product; browser: Browser }> {
  const product = await startProduct(opts);
  return { product, browser: await launchBrowser() };
}

/** Either may be missing when the start failed part way. */
export async function stopProductAndBrowser(product: Product | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await product?.stop();
}
