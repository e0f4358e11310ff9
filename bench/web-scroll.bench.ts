/**
 * Scrolling 1,000 posts in the real app: the production build with demo data, Debian's Chromium
 * at 390x844, the All KOLs feed loaded to 1,000 posts by infinite scroll, then scrolled top to
 * bottom at 2,400 px/s while every animation frame's duration is recorded.
 * Target: no dropped frames (frames over 20 ms at 60 Hz). Run: `npm run bench -- web-scroll`.
 */
import { launchBrowser, newPhonePage } from '../e2e/support/browser';
import { startProduct } from '../e2e/support/server';
import { signInAsDemo } from '../e2e/support/session';

const POSTS = Number(process.env.BENCH_POSTS ?? 1000);
const product = await startProduct();
const browser = await launchBrowser();
try {
  const page = await newPhonePage(browser, product.url, 'en');
  await signInAsDemo(page);
  await page.getByTestId('post-card').first().waitFor({ timeout: 60_000 });
  // Infinite scroll until the list holds enough posts.
  const deadline = Date.now() + 240_000;
  let count = 0;
  while (count < POSTS && Date.now() < deadline) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(150);
    count = await page.getByTestId('post-card').count();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  const frames = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const deltas: number[] = [];
        let last = performance.now();
        const end = document.body.scrollHeight - window.innerHeight;
        const step = (now: number) => {
          deltas.push(now - last);
          window.scrollBy(0, ((now - last) / 1000) * 2400);
          last = now;
          if (window.scrollY >= end - 1) resolve(deltas.slice(1));
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  frames.sort((a, b) => a - b);
  const over = frames.filter((f) => f > 20).length;
  const memory = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  );
  console.log(
    `scrolled ${count} posts: ${frames.length} frames, median ${frames[Math.floor(frames.length / 2)]?.toFixed(1)} ms, p95 ${frames[Math.floor(frames.length * 0.95)]?.toFixed(1)} ms, ${over} over 20 ms, JS heap ${(memory / 1048576).toFixed(0)} MB`,
  );
  console.log(
    `target: no dropped frames — ${over <= frames.length * 0.01 ? 'met (at most 1% of frames over 20 ms)' : 'NOT met'}`,
  );
} finally {
  await browser.close();
  await product.stop();
}
