// Ad-hoc screenshots (not committed): node e2e/look.mjs BASE path1 path2 ...
import { chromium } from 'playwright-core';
const [base, lang, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1.5, isMobile: true, locale: lang });
const page = await ctx.newPage();
const r = await page.request.post(`${base}/webapi/v1/account/login`, { data: { email: 'demo@kolscope.local', passwd: 'kolscope-demo' }, headers: { 'accept-language': lang } });
console.log('login', r.status(), (await r.text()).slice(0, 100));
for (const p of paths) {
  await page.goto(`${base}${p}`);
  await page.waitForTimeout(4000);
  const name = `/tmp/shots/${lang}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`;
  await page.screenshot({ path: name, fullPage: false });
  console.log(name);
}
await browser.close();
