/**
 * Demo posts never contradict the price line (issue 29 §9): a month of demo posts is read as a
 * reader reads them, every claim about what the price did ("went down for 9 hours", "up 4.2%
 * today", "pumping", "lost support at 92k", "今天跌了3.1%", "一直跌"...) is parsed out of the text,
 * and checked against the candles of the demo price source (the price line the app draws) over
 * the span the claim names. The phrase tables below are written from the reader's side: they
 * name what a sentence says, not which template wrote it.
 */
import { describe, expect, it } from 'vitest';
import { createDemoPriceSource } from '../../../src/markets/sources/demo';
import { DEMO_COINS, demoAccounts, generateDemoPosts } from '../../../src/pipeline/sources/demo/index';
import { DAY_MS } from '../../../src/pipeline/sources/demo/story';
import type { RawPost } from '../../../src/pipeline/types';
import { NOW, signal } from './helpers';

const HOUR_MS = 3_600_000;
const storyEnd = Math.floor(NOW / 5000) * 5000;
const start = storyEnd - 30 * DAY_MS;
const bots = new Set(demoAccounts(1).flatMap((a) => (a.promoBot ? [a.id] : [])));
const posts = generateDemoPosts({ fromMs: start, toMs: storyEnd, storyEndMs: storyEnd }).filter(
  (p) => !bots.has(p.author.id),
);
const prices = createDemoPriceSource({ seed: 1, storyStartMs: async () => start });

/**
 * The demo coins a post names (cashtag, name, Chinese names, a bare ticker), by index. Some
 * voices write in lower case ("bitcoin"), so a name may start either way, except a name that is
 * an everyday word ("died near 2.2" is no mention of NEAR).
 */
const EVERYDAY = new Set(['Near']);
const NAMES = DEMO_COINS.map((c) => {
  const esc = (w: string) => w.replace(/\./g, '\\.');
  const name = EVERYDAY.has(c.name)
    ? esc(c.name)
    : `[${c.name[0]!.toUpperCase()}${c.name[0]!.toLowerCase()}]${esc(c.name.slice(1))}`;
  const words = [name, ...c.zh.filter((z) => /^[A-Z]+$/.test(z))];
  const han = c.zh.filter((z) => /\p{Script=Han}/u.test(z));
  return new RegExp([`\\$${c.symbol}\\b`, `(?<![A-Za-z])(?:${words.join('|')})(?![A-Za-z])`, ...han].join('|'));
});
function coinOf(p: RawPost): number | undefined {
  const named = NAMES.flatMap((re, i) => (re.test(p.text) ? [i] : []));
  return named.length === 1 ? named[0] : undefined;
}

type Claim =
  /** The price rose (dir 1) or fell (-1) over the last `hours`; `pct` when the post says how much. */
  | { kind: 'move'; dir: 1 | -1; hours: number; pct?: number; said: string }
  /** The price crossed `level` downward (dir -1: "lost support at 92k") or upward within a day. */
  | { kind: 'cross'; dir: 1 | -1; level: number; said: string }
  /** A quiet day. */
  | { kind: 'flat'; said: string };

/** Trend words in the present tense: the price moved that way today, and lately (4 h). */
const NOW_UP = [
  /\bpumping\b/i,
  /going parabolic/i,
  /chart is vertical/i,
  /price grinds up/i,
  /shorts getting squeezed/i,
  /healthy rally/i,
  /this rally is (?:fake|hollow)/i,
  /\bgoing higher\b/i,
  /trend is up/i,
  /breakout confirmed/i,
  /price (?:pumps|is up)/i,
  /leading, going higher/i,
  /(?<![要准备])起飞了/,
  /又新高了/,
  /价格却在(?:涨|拉)/,
  /健康上涨/,
  /轧空行情/,
  /领涨/,
  /涨太多了/,
];
const NOW_DOWN = [
  /\b(?:crashing|collapsing)\b/i,
  /\bdumping\b(?! it\b)/i, // "Dumping it": the author sells
  /\b(?:is|are|still) bleeding\b/i,
  /(?<!demand )already fading/i, // "Demand already fading": the ETFs' buyers
  /breaking down/i,
  /\b(?:going|heading) lower\b/i,
  /lower highs everywhere/i,
  /dump not over/i,
  /longs getting (?:liquidated|wiped)/i,
  /healthy pullback/i,
  /top is in/i,
  /(?:death cross|bear flag) on/i,
  /一直跌/,
  /还在跌/,
  /还要跌/,
  /崩盘/,
  /反而下跌/,
  /还没跌完/,
  /多单(?:被大面积)?(?:爆仓|止损)/,
  /见顶了/,
  /多头爆仓/,
  /健康回调/,
  /跌太多了/,
  /被砸盘/,
  /风险资产下跌/,
];

