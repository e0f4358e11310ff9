/**
 * Which coins a post is about: cashtags, ALL-CAPS tickers, English aliases (whole words) and
 * Chinese aliases (substrings), with the guards of guards.ts against everyday words.
 *
 * Speed matters (the whole enrichment must do thousands of posts a second on one core), so the
 * text is scanned once by a hand-written tokenizer and every token is a Map lookup; Chinese
 * aliases are one precompiled alternation run only over runs of Han characters.
 */
import { EN_ALIASES, ZH_ALIASES } from '../../../domain/coins/aliases';
import { COINS } from '../../../domain/coins/catalogue';
import {
  CASHTAG_DENY,
  CASHTAG_ONLY,
  CUE_WORDS,
  GUARDED,
  PAIR_SUFFIXES,
  ZH_BORROWED,
  ZH_CUES_AFTER,
  ZH_CUES_BEFORE,
} from './guards';

const SYMBOLS = new Set(COINS.map((coin) => coin.symbol));

/** An alias phrase by its first word: the remaining words and the coin it names. */
interface Phrase {
  rest: string[];
  symbol: string;
}
const EN_PHRASES = new Map<string, Phrase[]>();
for (const [symbol, aliases] of Object.entries(EN_ALIASES)) {
  for (const alias of aliases) {
    const [first, ...rest] = alias.split(' ') as [string, ...string[]];
    const list = EN_PHRASES.get(first) ?? [];
    list.push({ rest, symbol });
    EN_PHRASES.set(first, list);
  }
}
// Longest phrase first, so "bitcoin cash" wins over "bitcoin".
for (const list of EN_PHRASES.values()) list.sort((a, b) => b.rest.length - a.rest.length);

const ZH_SYMBOL = new Map<string, string>();
for (const [symbol, aliases] of Object.entries(ZH_ALIASES)) for (const a of aliases) ZH_SYMBOL.set(a, symbol);
// Longest alternative first: the regex takes the first that matches at a position.
const ZH_RE = new RegExp([...ZH_SYMBOL.keys()].sort((a, b) => b.length - a.length).join('|'), 'g');

const UNKNOWN_CASHTAG = /^[A-Z][A-Z0-9]{1,9}$/;
const DIGITS = /^\d+(?:[.,]\d+)?$/;
/**
 * What may follow a coin's symbol inside a cashtag without making it another coin: a number and
 * a unit of leverage, size, time or percent (x, k, m, b, u for USDT, h, d, w, min, pct).
 */
const NUMBER_UNIT = /^\d+(?:X|K|M|B|U|H|HR|HRS|D|W|MIN|MINS|PCT)?$/;
const QUOTES = new Set(PAIR_SUFFIXES.filter((s) => s !== 'PERP'));

/** Token kinds, as small integers kept in a parallel array. */
const Kind = { Word: 0, Cash: 1, Hash: 2, Mention: 3, Han: 4, Quote: 5 } as const;
type Kind = (typeof Kind)[keyof typeof Kind];

/** The tokens of one post, in parallel arrays reused across calls (extraction is synchronous). */
const kinds: Kind[] = [];
const tokens: string[] = [];
const lowers: string[] = [];
const caps: boolean[] = [];
/** Per token: a Chinese character or punctuation right before or after it (one space between at most). */
const inChinese: boolean[] = [];

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isHan = (c: number) => (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);
/** Han, CJK punctuation (、。【】「」) or full-width forms (，：？！（）): Chinese writing around a word. */
const isChinese = (c: number) => isHan(c) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xff00 && c <= 0xffef);

/** Whether Chinese writing touches text[start, end): the character before or after, past one space. */
function touchesChinese(text: string, start: number, end: number): boolean {
  const before = start > 0 && text.charCodeAt(start - 1) === 32 ? start - 2 : start - 1;
  const after = end < text.length && text.charCodeAt(end) === 32 ? end + 1 : end;
  return (
    (before >= 0 && isChinese(text.charCodeAt(before))) || (after < text.length && isChinese(text.charCodeAt(after)))
  );
}

/**
 * Splits a post into ASCII words (kind from the character before: $ cashtag, # hashtag,
 * @ mention, / pair quote), and runs of Han characters. URLs are skipped whole, so "link" or
 * "bitcoin" in an address is no mention. A hand-written scanner: about twice as fast as a
 * tokenising regex, whose match arrays dominate the cost on short posts.
 */
