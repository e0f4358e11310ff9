/**
 * The pieces the stance reader works on: where a post names its coins (`findMentions`) and the
 * segments it is cut into (`segment`): sentences, contrast clauses, clauses after a comma (not the
 * commas of a coin list), arrows and "vs"; `joinSegments` puts some of them back together.
 */
import { EN_ALIASES, ZH_ALIASES } from '../../../domain/coins/aliases';
import { cashtagCoin } from '../coins/extract';

/** Where a coin is named: [start, end) in the text. */
export interface Mention {
  symbol: string;
  start: number;
  end: number;
}

/** What separates a segment from the one before it. */
export type Boundary = 'start' | 'sentence' | 'contrast' | 'comma' | 'arrow' | 'compare';

export interface Segment {
  /** [start, end) in the text; the end includes the sentence punctuation that closes it. */
  start: number;
  end: number;
  boundary: Boundary;
  /** The contrast word before it ('but', '但是'), kept to join segments back into a reading. */
  lead: string;
}

const EN_WORD = new Map<string, string>();
for (const [symbol, aliases] of Object.entries(EN_ALIASES)) for (const a of aliases) EN_WORD.set(a, symbol);
const ZH_WORD = new Map<string, string>();
for (const [symbol, aliases] of Object.entries(ZH_ALIASES)) for (const a of aliases) ZH_WORD.set(a, symbol);
const ZH_RE = new RegExp([...ZH_WORD.keys()].sort((a, b) => b.length - a.length).join('|'), 'g');
const WORD_RE = /\$?[A-Za-z][A-Za-z0-9]*|[\u3400-\u9fff]+/g;

/**
 * Where the post's coins (as extractCoins found them) are named. Only those coins count, so a
 * ticker the extractor accepted once (a guarded one with a cue) is found wherever it stands.
 */
export function findMentions(text: string, coins: readonly string[]): Mention[] {
  const wanted = new Set(coins);
  const out: Mention[] = [];
  for (const m of text.matchAll(WORD_RE)) {
    const word = m[0];
    const at = m.index;
    const c = word.charCodeAt(0);
    if (c >= 0x3400) {
      ZH_RE.lastIndex = 0;
      for (let z = ZH_RE.exec(word); z !== null; z = ZH_RE.exec(word)) {
        const symbol = ZH_WORD.get(z[0]);
        if (symbol && wanted.has(symbol)) out.push({ symbol, start: at + z.index, end: at + z.index + z[0].length });
      }
      continue;
    }
    let symbol: string | undefined;
    if (c === 36) symbol = cashtagCoin(word.slice(1).toUpperCase());
    else if (word === word.toUpperCase() && wanted.has(word)) symbol = word;
    else symbol = EN_WORD.get(word.toLowerCase());
    if (symbol && wanted.has(symbol)) {
      out.push({ symbol, start: at, end: at + word.length });
      continue;
    }
    // Two-word names ("shiba inu", "render network").
    const next = /^ ([a-z]+)/i.exec(text.slice(at + word.length, at + word.length + 24));
    const pair = next ? EN_WORD.get(`${word} ${next[1]}`.toLowerCase()) : undefined;
    if (pair && wanted.has(pair)) out.push({ symbol: pair, start: at, end: at + word.length + next![0].length });
  }
  return out;
}

// Sentence ends (a '.' inside a number such as 2.9k is none), contrast words, commas, arrows, vs.
const SENTENCE = String.raw`[!?！？。；;\n]+|\.+(?!\d)`;
const CONTRAST = String.raw`\b(?:but|however|while|whereas|although|though|meanwhile)\b|但是|但|不过|然而|可是|却|反观|(?<![然反从因进继])而(?![且是已])`;
const COMMA = String.raw`[,，:：]|\s[-–—]\s`;
const ARROW = '->|=>|→|➡️?|⟶';
const COMPARE = String.raw`\s(?:vs\.?|versus)\s`;
const BOUNDARY_RE = new RegExp(`(${SENTENCE})|(${CONTRAST})|(${COMMA})|(${ARROW})|(${COMPARE})`, 'giu');

/**
 * Cuts a post into segments. A comma between two coin names ("BTC, ETH and SOL all green") is a
 * list, not a clause break. Empty segments are dropped; the boundary of a dropped segment passes
 * to the next one (the stronger of the two: sentence > contrast > the rest).
 */
export function segment(text: string, mentions: readonly Mention[] = []): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  let boundary: Boundary = 'start';
  let lead = '';
  const push = (end: number) => {
    if (/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(text.slice(start, end))) out.push({ start, end, boundary, lead });
  };
  const rank = (b: Boundary) => (b === 'start' ? 3 : b === 'sentence' ? 2 : b === 'contrast' ? 1 : 0);
  BOUNDARY_RE.lastIndex = 0;
  for (let m = BOUNDARY_RE.exec(text); m !== null; m = BOUNDARY_RE.exec(text)) {
    const at = m.index;
    const end = at + m[0].length;
    const kind: Boundary = m[1] ? 'sentence' : m[2] ? 'contrast' : m[3] ? 'comma' : m[4] ? 'arrow' : 'compare';
    if (kind === 'comma' && betweenMentions(text, at, end, mentions)) continue;
    // Sentence punctuation stays with its segment: a '?' makes the rules read a question.
    const cut = kind === 'sentence' ? end : at;
    const before = out.length;
    push(cut);
    if (out.length === before && rank(boundary) >= rank(kind)) {
      // Nothing since the last boundary: keep the stronger one ('. But' stays a sentence start).
      if (kind === 'contrast') lead = m[0];
    } else {
      boundary = kind;
      lead = kind === 'contrast' ? m[0] : '';
    }
    start = end;
  }
  push(text.length);
  return out;
}

/** A comma with a coin name right before and right after it (spaces and '$' aside). */
function betweenMentions(text: string, at: number, end: number, mentions: readonly Mention[]): boolean {
  let left = at;
  while (left > 0 && text[left - 1] === ' ') left--;
  let right = end;
  while (right < text.length && (text[right] === ' ' || text[right] === '$')) right++;
  return mentions.some((m) => m.end === left) && mentions.some((m) => m.start === right || m.start === right - 1);
}

/** The text of some segments, in order, with the contrast words between neighbours kept. */
export function joinSegments(text: string, segments: readonly Segment[], parts: readonly number[]): string {
  let out = '';
  for (let k = 0; k < parts.length; k++) {
    const s = segments[parts[k]!]!;
    const body = text.slice(s.start, s.end).trim();
    if (k === 0) out = body;
    // A contrast word joins only the segment it contrasted with, not one further back.
    else if (s.boundary === 'contrast' && parts[k - 1] === parts[k]! - 1) out += ` ${s.lead} ${body}`;
    else if (s.boundary === 'sentence' || /[.!?。！？]$/.test(out)) out += ` ${body}`;
    else out += `, ${body}`;
  }
  return out;
}