/** A level as posts write it: '95.5k', '9.55万', '3,450', '1.9', '0.000018'. */
function level(s: string): number {
  if (s.endsWith('k')) return Number(s.slice(0, -1)) * 1000;
  if (s.endsWith('万')) return Number(s.slice(0, -1)) * 10_000;
  return Number(s.replace(/,/g, ''));
}
const LEVEL = String.raw`(\d{1,3}(?:,\d{3})*(?:\.\d+)?(?:k|万)?)`;
const CROSS_DOWN = [
  new RegExp(`lost (?:support|the range low) at ${LEVEL}`, 'i'),
  new RegExp(String.raw`(?:dumping|dumped), \S+ lost ${LEVEL}`, 'i'),
  new RegExp(String.raw`(?:liquidated|stopped out) on my \S+ long at ${LEVEL}`, 'i'),
  new RegExp(`跌破(?:支撑)?${LEVEL}`),
];
// 持币地址突破60万: the holders passed 600,000, not the price.
const CROSS_UP = [new RegExp(`reclaimed ${LEVEL}`, 'i'), new RegExp(`(?<!地址)突破${LEVEL}`)];

/** "Open interest $12.7B, up 3% today": the sentence's figure is not the price. */
function aboutAnotherFigure(text: string, at: number): boolean {
  const sentence = text
    .slice(0, at)
    .split(/[.!?](?=\s)|[。！？]/)
    .at(-1)!;
  return /open interest|\bOI\b|TVL|volume|reserves|supply/i.test(sentence);
}

/** Every claim about the price a post makes. */
function claims(text: string): Claim[] {
  const out: Claim[] = [];
  for (const m of text.matchAll(/\b(?:went|was) (up|down) for (\d+) hours?/gi))
    out.push({ kind: 'move', dir: m[1]!.toLowerCase() === 'up' ? 1 : -1, hours: Number(m[2]), said: m[0] });
  // An outage and a falling price read together: the chain's own coin fell while it was down.
  for (const m of text.matchAll(/宕机了(\d+)个小时/g))
    out.push({ kind: 'move', dir: -1, hours: Number(m[1]), said: m[0] });
  for (const m of text.matchAll(/\b(up|down) (\d+(?:\.\d+)?)% (today|on the day|this week)/gi)) {
    if (aboutAnotherFigure(text, m.index)) continue;
    out.push({
      kind: 'move',
      dir: m[1]!.toLowerCase() === 'up' ? 1 : -1,
      hours: m[3] === 'this week' ? 168 : 24,
      pct: Number(m[2]),
      said: m[0],
    });
  }
  for (const m of text.matchAll(/(今天|这周)(涨|跌)了(\d+(?:\.\d+)?)%/g))
    out.push({
      kind: 'move',
      dir: m[2] === '涨' ? 1 : -1,
      hours: m[1] === '这周' ? 168 : 24,
      pct: Number(m[3]),
      said: m[0],
    });
  for (const [list, dir] of [
    [NOW_UP, 1],
    [NOW_DOWN, -1],
  ] as const) {
    for (const re of list) {
      const m = re.exec(text);
      if (m) out.push({ kind: 'move', dir, hours: 24, said: m[0] }, { kind: 'move', dir, hours: 4, said: m[0] });
    }
  }
  for (const [list, dir] of [
    [CROSS_DOWN, -1],
    [CROSS_UP, 1],
  ] as const) {
    for (const re of list) {
      const m = re.exec(text);
      if (m) out.push({ kind: 'cross', dir, level: level(m[1]!), said: m[0] });
    }
  }
  if (/\b(?:range|slow) day\b|横盘/i.test(text)) out.push({ kind: 'flat', said: 'flat' });
  return out;
}

