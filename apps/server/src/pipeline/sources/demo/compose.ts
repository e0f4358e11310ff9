/**
 * Turns the template banks into precompiled parts once, and fills them per post with plain string
 * concatenation (no regex in the hot loop). Templates hold slots `{name}` and inline alternatives
 * `[a|b|c]` (one picked per post), so two accounts using the same template rarely write the same
 * sentence. Every price, level and move a slot writes comes from the demo price path at the
 * post's time (Story.priceAt), rounded the way people round; other figures (TVL, open interest,
 * funding, ETF flows) stay in plausible ranges for the coin.
 */
import { type DemoCoin, formatLevel, formatPrice } from './coins';
import { type Claim, CLAIMS, type MarketFacts } from './market';
import type { Rng } from './prng';
import { DAY_MS, type Story } from './story';
import { EN_TEMPLATES } from './templates-en';
import { ZH_TEMPLATES } from './templates-zh';

export const BULL = 0;
export const BEAR = 1;
export const NEUTRAL = 2;
export type Opinion = typeof BULL | typeof BEAR | typeof NEUTRAL;

const SLOTS = new Set([
  'c',
  'C',
  'c2',
  'p',
  'hi',
  'lo',
  'mv',
  'mv7',
  'pct',
  'tf',
  'usd',
  'liq',
  'tvl',
  'oi',
  'fpos',
  'fneg',
  'fund',
  'flow',
  'lev',
  'n',
  'nh',
  'broke',
  'cleared',
  'proto',
]);

export interface Template {
  /** Literal text at even indexes; at odd ones a slot name, or the alternatives of a `[a|b]`. */
  parts: readonly (string | readonly Template[])[];
  /** What the template says the price did (`@down` before the text): picked only when it did. */
  claim?: Claim;
  /** Slots that exist only when the price did something ({nh}, {broke}, {cleared}), anywhere in it. */
  needs?: readonly ('nh' | 'broke' | 'cleared')[];
}

/** Templates of one topic or storyline, by opinion (BULL, BEAR, NEUTRAL). */
export type Bank = readonly [Template[], Template[], Template[]];
export type Lang = 'en' | 'zh';

const PIECE_RE = /\{(\w+)\}|\[([^\]]*)\]/g;

/** Slots whose value is a fact of the price path that may not exist at the post's time. */
const FACT_SLOTS = ['nh', 'broke', 'cleared'] as const;

/** Compiles a template line, with its claim tag ('@down ...'); alternatives may hold slots too. */
function compileLine(line: string): Template {
  const tag = /^@(\w+) /.exec(line);
  if (tag && !CLAIMS.has(tag[1]!)) throw new Error(`demo template: unknown claim @${tag[1]} in "${line}"`);
  const t = compile(tag ? line.slice(tag[0].length) : line);
  const needs = FACT_SLOTS.filter((slot) => line.includes(`{${slot}}`));
  return { ...t, ...(tag ? { claim: tag[1] as Claim } : {}), ...(needs.length ? { needs } : {}) };
}

/** Compiles a template body; alternatives are compiled too, so they may hold slots. */
function compile(line: string): Template {
  const parts: (string | Template[])[] = [];
  let last = 0;
  for (const m of line.matchAll(PIECE_RE)) {
    parts.push(line.slice(last, m.index));
    if (m[1] !== undefined) {
      if (!SLOTS.has(m[1])) throw new Error(`demo template: unknown slot {${m[1]}} in "${line}"`);
      parts.push(m[1]);
    } else parts.push(m[2]!.split('|').map(compile));
    last = m.index! + m[0].length;
  }
  parts.push(line.slice(last));
  return { parts };
}

function parseBanks(source: string): Map<string, Bank> {
  const banks = new Map<string, Bank>();
  let current: Bank | undefined;
  for (const raw of source.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('# ')) {
      current = [[], [], []];
      banks.set(line.slice(2).trim(), current);
      continue;
    }
    const opinion = '+-='.indexOf(line[0]!);
    if (!current || opinion < 0) throw new Error(`demo template: cannot read "${line}"`);
    current[opinion as Opinion].push(compileLine(line.slice(1).trim()));
  }
  // A bank must have something to say whatever the price did.
  for (const [name, bank] of banks)
    if (!bank.some((list) => list.some((t) => !t.claim && !t.needs)))
      throw new Error(`demo template: bank "${name}" has no template without a claim`);
  return banks;
}

