/**
 * Per-coin stance: "$BTC looks weak here but $SOL is ripping" is bearish on BTC and bullish on SOL.
 *
 * The post is cut into segments (sentences, contrast clauses, clauses after a comma, arrows and
 * "vs"); each coin is read from the segments that name it, plus the coin-less segments that
 * continue them, by the same text classifier that reads whole posts (any `Classify`, so a learned
 * model drops in). Relative statements (an A/B pair, rotating out of A into B, A outperforming B)
 * lean the two coins opposite ways. A coin the post does not separate from the others keeps the
 * post's label. Pure and synchronous; the rules are described in
 * apps/server/test/fixtures/stance/README.md.
 */
import type { SentimentClassifier, SentimentLabel, SentimentResult } from '../../types';
import { EN_ALIASES, ZH_ALIASES } from '../coins/aliases';
import { cashtagCoin } from '../coins/extract';
import { relativeReadings } from './stance-relative';

export type Classify = (text: string) => SentimentResult;

/** How a stance was read. */
export type StanceSource = 'post' | 'clauses' | 'relative';

export interface CoinStance {
  label: SentimentLabel;
  /** Signed strength, -1..1, > 0 bullish. */
  score: number;
  /** 'post': the post's own label (one coin, or the post names its coins together only). */
  source: StanceSource;
}

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

/** How much a relative statement leans each of its two coins (a classifier score is -1..1). */
export const RELATIVE_WEIGHT = 0.5;

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

const labelOf = (score: number): SentimentLabel => (score > 0 ? 'bullish' : score < 0 ? 'bearish' : 'neutral');
const clamp = (x: number) => Math.max(-1, Math.min(1, Math.round(x * 1000) / 1000));

/**
 * What reading a post's stances takes: the texts to classify (segments and coin readings, each
 * once), and `finish`, which turns their results, with the classifier's reading of the whole post,
 * into the stances. Split in two so a batch of posts can go to the classifier in one call (the
 * OpenAI-compatible one is asynchronous and batched).
 */
export interface StancePlan {
  texts: string[];
  finish(results: readonly SentimentResult[], post: SentimentResult): Record<string, CoinStance>;
}

const POST_ONLY: StancePlan = { texts: [], finish: () => ({}) };

export function planStances(text: string, coins: readonly string[]): StancePlan {
  if (coins.length === 0) return POST_ONLY;
  const fromPost = (post: SentimentResult): CoinStance => ({ label: post.label, score: post.score, source: 'post' });
  const allFromPost = (post: SentimentResult) => Object.fromEntries(coins.map((c) => [c, fromPost(post)]));
  if (coins.length === 1) return { texts: [], finish: (_, post) => allFromPost(post) };

  const mentions = findMentions(text, coins);
  const segments = segment(text, mentions);
  const segCoins = segments.map((s) => [
    ...new Set(mentions.filter((m) => m.start >= s.start && m.start < s.end).map((m) => m.symbol)),
  ]);

  // Relative statements, and the segments they already account for, per coin.
  const relative = relativeReadings(text, mentions, segments);
  const used = segments.map(() => new Set<string>());
  for (const r of relative) for (const i of r.segments) used[i]!.add(r.symbol);

  // Which segments each coin is read from: those naming it, and coin-less ones continuing them.
  // Coin-less segments before the first coin go to the coins of the first segment naming one.
  const reading = new Map<string, number[]>(coins.map((c) => [c, []]));
  let previous: string[] | undefined; // the coins of the last segment naming one (undefined: none yet)
  const preamble: number[] = [];
  for (let i = 0; i < segments.length; i++) {
    const own = segCoins[i]!;
    if (own.length === 0) {
      if (previous === undefined) preamble.push(i);
      else for (const c of previous) reading.get(c)!.push(i);
      continue;
    }
    const free = own.filter((c) => !used[i]!.has(c));
    if (previous === undefined && preamble.length > 0) {
      for (const c of free) reading.get(c)!.push(...preamble);
    }
    for (const c of free) reading.get(c)!.push(i);
    previous = free;
  }
  for (const parts of reading.values()) parts.sort((a, b) => a - b);

  // When every coin reads the same segments and nothing relative was found, the post does not
  // separate its coins: the post's label is the honest answer, and it costs nothing more.
  const keys = coins.map((c) => reading.get(c)!.join(','));
  if (relative.length === 0 && keys.every((k) => k === keys[0]))
    return { texts: [], finish: (_, post) => allFromPost(post) };

  // The texts to classify, each once: coin readings, then pair segments.
  const texts: string[] = [];
  const index = new Map<string, number>();
  const need = (t: string) => {
    let i = index.get(t);
    if (i === undefined) {
      i = texts.push(t) - 1;
      index.set(t, i);
    }
    return i;
  };
  const located = new Set(mentions.map((m) => m.symbol));
  const coinText = new Map<string, number>();
  for (const coin of coins) {
    const parts = reading.get(coin)!;
    if (located.has(coin) && parts.length > 0) coinText.set(coin, need(joinSegments(text, segments, parts)));
  }
  const moodText = relative.map((r) =>
    r.mood === undefined ? -1 : need(text.slice(segments[r.mood]!.start, segments[r.mood]!.end)),
  );

  return {
    texts,
    finish(results, post) {
      const sign = (r: SentimentResult | undefined) => (r?.label === 'bullish' ? 1 : r?.label === 'bearish' ? -1 : 0);
      const lean = new Map<string, number>();
      relative.forEach((r, k) => {
        const d = r.mood === undefined ? r.lean : r.lean * sign(results[moodText[k]!]);
        lean.set(r.symbol, (lean.get(r.symbol) ?? 0) + d * RELATIVE_WEIGHT);
      });
      const out: Record<string, CoinStance> = {};
      for (const coin of coins) {
        if (!located.has(coin)) {
          out[coin] = fromPost(post);
          continue;
        }
        const t = coinText.get(coin);
        const read = t === undefined ? undefined : results[t];
        const l = lean.get(coin);
        if (l === undefined) {
          out[coin] = { label: read?.label ?? 'neutral', score: read?.score ?? 0, source: 'clauses' };
        } else {
          // A relative statement decides unless the coin's own clauses lean harder the other way.
          const score = l + (read && read.label !== 'neutral' ? read.score : 0);
          out[coin] = { label: labelOf(score), score: clamp(score), source: 'relative' };
        }
      }
      return out;
    },
  };
}

