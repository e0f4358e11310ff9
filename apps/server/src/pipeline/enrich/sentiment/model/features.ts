/**
 * Features of the learned sentiment model: a few dense features from the rule engine, then
 * hashed sparse features (word uni- and bigrams, character n-grams inside words (3-4 by default), Chinese
 * character 1-3-grams, emoji, the words next to a cashtag). Hashing is FNV-1a over the char codes
 * in place, so no n-gram string is ever built; every feature keeps the span of text it came from,
 * which is how the model explains itself (infer.ts). One reusable buffer, no per-post arrays.
 */
import { BROADCAST_BAND, OPINION_BAND } from '../classifier';
import { type Analysis, analyse } from '../rules';

export interface FeatureConfig {
  /** log2 of the number of hashed weight rows; the dense rows come on top (featureRows). */
  bits: number;
  charMin: number;
  charMax: number;
  /** Rule features only (an ablation for the benchmark). */
  denseOnly?: boolean;
}

export const DEFAULT_FEATURES: FeatureConfig = { bits: 16, charMin: 3, charMax: 4 };

/**
 * Dense rule features occupy rows 0..DENSE-1 (bias, rule score, positive, negative, positive cues,
 * negative cues, negations, question, broadcast, contrast, sarcasm, data post, exclamation, rule
 * label bullish, rule label bearish, length), then the shape of a post that carries no opinion
 * (opinionShape: bot alert, number density, headline case, first person, link with few words,
 * asks, promotion, hashtags); hashed features the rest.
 */
export const DENSE = 24;

/**
 * What tells a post that carries no opinion from one that does (issue 30 §2): automated price,
 * liquidation, whale and flow alerts; headlines (most words capitalised, no "I"); questions;
 * giveaways, airdrops and signal-group ads; a link with a few words. These are the rows the
 * first stage of reading (opinion or not: the neutral class against the other two) leans on.
 */
const ALERT_RE =
  /liquidat|\bwhales?\b|\btransferr?ed\b|\bmoved\b.*\bfrom\b|\bunknown wallet\b|🚨|\binflows?\b|\boutflows?\b|\bnet ?flows?\b|\bfunding rate\b|\bopen interest\b|爆仓|清算|巨鲸|转入|转出|净流/i;
const PROMO_RE =
  /giveaway|airdrop|\bwhitelist\b|presale|\bjoin (us|our|now)\b|\bfollow\b.*\b(rt|retweet|like)\b|\bretweet\b|\bvip\b|\bsignals? (group|channel)\b|\breferral\b|\bpromo code\b|\buse code\b|\bdm me\b|\bt\.me\/|空投|福利|进群|邀请码|返佣|抽奖/i;
const FIRST_PERSON_RE = /\b(i|i'm|im|i've|i'll|my|me|we|we're|our|us)\b|我|俺/i;
const ASK_RE =
  /[?？]\s*$|^(who|what|which|when|where|why|how|is|are|can|should|does|do|will|anyone)\b|吗[?？]?\s*$|会不会|是否|怎么看/i;
const WORD_RE = /[A-Za-z][A-Za-z'’]*/g;
const NUMBER_RE = /\d[\d,.]*/g;
const HASHTAG_RE = /#[\p{L}\p{N}_]+/gu;
const URL_ANY_RE = /https?:\/\/\S+|www\.\S+/;

function opinionShape(text: string, v: Float32Array): void {
  const words = text.match(WORD_RE) ?? [];
  const long = words.filter((w) => w.length >= 4);
  const capital = long.filter((w) => w.charCodeAt(0) >= 65 && w.charCodeAt(0) <= 90).length;
  const numbers = text.match(NUMBER_RE)?.length ?? 0;
  v[16] = ALERT_RE.test(text) ? 1 : 0;
  v[17] = Math.min(1, numbers / (words.length + 1));
  v[18] = long.length >= 4 ? capital / long.length : 0;
  v[19] = FIRST_PERSON_RE.test(text) ? 1 : 0;
  v[20] = URL_ANY_RE.test(text) && words.length < 12 ? 1 : 0;
  v[21] = ASK_RE.test(text.trim()) ? 1 : 0;
  v[22] = PROMO_RE.test(text) ? 1 : 0;
  v[23] = Math.min(1, (text.match(HASHTAG_RE)?.length ?? 0) / 4);
}
export const featureRows = (cfg: FeatureConfig) => DENSE + (1 << cfg.bits);

/** A span of -1 marks a dense (rule) feature. */
export class FeatureBuffer {
  n = 0;
  readonly idx: Int32Array;
  readonly val: Float32Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
  analysis: Analysis | null = null;
  // Token scratch: kind, hash, span.
  readonly tokK: Uint8Array;
  readonly tokH: Int32Array;
  readonly tokS: Int32Array;
  readonly tokE: Int32Array;
  constructor(readonly capacity = 8192) {
    this.idx = new Int32Array(capacity);
    this.val = new Float32Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.tokK = new Uint8Array(capacity);
    this.tokH = new Int32Array(capacity);
    this.tokS = new Int32Array(capacity);
    this.tokE = new Int32Array(capacity);
  }
}

const T = { Word: 1, Coin: 2, Other: 3, Han: 4 } as const;
const FNV = 0x811c9dc5;
const PRIME = 0x01000193;
// Family seeds keep a word, its bigram, its char-grams and its cashtag context apart.
const SEED = { word: 11, bigram: 23, char: 37, han: 41, coinPrev: 53, coinNext: 67 } as const;

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashStr(seed: number, s: string): number {
  let h = FNV ^ seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), PRIME);
  return h;
}