export const BANKS: Readonly<Record<Lang, Map<string, Bank>>> = {
  en: parseBanks(EN_TEMPLATES),
  zh: parseBanks(ZH_TEMPLATES),
};

/** Whether what the template says about the price is true at the post's time (market.ts). */
function truthful(t: Template, market: MarketFacts): boolean {
  if (t.claim && !market.holds(t.claim)) return false;
  if (!t.needs) return true;
  for (const slot of t.needs) {
    const facts = slot === 'nh' ? market.fallHours() : market.crossed(slot === 'broke' ? -1 : 1);
    if (facts.length === 0) return false;
  }
  return true;
}

/** The templates of a list that are true now; the list itself when none claims anything. */
function truthfulOf(list: readonly Template[], market: MarketFacts): readonly Template[] {
  if (!list.some((t) => t.claim || t.needs)) return list;
  return list.filter((t) => truthful(t, market));
}

/**
 * A template of the wanted opinion that does not contradict the price path at the post's time,
 * falling back to neutral, then to whatever the bank has (every bank has a template without a
 * claim, parseBanks checks).
 */
export function pickTemplate(bank: Bank, opinion: Opinion, ctx: Pick<FillContext, 'rng' | 'market'>): Template {
  for (const o of [opinion, NEUTRAL, BULL, BEAR] as const) {
    const list = truthfulOf(bank[o], ctx.market);
    if (list.length) return ctx.rng.pick(list);
  }
  throw new Error('demo template: a bank with nothing true to say');
}

export interface FillContext {
  lang: Lang;
  coin: DemoCoin;
  /** Index of `coin` in DEMO_COINS, for the price path. */
  coinIndex: number;
  /** A second coin for comparisons ('{c} or {c2}?'). */
  peer: DemoCoin;
  /** The post's time (unix ms) and the price path: {p}, {hi}, {lo}, {mv} read it. */
  ms: number;
  story: Story;
  price: number;
  /** The protocol {proto} names: the coin's own, or an invented one in incident storylines. */
  proto: string;
  /** Incident posts name the coin by cashtag only (the hacked protocol is invented, the coin is not). */
  cashtagOnly: boolean;
  rng: Rng;
  /** What the price of `coin` did before `ms`: the claims a template may make ({nh}, {broke}, '@down'). */
  market: MarketFacts;
}

const TF_EN = ['1H', '4H', '4H', 'daily', 'daily', 'weekly'];
const TF_ZH = ['1小时', '4小时', '4小时', '日线', '日线', '周线'];
const LEVERAGE = ['3x', '5x', '5x', '10x', '10x', '20x', '25x'];

function coinRef(coin: DemoCoin, ctx: FillContext): string {
  const r = ctx.rng.next();
  if (ctx.cashtagOnly) return `$${coin.symbol}`;
  if (ctx.lang === 'zh') return r < 0.4 || coin.zh.length === 0 ? `$${coin.symbol}` : ctx.rng.pick(coin.zh);
  return r < 0.65 || coin.name === coin.symbol ? `$${coin.symbol}` : coin.name;
}

/** An amount in millions of dollars, the way each language writes it ('$420M', '$1.3B', '4200万美元', '13亿美元'). */
export function formatUsd(millions: number, lang: Lang): string {
  if (lang === 'zh') {
    if (millions < 100) return `${Math.round(millions) * 100}万美元`;
    const yi = millions / 100;
    return `${yi < 10 ? yi.toFixed(1).replace(/\.0$/, '') : Math.round(yi)}亿美元`;
  }
  if (millions < 1000) return `$${Math.round(millions)}M`;
  return `$${(millions / 1000).toFixed(1).replace(/\.0$/, '')}B`;
}

/** Log-uniform in [lo, hi]. */
const logUniform = (rng: Rng, lo: number, hi: number) => lo * (hi / lo) ** rng.next();

