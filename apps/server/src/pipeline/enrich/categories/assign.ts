/**
 * Category assignment: keyword and phrase rules per category (keywords.ts) plus hints from the
 * post's coins, scored and turned into at most three CategoryRefs, strongest first.
 *
 * Compiled once at module load: English rules become a Map from a phrase's first word (one
 * lookup per word of the post), Chinese rules one alternation regex, run only when the post has
 * Han characters. No per-rule loop over the text.
 */
import type { CategoryRef } from '../../types';
import { COIN_HINTS, KEYWORDS } from './keywords';
import { TAXONOMY } from '../../../domain/taxonomy';

/**
 * Rule targets are numbered: every primary (for primary-level words) and every secondary.
 * targetPrimary[t] is the taxonomy index of target t's primary; scores live in an array by t.
 */
const targetPrimary: number[] = [];
const targetIndex = new Map<string, number>();
TAXONOMY.forEach((p, pi) => {
  targetIndex.set(p.id, targetPrimary.push(pi) - 1);
  for (const s of p.subs) targetIndex.set(s.id, targetPrimary.push(pi) - 1);
});

interface Hit {
  target: number;
  weight: number;
}
interface EnPhrase extends Hit {
  rest: string[];
  /** The post must not write the first word all in lower case. */
  cased: boolean;
}

/** Reads an entry's prefixes: '!' strong, '?' weak, '=' cased. */
function parseEntry(raw: string): { text: string; weight: number; cased: boolean } {
  let text = raw.trim();
  let weight = 1;
  let cased = false;
  for (;;) {
    if (text.startsWith('!')) weight = 2;
    else if (text.startsWith('?')) weight = 0.5;
    else if (text.startsWith('=')) cased = true;
    else break;
    text = text.slice(1);
  }
  return { text: text.toLowerCase(), weight, cased };
}

const EN_RULES = new Map<string, EnPhrase[]>();
const ZH_RULES = new Map<string, Hit[]>();
for (const [id, rule] of Object.entries(KEYWORDS)) {
  const target = targetIndex.get(id);
  if (target === undefined) throw new Error(`keywords.ts: unknown category id ${id}`);
  for (const raw of rule.en.split(',')) {
    const { text, weight, cased } = parseEntry(raw);
    const [first, ...rest] = text.split(' ') as [string, ...string[]];
    const list = EN_RULES.get(first) ?? [];
    list.push({ target, weight, rest, cased });
    EN_RULES.set(first, list);
  }
  for (const raw of rule.zh.split(',')) {
    const { text, weight } = parseEntry(raw);
    const list = ZH_RULES.get(text) ?? [];
    list.push({ target, weight });
    ZH_RULES.set(text, list);
  }
}
// Longest phrase first, so "proof of reserves" is tried before a single word.
for (const list of EN_RULES.values()) list.sort((a, b) => b.rest.length - a.rest.length);
const ZH_RE = new RegExp([...ZH_RULES.keys()].sort((a, b) => b.length - a.length).join('|'), 'g');

/** Target index of each primary's secondaries, in taxonomy order. */
const subTargets = TAXONOMY.map((p) => p.subs.map((s) => targetIndex.get(s.id)!));

const HINTS = new Map<string, Hit>();
for (const [id, weight, symbols] of COIN_HINTS) {
  const target = targetIndex.get(id);
  if (target === undefined) throw new Error(`keywords.ts: unknown category id ${id}`);
  for (const symbol of symbols.split(' ')) HINTS.set(symbol, { target, weight });
}

/** A primary needs this much evidence: one plain keyword, or two weak words or hints. */
const THRESHOLD = 1;
/** A second secondary of the same primary is reported only when this strong. */
const EXTRA_SUB = 2;
const MAX_REFS = 3;

/**
 * The categories of a post, strongest first, at most three: each primary that clears the
 * threshold with its best secondary (or alone when only primary-level words matched), then
 * strong extra secondaries while room remains.
 */