/** Lower-case ASCII letters; the curly apostrophe reads as a straight one. */
function lowerCode(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  return c === 0x2019 ? 39 : c;
}

function hashRange(seed: number, text: string, s: number, e: number): number {
  let h = FNV ^ seed;
  for (let i = s; i < e; i++) h = Math.imul(h ^ lowerCode(text.charCodeAt(i)), PRIME);
  return h;
}

const TOKEN_RE =
  /(https?:\/\/\S+|www\.\S+)|(@\w+)|(\$[A-Za-z][A-Za-z0-9]*)|([+-]?\$?\d[\d,.]*[kKmMbB]?%?)|([A-Za-z][A-Za-z'’]*)|([\u3400-\u9fff]+)|(\p{Extended_Pictographic})|([!！]+)|([?？]+)/gu;
const H_URL = hashStr(SEED.word, '<url>');
const H_AT = hashStr(SEED.word, '<at>');
const H_COIN = hashStr(SEED.word, '<coin>');
const H_NUM = hashStr(SEED.word, '<num>');
const H_PCT_UP = hashStr(SEED.word, '<+pct>');
const H_PCT_DOWN = hashStr(SEED.word, '<-pct>');
const H_PCT = hashStr(SEED.word, '<pct>');
const H_BANG = hashStr(SEED.word, '!');
const H_ASK = hashStr(SEED.word, '?');

function denseFeatures(buf: FeatureBuffer, text: string): void {
  const a = analyse(text);
  buf.analysis = a;
  let pos = 0;
  let neg = 0;
  let npos = 0;
  let nneg = 0;
  let negated = 0;
  for (const it of a.items) {
    if (it.value > 0) {
      pos += it.value;
      npos++;
    } else if (it.value < 0) {
      neg -= it.value;
      nneg++;
    }
    if (it.cue.startsWith('negated:')) negated++;
  }
  const band = a.broadcast ? BROADCAST_BAND : OPINION_BAND;
  const has = (r: string) => (a.rules.includes(r) ? 1 : 0);
  const v = buf.val;
  v[0] = 1;
  v[1] = a.raw / Math.sqrt(a.raw * a.raw + 8);
  v[2] = pos / (1 + pos);
  v[3] = neg / (1 + neg);
  v[4] = Math.min(npos, 5) / 5;
  v[5] = Math.min(nneg, 5) / 5;
  v[6] = Math.min(negated, 3) / 3;
  v[7] = has('rule:question') || (text.includes('?') ? 0.5 : 0);
  v[8] = a.broadcast ? 1 : 0;
  v[9] = has('rule:contrast');
  v[10] = has('rule:sarcasm');
  v[11] = has('rule:data-post');
  v[12] = has('rule:exclaim');
  v[13] = a.raw >= band ? 1 : 0;
  v[14] = a.raw <= -band ? 1 : 0;
  v[15] = Math.log1p(text.length) / 6;
  opinionShape(text, v);
  for (let i = 0; i < DENSE; i++) {
    buf.idx[i] = i;
    buf.start[i] = -1;
    buf.end[i] = -1;
  }
  buf.n = DENSE;
}

/**
 * Fills `buf` with the features of `text`. Hashed features get equal values, L2-normalised
 * together, so a long post does not outweigh the rule features.
 */
export function extractFeatures(text: string, cfg: FeatureConfig, buf: FeatureBuffer): number {
  denseFeatures(buf, text);
  if (cfg.denseOnly) return buf.n;
  const mask = (1 << cfg.bits) - 1;
  const cap = buf.capacity;
  let n = buf.n;
  const add = (h: number, s: number, e: number) => {
    if (n >= cap) return;
    buf.idx[n] = DENSE + (mix(h) & mask);
    buf.start[n] = s;
    buf.end[n] = e;
    n++;
  };
  // Pass 1: tokens.
  let nt = 0;
  for (const m of text.matchAll(TOKEN_RE)) {
    if (nt >= cap) break;
    const s = m.index;
    const e = s + m[0].length;
    let k: number = T.Other;
    let h: number;
    if (m[1]) h = H_URL;
    else if (m[2]) h = H_AT;
    else if (m[3]) {
      k = T.Coin;
      h = H_COIN;
    } else if (m[4]) {
      const t = m[4];
      h = t.endsWith('%') ? (t[0] === '+' ? H_PCT_UP : t[0] === '-' ? H_PCT_DOWN : H_PCT) : H_NUM;
    } else if (m[5]) {
      k = T.Word;
      h = hashRange(SEED.word, text, s, e);
    } else if (m[6]) {
      k = T.Han;
      h = hashRange(SEED.word, text, s, e);
    } else if (m[7]) h = hashRange(SEED.word, text, s, e);
    else if (m[8]) h = H_BANG;
    else h = H_ASK;
    buf.tokK[nt] = k;
    buf.tokH[nt] = h;
    buf.tokS[nt] = s;
    buf.tokE[nt] = e;
    nt++;
  }
  // Pass 2: features, each with the span it explains.
  for (let i = 0; i < nt; i++) {
    const k = buf.tokK[i]!;
    const s = buf.tokS[i]!;
    const e = buf.tokE[i]!;
    const h = buf.tokH[i]!;
    if (k === T.Han) {
      // Chinese has no spaces: character 1-3-grams stand in for words and phrases.
      for (let a = s; a < e; a++) {
        for (let len = 1; len <= 3 && a + len <= e; len++) add(hashRange(SEED.han, text, a, a + len), a, a + len);
      }
    } else add(h, s, e);
    if (i > 0) {
      const ps = buf.tokS[i - 1]!;
      add(Math.imul(buf.tokH[i - 1]! ^ SEED.bigram, PRIME) ^ h, ps, e);
    }
    // Words of three letters or fewer are their own unigram; their char n-grams add nothing.
    if (k === T.Word && e - s > 3) {
      // Char n-grams of '<word>', so 'pumping' shares evidence with 'pump' and 'pumped'. One
      // running hash per start position yields every length from charMin to charMax.
      const len = e - s + 2;
      for (let a = 0; a + cfg.charMin <= len; a++) {
        let hh = FNV ^ SEED.char;
        const stop = Math.min(len, a + cfg.charMax);
        for (let j = a; j < stop; j++) {
          const c = j === 0 ? 60 : j === len - 1 ? 62 : lowerCode(text.charCodeAt(s + j - 1));
          hh = Math.imul(hh ^ c, PRIME);
          if (j - a + 1 >= cfg.charMin) add(hh, s, e);
        }
      }
    } else if (k === T.Coin) {
      // Cashtag context: what is said right next to '$SOL' ('$SOL will fly', 'dump $SHIB').
      if (i > 0 && buf.tokK[i - 1] === T.Word)
        add(buf.tokH[i - 1]! ^ SEED.coinPrev, buf.tokS[i - 1]!, buf.tokE[i - 1]!);
      if (i + 1 < nt && buf.tokK[i + 1] === T.Word)
        add(buf.tokH[i + 1]! ^ SEED.coinNext, buf.tokS[i + 1]!, buf.tokE[i + 1]!);
    }
  }
  const hashed = n - DENSE;
  const value = hashed > 0 ? 1 / Math.sqrt(hashed) : 0;
  for (let i = DENSE; i < n; i++) buf.val[i] = value;
  buf.n = n;
  return n;
}
