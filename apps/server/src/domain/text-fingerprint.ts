/**
 * Near-duplicate text detection (issue 17 §3): a 64-bit SimHash over word shingles. Two posts
 * whose fingerprints differ in at most NEAR_DUPLICATE_BITS bits say the same thing: a copy-paste
 * promotion with another emoji, link, mention or one word changed. Pure; the thresholds are
 * tuned on the pairs in test/domain/text-fingerprint.test.ts: copies there differ by 0-6 bits,
 * different posts on the same template or coin by 15 or more, unrelated texts by about 32.
 *
 * Anchors: the coins a post names and the numbers it states must be the same in a copy. A SimHash
 * alone folded "$SOL upgrade scheduled for next week…" with the same sentence about $XRP, and
 * "Reclaiming 90.5k opens the way to 93k" with "…to 95.5k" (one token of ten changes only a few
 * bits), hiding one coin's news under another's card. Rather than a second comparison, the
 * fingerprint is XORed with a 64-bit hash of the anchors: equal anchors cancel out (the distance
 * of the texts is kept exactly), different ones add about 32 random bits, far above the threshold.
 */
import { hashText32 } from './hash';

/** Texts of fewer tokens get no fingerprint ("gm", "wow 🚀"): many people say them, none copies. */
export const MIN_TOKENS = 4;
/** Below this many tokens a SimHash is too coarse: only the same normalised text matches. */
export const EXACT_BELOW_TOKENS = 8;
/** At most this many differing bits of 64 make two fingerprints near-duplicates. */
export const NEAR_DUPLICATE_BITS = 8;
const SHINGLE = 2;

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/u;

/**
 * Lower case, links and @mentions gone, `$BTC` read as the word btc, punctuation and emoji gone.
 * Tokens are runs of letters and digits; each CJK character is a token of its own (no spaces).
 */
export function tokens(text: string): string[] {
  const flat = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/https?:\/\/\S+|www\.\S+/g, ' ')
    .replace(/(^|[^\p{L}\p{N}_])@[\p{L}\p{N}_.]+/gu, '$1 ');
  const out: string[] = [];
  for (const word of flat.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (!CJK.test(word)) {
      out.push(word);
      continue;
    }
    // Split mixed runs: CJK characters one by one, other letters and digits as words.
    for (const piece of word.match(
      /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]|[^\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+/gu,
    ) ?? [])
      out.push(piece);
  }
  return out;
}

const SEED_HI = 0x811c9dc5;
const SEED_LO = 0x9e3779b9;

const toBigInt = (hi: number, lo: number) => BigInt.asIntN(64, (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0));

/**
 * What a copy must say the same (see the header): the coins named (the extracted `coins`, upper
 * case, and every $cashtag of the text) and every token holding a digit ("93k", "0", "209" of
 * "0.209"), each once, in order.
 */
export function anchorsOf(text: string, coins: readonly string[] = []): string {
  const tags = [...text.normalize('NFKC').matchAll(/\$([A-Za-z][A-Za-z0-9]{0,14})/g)].map((m) => m[1]!.toUpperCase());
  const numbers = tokens(text).filter((t) => /\d/.test(t));
  const coinSet = [...new Set([...coins.map((c) => c.toUpperCase()), ...tags])].sort();
  return `${coinSet.join(',')}|${[...new Set(numbers)].sort().join(',')}`;
}

/**
 * The post's fingerprint as a signed 64-bit integer (posts.fingerprint is a bigint), or null when
 * the text is too short to say anything (MIN_TOKENS). `coins`: the coins the pipeline extracted
 * from it (anchors, see the header).
 */
export function fingerprint(text: string, coins: readonly string[] = []): bigint | null {
  const words = tokens(text);
  if (words.length < MIN_TOKENS) return null;
  const anchors = anchorsOf(text, coins);
  const anchorHi = hashText32(anchors, SEED_HI ^ 0x5bd1e995);
  const anchorLo = hashText32(anchors, SEED_LO ^ 0x5bd1e995);
  if (words.length < EXACT_BELOW_TOKENS) {
    // Random-looking bits: equal only for the same words; two different short texts (or a short
    // and a long one) differ in about 32 bits, far above NEAR_DUPLICATE_BITS.
    const joined = words.join(' ');
    return toBigInt(hashText32(joined, SEED_HI) ^ anchorHi, hashText32(joined, SEED_LO) ^ anchorLo);
  }
  const weights = new Int32Array(64);
  for (let i = 0; i + SHINGLE <= words.length; i++) {
    const shingle = words.slice(i, i + SHINGLE).join(' ');
    const halves = [hashText32(shingle, SEED_HI), hashText32(shingle, SEED_LO)];
    for (let half = 0; half < 2; half++) {
      const h = halves[half]!;
      for (let bit = 0; bit < 32; bit++) weights[half * 32 + bit]! += (h >>> bit) & 1 ? 1 : -1;
    }
  }
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit]! > 0) hi |= 1 << bit;
    if (weights[32 + bit]! > 0) lo |= 1 << bit;
  }
  return toBigInt(hi ^ anchorHi, lo ^ anchorLo);
}

function popcount32(x: number): number {
  let v = x >>> 0;
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** A fingerprint as two unsigned 32-bit numbers: compared without BigInt arithmetic (hot loop). */
export type Halves = readonly [hi: number, lo: number];
export function halvesOf(fp: bigint): Halves {
  const u = BigInt.asUintN(64, fp);
  return [Number(u >> 32n), Number(u & 0xffffffffn)];
}

export function halvesDistance(a: Halves, b: Halves): number {
  return popcount32(a[0] ^ b[0]) + popcount32(a[1] ^ b[1]);
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  return halvesDistance(halvesOf(a), halvesOf(b));
}

export function isNearDuplicate(a: bigint, b: bigint): boolean {
  return hammingDistance(a, b) <= NEAR_DUPLICATE_BITS;
}