function scan(text: string): void {
  kinds.length = tokens.length = lowers.length = caps.length = inChinese.length = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isHan(c)) {
      const start = i;
      while (i < n && isHan(text.charCodeAt(i))) i++;
      const run = text.slice(start, i);
      kinds.push(Kind.Han);
      tokens.push(run);
      lowers.push(run);
      caps.push(false);
      inChinese.push(false);
      continue;
    }
    if (!isDigit(c) && !isUpper(c) && !isLower(c)) {
      i++;
      continue;
    }
    const start = i;
    let upper = false;
    let lower = false;
    for (; i < n; i++) {
      const d = text.charCodeAt(i);
      if (isUpper(d)) upper = true;
      else if (isLower(d)) lower = true;
      else if (!isDigit(d) && d !== 95) break; // '_' joins: BLOCK_DATE is an identifier, no ticker
    }
    if (text.startsWith('://', i) && (i - start === 4 || i - start === 5)) {
      while (i < n && text.charCodeAt(i) > 32) i++; // a URL
      continue;
    }
    const prev = start > 0 ? text.charCodeAt(start - 1) : 0;
    if (prev === 64) {
      kinds.push(Kind.Mention);
      tokens.push('');
      lowers.push('');
      caps.push(false);
      inChinese.push(false);
      continue;
    }
    const word = text.slice(start, i);
    kinds.push(
      prev === 36
        ? Kind.Cash
        : prev === 35
          ? Kind.Hash
          : prev === 47 && upper && QUOTES.has(word)
            ? Kind.Quote // "LINK/USDT": the quote is no mention of USDT, but it cues the base
            : Kind.Word,
    );
    tokens.push(word);
    lowers.push(upper ? word.toLowerCase() : word);
    caps.push(upper && !lower);
    // Only a word with capitals may be a ticker: skip the look for the others.
    inChinese.push(upper && touchesChinese(text, start, i));
  }
}

interface Tally {
  cash: number;
  count: number;
  first: number;
}

/**
 * Coin symbols in a post, upper case without '$', deduplicated, most prominent first:
 * cashtagged coins before the rest, then by mention count, then by first appearance.
 * Unknown cashtags of 2-10 characters starting with a letter are kept (new tokens appear
 * daily), unless they are stock, index or fiat tickers; "$100" or "$5k" are amounts, not coins.
 */
export function extractCoins(text: string): string[] {
  scan(text);
  const tally = new Map<string, Tally>();
  let pending: Map<string, number> | undefined;
  let lastAdded = -2; // the token index of the last coin counted
  const add = (symbol: string, at: number, cash: boolean) => {
    lastAdded = at;
    const t = tally.get(symbol);
    if (t) {
      t.count++;
      if (cash) t.cash++;
    } else tally.set(symbol, { cash: cash ? 1 : 0, count: 1, first: at });
  };

  for (let i = 0; i < tokens.length; i++) {
    const kind = kinds[i]!;
    let uncued: string | undefined;
    if (kind === Kind.Mention || kind === Kind.Quote) continue;
    const token = tokens[i]!;
    if (kind === Kind.Han) {
      ZH_RE.lastIndex = 0;
      for (let z = ZH_RE.exec(token); z !== null; z = ZH_RE.exec(token)) {
        const symbol = ZH_SYMBOL.get(z[0]);
        if (symbol) add(symbol, i, false); // '' marks a non-coin word such as 以太网
      }
      continue;
    }
    if (kind === Kind.Cash) {
      const symbol = cashtagCoin(caps[i] ? token : token.toUpperCase());
      if (symbol) add(symbol, i, true);
      continue;
    }
    // A ticker as it is, or in Chinese writing glued to a number and unit ("TON4小时", "SOL5x多单").
    const ticker = caps[i] && SYMBOLS.has(token) ? token : inChinese[i] ? gluedTicker(token) : undefined;
    if (ticker) {
      if (!CASHTAG_ONLY.has(ticker)) {
        // Unguarded tickers count as they are; guarded ones need a hashtag or a cue next to them.
        if (kind === Kind.Hash || !isGuarded(ticker) || lastAdded === i - 1 || hasCue(i) || chineseTicker(i, ticker)) {
          add(ticker, i, false);
          continue;
        }
        uncued = ticker;
      }
    } else if (caps[i] && token.length > 4) {
      const base = pairBase(token);
      if (base) {
        add(base, i, false);
        continue;
      }
    }
    const phrases = EN_PHRASES.get(lowers[i]!);
    const used = phrases ? matchPhrase(phrases, i) : -1;
    if (used >= 0) {
      add(phrases![used]!.symbol, i, false);
      i += phrases![used]!.rest.length;
    } else if (uncued) {
      // A guarded ticker without a cue: counted later only if the coin turns up elsewhere.
      pending ??= new Map();
      pending.set(uncued, (pending.get(uncued) ?? 0) + 1);
    }
  }

  if (tally.size === 0) return [];
  if (pending) {
    for (const [symbol, n] of pending) {
      const t = tally.get(symbol);
      if (t) t.count += n;
    }
  }
  return [...tally.entries()]
    .sort(([, a], [, b]) => Number(b.cash > 0) - Number(a.cash > 0) || b.count - a.count || a.first - b.first)
    .map(([symbol]) => symbol);
}