/** The price line at `ms`: the open of its 5-minute candle. */
async function priceAt(coin: string, ms: number): Promise<number> {
  const t = Math.floor(ms / 300_000) * 300;
  return (await prices.candles(coin, '5m', t, t + 300, signal)).candles[0]!.open;
}
/** The highest high and lowest low of the hourly candles of the day before `ms`. */
async function dayRange(coin: string, ms: number): Promise<[number, number]> {
  const to = Math.floor(ms / 1000);
  const { candles } = await prices.candles(coin, '1h', to - 86_400, to, signal);
  return [Math.max(...candles.map((c) => c.high)), Math.min(...candles.map((c) => c.low))];
}

/**
 * Whether the claim holds on the price line; the actual move in the message when not. A figure
 * may be off by its rounding (moves of 20 % and more are written whole) and the candles' noise.
 */
async function check(coin: string, ms: number, c: Claim): Promise<string | null> {
  const now = await priceAt(coin, ms);
  if (c.kind === 'cross') {
    const [high, low] = await dayRange(coin, ms);
    const ok = c.dir < 0 ? now < c.level && high > c.level : now > c.level && low < c.level;
    return ok ? null : `now ${now.toPrecision(4)}, day high ${high.toPrecision(4)}, low ${low.toPrecision(4)}`;
  }
  const change = (now / (await priceAt(coin, ms - (c.kind === 'flat' ? 24 : c.hours) * HOUR_MS)) - 1) * 100;
  const ok =
    c.kind === 'flat'
      ? Math.abs(change) < 2
      : c.pct === undefined
        ? Math.sign(change) === c.dir
        : Math.abs(c.dir * c.pct - change) <=
          (Number.isInteger(c.pct) ? 0.5 : 0.05) + 0.5 * (1 + Math.abs(change) / 100);
  return ok ? null : `${change.toFixed(2)}% over ${c.kind === 'flat' ? 24 : c.hours} h`;
}

describe('demo posts and the price line', () => {
  it('agree on every claim about what the price did, in both languages', async () => {
    let checked = 0;
    const byKind = new Map<string, { n: number; ok: number }>();
    const wrong: string[] = [];
    for (const p of posts) {
      const coin = coinOf(p);
      if (coin === undefined) continue;
      for (const c of claims(p.text)) {
        checked++;
        const problem = await check(DEMO_COINS[coin]!.symbol, p.createdAt * 1000, c);
        const key =
          c.kind !== 'move'
            ? c.kind
            : c.pct !== undefined
              ? 'move with a figure'
              : c.hours === 24 || c.hours === 4
                ? `trend word (${c.hours} h)`
                : 'for N hours';
        const tally = byKind.get(key) ?? { n: 0, ok: 0 };
        tally.n++;
        if (!problem) tally.ok++;
        byKind.set(key, tally);
        if (problem) wrong.push(`"${c.said}" in "${p.text}" (${problem})`);
      }
    }
    const figures = [...byKind].map(([k, t]) => `${k}: ${t.ok}/${t.n}`).join(', ');
    console.log(`price claims that agree with the price line: ${checked - wrong.length}/${checked} (${figures})`);
    // Every kind of claim occurs often enough to mean something.
    expect(checked).toBeGreaterThan(3000);
    for (const [kind, t] of byKind) expect(t.n, kind).toBeGreaterThan(20);
    expect(wrong.slice(0, 20)).toEqual([]);
  });

  it('reads claims as a reader would (the parser itself)', () => {
    expect(claims('$SOL went down for 9 hours again. How is anyone building on this? Selling')).toEqual([
      { kind: 'move', dir: -1, hours: 9, said: 'went down for 9 hours' },
    ]);
    expect(claims('$ETH lost support at 3,250, longs in trouble')).toEqual([
      { kind: 'cross', dir: -1, level: 3250, said: 'lost support at 3,250' },
    ]);
    expect(claims('比特币今天跌了3.1%，多头爆仓').map((c) => [c.kind, 'hours' in c ? c.hours : 0])).toEqual([
      ['move', 24],
      ['move', 24],
      ['move', 4],
    ]);
    expect(claims('大饼跌破9.2万，空头来了')).toEqual([{ kind: 'cross', dir: -1, level: 92_000, said: '跌破9.2万' }]);
    // Predictions are no claims about the past.
    expect(claims('$BTC底部放量，准备起飞 🚀')).toEqual([]);
    expect(claims('Hot CPI print. Expect $BTC to dump, reducing exposure')).toEqual([]);
  });
});
