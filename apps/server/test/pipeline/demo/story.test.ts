import { describe, expect, it } from 'vitest';
import { DEMO_COINS, generateDemoPosts } from '../../../src/pipeline/sources/demo/index';
import { DAY_MS, Story } from '../../../src/pipeline/sources/demo/story';
import type { RawPost } from '../../../src/pipeline/types';
import { NOW } from './helpers';

// The storylines end where collection starts: generate the month before NOW as the source would.
const storyEnd = Math.floor(NOW / 5000) * 5000;
const start = storyEnd - 30 * DAY_MS;
const posts = generateDemoPosts({ fromMs: start, toMs: storyEnd, storyEndMs: storyEnd });
const cast = new Story(1, start).cast(0);
const day = (p: RawPost) => (p.createdAt * 1000 - start) / DAY_MS;
const about = (coin: number) => {
  const c = DEMO_COINS[coin]!;
  const names = [`$${c.symbol}`, c.name, ...c.zh.filter((z) => z !== c.symbol)];
  return (p: RawPost) => names.some((n) => p.text.includes(n));
};
const share = (pred: (p: RawPost) => boolean, from: number, to: number) => {
  const window = posts.filter((p) => day(p) >= from && day(p) < to);
  return window.filter(pred).length / window.length;
};
const BEARISH = /exploit|crash|dump|rekt|bleeding|bearish|selling|暴跌|快跑|崩盘|看空|被黑/i;
const BULLISH = /bullish|🚀|moon|buying|long |看涨|起飞|抄底/i;

describe('demo storylines', () => {
  it('hacks a DeFi protocol on day 18.4: no exploit talk before, a bearish wave after', () => {
    const exploit = posts.filter((p) => /exploited|被黑客攻击/.test(p.text));
    expect(exploit.length).toBeGreaterThan(20);
    expect(Math.min(...exploit.map(day))).toBeGreaterThanOrEqual(18.39);
    const hacked = about(cast.hack);
    expect(share(hacked, 18.4, 20.4)).toBeGreaterThan(4 * share(hacked, 14, 18.4));
    const after = posts.filter((p) => hacked(p) && day(p) >= 18.4 && day(p) < 21);
    const bear = after.filter((p) => BEARISH.test(p.text)).length;
    const bull = after.filter((p) => BULLISH.test(p.text)).length;
    expect(bear).toBeGreaterThan(2 * bull);
  });

  it('runs an ETF rumour from day 4 and an approval on day 10.6', () => {
    const approved = posts.filter((p) => /approves spot|approved the first|正式批准|已批准/.test(p.text));
    expect(approved.length).toBeGreaterThan(10);
    expect(Math.min(...approved.map(day))).toBeGreaterThanOrEqual(10.59);
    const etf = posts.filter((p) => /\bETF\b/.test(p.text));
    expect(etf.filter((p) => day(p) >= 4 && day(p) < 20).length / etf.length).toBeGreaterThan(0.9);
    const etfCoin = about(cast.etf);
    expect(share(etfCoin, 10.6, 12)).toBeGreaterThan(2 * share(etfCoin, 0, 4));
  });

  it('ends on a memecoin mania: the cast memecoin surges into the present', () => {
    const meme = about(cast.meme);
    expect(share(meme, 28, 30)).toBeGreaterThan(4 * share(meme, 5, 15));
    expect(share(meme, 28, 30)).toBeGreaterThan(0.08);
  });

  it('keeps Bitcoin the most talked-about coin over the month', () => {
    const counts = DEMO_COINS.map((_, i) => posts.filter(about(i)).length);
    expect(counts.indexOf(Math.max(...counts))).toBe(0);
  });
});