/**
 * The stance toward each coin (in the order given), with a synchronous classifier. `post` is the
 * classifier's reading of the whole text when the caller already has it.
 */
export function readStances(
  text: string,
  coins: readonly string[],
  classify: Classify,
  post?: SentimentResult,
): Record<string, CoinStance> {
  const plan = planStances(text, coins);
  if (coins.length === 0) return {};
  return plan.finish(plan.texts.map(classify), post ?? classify(text));
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

/** A post to read stances for: its text, its coins and the classifier's reading of the whole. */
export interface StanceInput {
  text: string;
  coins: readonly string[];
  post: SentimentResult;
}

/**
 * Stances for a batch of posts with any classifier, in one `classify` call for the whole batch
 * (the texts of every post's plan, deduplicated). Posts naming one coin or none cost nothing.
 */
export async function readStancesBatch(
  items: readonly StanceInput[],
  classifier: SentimentClassifier,
): Promise<Record<string, CoinStance>[]> {
  const plans = items.map((it) => planStances(it.text, it.coins));
  const texts: string[] = [];
  const index = new Map<string, number>();
  const where = plans.map((p) =>
    p.texts.map((t) => {
      let i = index.get(t);
      if (i === undefined) {
        i = texts.push(t) - 1;
        index.set(t, i);
      }
      return i;
    }),
  );
  const results = texts.length > 0 ? await classifier.classify(texts) : [];
  return plans.map((p, k) =>
    p.finish(
      where[k]!.map((i) => results[i]!),
      items[k]!.post,
    ),
  );
}

const SIGN: Record<SentimentLabel, -1 | 0 | 1> = { bullish: 1, neutral: 0, bearish: -1 };

/**
 * The stances as a storage column: -1/0/1 per coin, parallel to `coins` (the order of
 * posts.coins), or an empty array when every coin has the post's label. A reader then takes
 * `coalesce(stance, sentiment)` over `unnest(coins, coin_stances)`, which pads the shorter array
 * with NULL, so posts stored before stances existed keep counting as they did.
 */
export function stanceColumn(
  coins: readonly string[],
  stances: Readonly<Record<string, CoinStance>>,
  post: SentimentLabel,
): number[] {
  const out = coins.map((c) => SIGN[stances[c]?.label ?? post]);
  return out.every((s) => s === SIGN[post]) ? [] : out;
}
