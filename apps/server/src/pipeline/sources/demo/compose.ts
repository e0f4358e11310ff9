/**
 * Turns the template banks into precompiled parts once, and fills them per post with plain string
 * concatenation (no regex in the hot loop). A slot value depends only on the coin, its current
 * price and the slot's PRNG, so the same slot always yields the same text.
 */
import { type DemoCoin, formatPrice } from './coins';
import type { Rng } from './prng';
import { EN_TEMPLATES } from './templates-en';
import { ZH_TEMPLATES } from './templates-zh';

export const BULL = 0;
export const BEAR = 1;
export const NEUTRAL = 2;
export type Opinion = typeof BULL | typeof BEAR | typeof NEUTRAL;

const SLOTS = new Set(['c', 'C', 'c2', 'p', 'hi', 'lo', 'pct', 'tf', 'usd', 'lev', 'n', 'proto']);

export interface Template {
  /** Literal text at even indexes, slot names at odd ones. */
  parts: readonly string[];
}

/** Templates of one topic or storyline, by opinion (BULL, BEAR, NEUTRAL). */
export type Bank = readonly [Template[], Template[], Template[]];
export type Lang = 'en' | 'zh';

function compile(line: string): Template {
  const parts = line.split(/\{(\w+)\}/);
  for (let i = 1; i < parts.length; i += 2) {
    if (!SLOTS.has(parts[i]!)) throw new Error(`demo template: unknown slot {${parts[i]}} in "${line}"`);
  }
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
    current[opinion as Opinion].push(compile(line.slice(1).trim()));
  }
  return banks;
}

export const BANKS: Readonly<Record<Lang, Map<string, Bank>>> = {
  en: parseBanks(EN_TEMPLATES),
  zh: parseBanks(ZH_TEMPLATES),
};

/** A template of the wanted opinion, falling back to neutral, then to whatever the bank has. */
export function pickTemplate(bank: Bank, opinion: Opinion, rng: Rng): Template {
  const list = bank[opinion].length
    ? bank[opinion]
    : bank[NEUTRAL].length
      ? bank[NEUTRAL]
      : bank[BULL].length
        ? bank[BULL]
        : bank[BEAR];
  return rng.pick(list);
}

export interface FillContext {
  lang: Lang;
  coin: DemoCoin;
  /** A second coin for comparisons ('{c} or {c2}?'). */
  peer: DemoCoin;
  price: number;
  /** Percent moves: 'meme' runs to hundreds, 'event' is a big day, 'normal' scales with volatility. */
  moves: 'normal' | 'event' | 'meme';
  /** A bearish post: moves are drops, which cannot pass 100%. */
  down: boolean;
  rng: Rng;
}

const TF_EN = ['1H', '4H', '4H', 'daily', 'daily', 'weekly'];
const TF_ZH = ['1小时', '4小时', '4小时', '日线', '日线', '周线'];
const LEVERAGE = ['10x', '20x', '25x', '50x', '100x'];

function coinRef(coin: DemoCoin, lang: Lang, rng: Rng): string {
  const r = rng.next();
  if (lang === 'zh') return r < 0.4 || coin.zh.length === 0 ? `$${coin.symbol}` : rng.pick(coin.zh);
  return r < 0.65 || coin.name === coin.symbol ? `$${coin.symbol}` : coin.name;
}

/** An amount in millions, the way each language writes it ('$42M', '$1.3B', '4200万美元', '1.3亿美元'). */
function amount(lang: Lang, rng: Rng): string {
  const millions = Math.round(Math.exp(Math.log(2) + rng.next() * Math.log(1500 / 2)));
  if (lang === 'zh') return millions < 100 ? `${millions * 100}万美元` : `${(millions / 100).toFixed(1)}亿美元`;
  return millions < 1000 ? `$${millions}M` : `$${(millions / 1000).toFixed(1)}B`;
}

function slotValue(name: string, ctx: FillContext): string {
  const { rng, lang } = ctx;
  switch (name) {
    case 'c':
      return coinRef(ctx.coin, lang, rng);
    case 'C':
      return `$${ctx.coin.symbol}`;
    case 'c2':
      return coinRef(ctx.peer, lang, rng);
    case 'p':
      return formatPrice(ctx.price, lang);
    // Levels and moves scale with how much the coin usually swings: BTC +5%, a memecoin +40%.
    case 'hi':
      return formatPrice(ctx.price * (1 + Math.max(ctx.coin.vol, 0.03) * (0.6 + 1.4 * rng.next())), lang);
    case 'lo':
      return formatPrice(ctx.price * (1 - Math.max(ctx.coin.vol, 0.03) * (0.3 + rng.next())), lang);
    case 'pct': {
      const r = rng.next();
      const vol = ctx.coin.vol * 100;
      const pct =
        ctx.moves === 'meme' ? 15 + 285 * r * r : ctx.moves === 'event' ? vol * (1 + 2 * r) : vol * (0.3 + 2 * r * r);
      return String(Math.max(2, Math.round(ctx.down ? Math.min(pct, 20 + 60 * r) : pct)));
    }
    case 'tf':
      return rng.pick(lang === 'zh' ? TF_ZH : TF_EN);
    case 'usd':
      return amount(lang, rng);
    case 'lev':
      return rng.pick(LEVERAGE);
    case 'n':
      return String(rng.between(2, 9));
    default: // 'proto'
      return ctx.coin.name;
  }
}

export function fill(t: Template, ctx: FillContext): string {
  const parts = t.parts;
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) out += slotValue(parts[i]!, ctx) + parts[i + 1]!;
  return out;
}