/**
 * The coin of a cashtag (upper case, without '$'): a catalogue symbol as it is; else the
 * catalogue symbol it starts with when the rest is a number with an optional unit ("$BTC100x多单",
 * "$SHIB4小时", "$ETH2k": the scanner stops at Chinese, so "$BTC多单" is plain BTC) or a quote
 * currency ("$BTCUSDT"); else the cashtag itself when it may be a new coin (see UNKNOWN_CASHTAG;
 * whether it counts anywhere is the ranking's call, services/ranking/README.md "Unknown cashtags").
 */
export function cashtagCoin(upper: string): string | undefined {
  if (SYMBOLS.has(upper)) return upper;
  // The longest symbol wins: "$API35" is API3 with 5 after it.
  for (let j = upper.length - 1; j > 0; j--) {
    if (isDigit(upper.charCodeAt(j))) {
      const base = upper.slice(0, j);
      if (SYMBOLS.has(base) && NUMBER_UNIT.test(upper.slice(j))) return base;
    }
  }
  const base = upper.length > 4 ? pairBase(upper) : undefined;
  if (base) return base;
  return UNKNOWN_CASHTAG.test(upper) && !CASHTAG_DENY.has(upper) ? upper : undefined;
}

/** A guarded ticker of three letters or more inside Chinese writing, not one Chinese uses as a word (guards.ts). */
function chineseTicker(i: number, ticker: string): boolean {
  return inChinese[i]! && ticker.length >= 3 && !ZH_BORROWED.has(ticker);
}

/**
 * The catalogue ticker a word starts with when a number and a unit follow it ("TON4", "SOL5x",
 * "BTC100k"), as cashtagCoin reads "$SHIB4小时". Asked only inside Chinese writing, which glues
 * them ("TON4小时顶背离"); in English a space parts them ("TON 4H").
 */
function gluedTicker(word: string): string | undefined {
  let j = 0;
  while (j < word.length && isUpper(word.charCodeAt(j))) j++;
  if (j === 0 || j === word.length || !isDigit(word.charCodeAt(j))) return undefined;
  const base = word.slice(0, j);
  return SYMBOLS.has(base) && NUMBER_UNIT.test(word.slice(j).toUpperCase()) ? base : undefined;
}

/** Guarded: listed in GUARDED, or one or two characters long. */
function isGuarded(symbol: string): boolean {
  return symbol.length <= 2 || GUARDED.has(symbol);
}

/**
 * A cue next to token i: a cue word, another coin (a ticker list like "SOL NEAR" or "$BTC ONE";
 * the caller also accepts a guarded coin just counted before it), a "$15" price after it, or a
 * Chinese cue ("买入LINK", "LINK现货").
 */
function hasCue(i: number): boolean {
  return (i > 0 && cues(i - 1, ZH_CUES_BEFORE, false)) || (i + 1 < tokens.length && cues(i + 1, ZH_CUES_AFTER, true));
}

function cues(j: number, zh: readonly string[], after: boolean): boolean {
  const token = tokens[j]!;
  switch (kinds[j]) {
    case Kind.Han:
      return zh.some((cue) => (after ? token.startsWith(cue) : token.endsWith(cue)));
    case Kind.Cash:
      return (after && DIGITS.test(token)) || SYMBOLS.has(token.toUpperCase());
    case Kind.Word:
    case Kind.Hash:
    case Kind.Quote:
      return CUE_WORDS.has(lowers[j]!) || (caps[j]! && plainTicker(token));
    default:
      return false;
  }
}

/** A catalogue ticker that counts in caps on its own. */
function plainTicker(symbol: string): boolean {
  return SYMBOLS.has(symbol) && !isGuarded(symbol) && !CASHTAG_ONLY.has(symbol);
}

/** The base of a glued pair ("LINKUSDT" → "LINK"), when the base is a catalogue coin. */
function pairBase(upper: string): string | undefined {
  for (const suffix of PAIR_SUFFIXES) {
    if (upper.length > suffix.length + 1 && upper.endsWith(suffix)) {
      const base = upper.slice(0, -suffix.length);
      return SYMBOLS.has(base) ? base : undefined;
    }
  }
  return undefined;
}

/** The index of the first (longest) phrase whose remaining words follow token i, or -1. */
function matchPhrase(phrases: readonly Phrase[], i: number): number {
  for (let p = 0; p < phrases.length; p++) {
    const rest = phrases[p]!.rest;
    let ok = i + rest.length < tokens.length;
    for (let k = 0; ok && k < rest.length; k++) {
      const kind = kinds[i + 1 + k];
      ok = (kind === Kind.Word || kind === Kind.Hash) && lowers[i + 1 + k] === rest[k];
    }
    if (ok) return p;
  }
  return -1;
}