/** A signed move the way posts write it: 'up 4.2%' / 'down 3.1%' ('涨了4.2%' / '跌了3.1%'). */
function move(change: number, lang: Lang): string {
  const pct = Math.abs(change * 100);
  const n = pct >= 20 ? String(Math.round(pct)) : pct.toFixed(1);
  if (lang === 'zh') return `${change >= 0 ? '涨了' : '跌了'}${n}%`;
  return `${change >= 0 ? 'up' : 'down'} ${n}%`;
}

/** A funding rate per 8 hours, signed, as exchanges show it ('0.045%', '-0.018%'). */
const funding = (rate: number) => `${rate < 0 ? '-' : ''}${Math.abs(rate).toFixed(3)}%`;

/** How far a level sits from the price: a few % for BTC, more for what swings more. */
const levelGap = (coin: DemoCoin, rng: Rng, lo: number, hi: number) =>
  Math.min(0.2, Math.max(0.01, Math.max(coin.vol, 0.03) * (lo + (hi - lo) * rng.next())));

function slotValue(name: string, ctx: FillContext): string {
  const { rng, lang, coin } = ctx;
  switch (name) {
    case 'c':
      return coinRef(coin, ctx);
    case 'C':
      return `$${coin.symbol}`;
    case 'c2':
      return coinRef(ctx.peer, ctx);
    case 'p':
      return formatPrice(ctx.price, lang);
    // Targets and supports a plausible distance away, rounded to a level people would name.
    case 'hi':
      return formatLevel(ctx.price * (1 + levelGap(coin, rng, 0.25, 0.9)), lang);
    case 'lo':
      return formatLevel(ctx.price * (1 - levelGap(coin, rng, 0.15, 0.6)), lang);
    case 'mv':
      return move(ctx.price / ctx.story.priceAt(ctx.coinIndex, ctx.ms - DAY_MS) - 1, lang);
    case 'mv7':
      return move(ctx.price / ctx.story.priceAt(ctx.coinIndex, ctx.ms - 7 * DAY_MS) - 1, lang);
    case 'pct':
      // A change in a non-price figure (open interest, volume, TVL, reserves): modest.
      return String(Math.round(logUniform(rng, 2, 35)));
    case 'tf':
      return rng.pick(lang === 'zh' ? TF_ZH : TF_EN);
    case 'usd':
      return formatUsd(logUniform(rng, 5, 400), lang);
    case 'liq':
      // Liquidations in an hour: hundreds of millions for the majors, a few millions for small caps.
      return formatUsd(logUniform(rng, 0.5, 3) * coin.pop ** 1.2, lang);
    case 'tvl':
      return formatUsd(coin.tvl * 1000 * (0.95 + 0.1 * rng.next()), lang);
    case 'oi':
      return formatUsd(100 * coin.pop ** 1.3 * (0.9 + 0.2 * rng.next()), lang);
    case 'fpos':
      return funding(0.03 + 0.07 * rng.next());
    case 'fneg':
      return funding(-(0.005 + 0.04 * rng.next()));
    case 'fund':
      return funding(0.002 + 0.012 * rng.next());
    case 'flow':
      return formatUsd(logUniform(rng, 60, 900), lang);
    case 'lev':
      return rng.pick(LEVERAGE);
    case 'n':
      return String(rng.between(2, 9));
    // Facts of the price path (pickTemplate made sure they exist): how long the fall has lasted,
    // a round level the price fell or rose through in the last day.
    case 'nh':
      return String(rng.pick(ctx.market.fallHours()));
    case 'broke':
      return formatLevel(rng.pick(ctx.market.crossed(-1)), lang);
    case 'cleared':
      return formatLevel(rng.pick(ctx.market.crossed(1)), lang);
    default: // 'proto'
      return ctx.proto;
  }
}

function fillParts(t: Template, ctx: FillContext): string {
  const parts = t.parts;
  let out = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const p = parts[i]!;
    out += (typeof p === 'string' ? slotValue(p, ctx) : fillParts(ctx.rng.pick(p), ctx)) + (parts[i + 1] as string);
  }
  return out;
}

export function fill(t: Template, ctx: FillContext): string {
  const out = fillParts(t, ctx);
  // An empty last alternative ('[🚀|]') leaves a trailing space.
  return out.charCodeAt(out.length - 1) === 32 ? out.trimEnd() : out;
}
