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
import { relativeReadings } from './stance-relative';
import { findMentions, joinSegments, segment } from './stance-segments';

export type { Boundary, Mention, Segment } from './stance-segments';
export { findMentions, joinSegments, segment } from './stance-segments';

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

/** How much a relative statement leans each of its two coins (a classifier score is -1..1). */
export const RELATIVE_WEIGHT = 0.5;

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

/** The labels of the stances that differ from the post's (what enrichment keeps). */
export function stanceLabels(
  stances: Readonly<Record<string, CoinStance>>,
  post: SentimentLabel,
): Record<string, SentimentLabel> {
  const out: Record<string, SentimentLabel> = {};
  for (const [coin, s] of Object.entries(stances)) if (s.label !== post) out[coin] = s.label;
  return out;
}

/**
 * The stances as a storage column: -1/0/1 per coin, parallel to `coins` (the order of
 * posts.coins), or an empty array when every coin has the post's label. A reader then takes
 * `coalesce(stance, sentiment)` over `unnest(coins, coin_stances)`, which pads the shorter array
 * with NULL, so posts stored before stances existed keep counting as they did.
 */
export function stanceColumn(
  coins: readonly string[],
  stances: Readonly<Record<string, SentimentLabel>>,
  post: SentimentLabel,
): number[] {
  const out = coins.map((c) => SIGN[stances[c] ?? post]);
  return out.every((s) => s === SIGN[post]) ? [] : out;
}