export function assignCategories(text: string, coins: readonly string[]): CategoryRef[] {
  const scores = new Float64Array(targetPrimary.length);
  const hasHan = scan(text);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '') continue;
    let rules = EN_RULES.get(word);
    if (!rules && word.length > 3 && word.endsWith('s')) rules = EN_RULES.get(word.slice(0, -1));
    if (!rules) continue;
    for (const rule of rules) {
      if (rule.cased && !cased[i]) continue;
      if (!followedBy(i, rule.rest)) continue;
      scores[rule.target]! += rule.weight;
      i += rule.rest.length;
      break;
    }
  }

  if (hasHan) {
    const lowerText = text.toLowerCase();
    ZH_RE.lastIndex = 0;
    for (let m = ZH_RE.exec(lowerText); m !== null; m = ZH_RE.exec(lowerText)) {
      for (const hit of ZH_RULES.get(m[0])!) scores[hit.target]! += hit.weight;
    }
  }

  for (const coin of coins) {
    const hint = HINTS.get(coin);
    if (hint) scores[hint.target]! += hint.weight;
  }
  return rank(scores);
}

/** The post's words, lower case, reused across calls; '' stands for a cashtag. */
const words: string[] = [];
/** Per word: not written all in lower case (for '=' rules). */
const cased: boolean[] = [];

const isHan = (c: number) => (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff);

/**
 * Splits a post into ASCII words and tells whether it has Han characters. URLs are skipped
 * whole; a cashtag stays in the sequence as '' ("$AI" is a coin, not the AI topic, and phrases
 * never run across it). Hand-written: far cheaper than a regex's match arrays.
 */
function scan(text: string): boolean {
  words.length = cased.length = 0;
  let han = false;
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))) {
      if (!han && isHan(c)) han = true;
      i++;
      continue;
    }
    const start = i;
    let upper = false;
    for (; i < n; i++) {
      c = text.charCodeAt(i);
      if (c >= 65 && c <= 90) upper = true;
      else if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 122))) break;
    }
    if (text.startsWith('://', i) && (i - start === 4 || i - start === 5)) {
      while (i < n && text.charCodeAt(i) > 32) i++; // a URL
      continue;
    }
    const word = text.slice(start, i);
    words.push(start > 0 && text.charCodeAt(start - 1) === 36 ? '' : upper ? word.toLowerCase() : word);
    cased.push(upper);
  }
  return han;
}

function followedBy(i: number, rest: readonly string[]): boolean {
  if (i + rest.length >= words.length) return false;
  for (let k = 0; k < rest.length; k++) if (words[i + 1 + k] !== rest[k]) return false;
  return true;
}

function rank(scores: Float64Array): CategoryRef[] {
  const totals = new Float64Array(TAXONOMY.length);
  for (let t = 0; t < targetPrimary.length; t++) if (scores[t]) totals[targetPrimary[t]!]! += scores[t]!;
  const primaries: number[] = [];
  for (let p = 0; p < totals.length; p++) if (totals[p]! >= THRESHOLD) primaries.push(p);
  if (primaries.length === 0) return [];
  primaries.sort((a, b) => totals[b]! - totals[a]! || a - b);

  const refs: CategoryRef[] = [];
  const extras: { ref: CategoryRef; score: number }[] = [];
  for (const p of primaries.slice(0, MAX_REFS)) {
    const primary = TAXONOMY[p]!;
    // Secondaries of this primary by score, best first (taxonomy order breaks ties).
    const subs = primary.subs
      .map((s, si) => ({ id: s.id, score: scores[subTargets[p]![si]!]!, si }))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.si - b.si);
    const [best, ...others] = subs;
    refs.push(best ? { primary: primary.id, secondary: best.id } : { primary: primary.id });
    for (const s of others)
      if (s.score >= EXTRA_SUB) extras.push({ ref: { primary: primary.id, secondary: s.id }, score: s.score });
  }
  extras.sort((a, b) => b.score - a.score);
  for (const e of extras) {
    if (refs.length >= MAX_REFS) break;
    refs.push(e.ref);
  }
  return refs;
}
