/**
 * The honest figures. 5-fold cross-validation on each dev set: fold k is held out, the model
 * trains on the training sources plus the other four folds of that set, and is scored on fold k;
 * predictions of the five held-out folds are pooled. The rules are scored on the same rows.
 *
 * Source weights are chosen without the held-out fold: for one dev set they are chosen on the
 * OTHER dev set (a model trained on the training sources only, scored on that whole set), by a
 * greedy search over {0, 0.25, 0.5, 1} per source group. The shipped model uses weights chosen on
 * the mean of both objectives (it is then trained on both dev sets too; no figure is reported on it).
 * The hashed-feature scale is chosen inside each outer fold by an inner CV on the other four folds
 * (folds.ts), so no choice ever sees the held-out fold.
 */
import type { SentimentLabel } from '../../../types';
import { classifySentiment } from '../classifier';
import { evaluate } from '../metrics';
import type { DevName, Example } from './data';
import { type Scaled, assignFolds, chooseScale } from './folds';
import { type Matrix, type TrainOptions, argmax, foldScale, predictRows, train } from './train';

export { assignFolds } from './folds';

export const WEIGHT_GRID = [0, 0.25, 0.5, 1] as const;
export const FOLDS = 5;
/** Inner folds of the nested choice of the hashed-feature scale (folds.ts). */
export const INNER_FOLDS = 4;

/** The rows of one language: training examples first, then the dev sets. */
export interface Corpus {
  examples: Example[];
  m: Matrix;
  /** `m` with the hashed features scaled (folds.ts), made on demand. */
  scaled: Scaled;
  groups: string[];
  /** Row ranges of the dev sets inside `examples`. */
  dev: Partial<Record<DevName, { from: number; to: number }>>;
}

export type GroupWeights = Record<string, number>;

export function trainRowWeights(c: Corpus, weights: GroupWeights): Float32Array {
  const w = new Float32Array(c.examples.length);
  c.examples.forEach((ex, i) => {
    if (ex.group !== 'dev') w[i] = weights[ex.group] ?? 0;
  });
  return w;
}

const allRows = (n: number) => Int32Array.from({ length: n }, (_, i) => i);
const range = (from: number, to: number) => Int32Array.from({ length: to - from }, (_, i) => from + i);

export interface Scored {
  rows: number;
  macroF1: number;
  accuracy: number;
  /** Share of bull/bear rows whose score has the right sign (0 counts wrong). */
  signAccuracy: number;
}

export function score(gold: SentimentLabel[], pred: SentimentLabel[], scores: number[]): Scored {
  const e = evaluate(gold, pred);
  let polar = 0;
  let right = 0;
  gold.forEach((g, i) => {
    if (g === 'neutral') return;
    polar++;
    if ((g === 'bullish' && scores[i]! > 0) || (g === 'bearish' && scores[i]! < 0)) right++;
  });
  return { rows: gold.length, macroF1: e.macroF1, accuracy: e.accuracy, signAccuracy: polar ? right / polar : 0 };
}

function scoreRows(c: Corpus, w: Float32Array, rows: Int32Array): Scored {
  const p = predictRows(w, c.m, rows);
  const gold = Array.from(rows, (r) => c.examples[r]!.label);
  const pred = gold.map((_, i) => argmax(p, i));
  const s = gold.map((_, i) => p[i * 3]! - p[i * 3 + 2]!);
  return score(gold, pred, s);
}

/** Objective of a weight choice on one dev set, for a model trained on training sources only. */
export function makeObjective(c: Corpus, o: TrainOptions) {
  const cache = new Map<string, Partial<Record<DevName, Scored>>>();
  return (weights: GroupWeights): Partial<Record<DevName, Scored>> => {
    const key = c.groups.map((g) => weights[g]).join(',');
    const hit = cache.get(key);
    if (hit) return hit;
    const w = train(c.m, allRows(c.examples.length), trainRowWeights(c, weights), o);
    const out: Partial<Record<DevName, Scored>> = {};
    for (const [name, r] of Object.entries(c.dev) as [DevName, { from: number; to: number }][]) {
      out[name] = scoreRows(c, w, range(r.from, r.to));
    }
    cache.set(key, out);
    return out;
  };
}

/** Greedy coordinate search: each group in turn takes the grid value that scores best. */
export function searchWeights(
  groups: readonly string[],
  objective: (w: GroupWeights) => number,
  log: (line: string) => void = () => {},
): GroupWeights {
  const best: GroupWeights = Object.fromEntries(groups.map((g) => [g, 1]));
  let bestScore = objective(best);
  for (const g of groups) {
    for (const v of WEIGHT_GRID) {
      if (v === best[g]) continue;
      const trial = { ...best, [g]: v };
      const s = objective(trial);
      if (s > bestScore) {
        bestScore = s;
        best[g] = v;
      }
    }
    log(`  ${g}: ${best[g]} (objective ${bestScore.toFixed(4)})`);
  }
  return best;
}

export interface CvResult {
  model: Scored;
  rules: Scored;
  weights: GroupWeights;
  /** The hashed-feature scale each outer fold chose (nested CV). */
  scales?: number[];
  /** Per held-out row: its text, gold label, and the model's and the rules' labels and scores. */
  rows?: {
    text: string;
    gold: SentimentLabel;
    model: SentimentLabel;
    modelScore: number;
    rules: SentimentLabel;
    rulesScore: number;
  }[];
}

/**
 * 5-fold CV on one dev set (see the file comment), with the rules on the same rows. Inside each
 * outer fold the hashed-feature scale is chosen by an inner CV over the other four folds only.
 */
export function crossValidate(
  c: Corpus,
  dev: DevName,
  weights: GroupWeights,
  o: TrainOptions,
  devWeight = 1,
): CvResult {
  const r = c.dev[dev];
  if (!r) throw new Error(`no dev set ${dev}`);
  const rows = range(r.from, r.to);
  const labels = Array.from(rows, (i) => c.examples[i]!.label);
  const fold = assignFolds(labels, FOLDS, o.seed);
  const base = trainRowWeights(c, weights);
  const gold: SentimentLabel[] = [];
  const pred: SentimentLabel[] = [];
  const scores: number[] = [];
  const heldOut: number[] = [];
  const scales: number[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const inner = rows.filter((_, j) => fold[j] !== k);
    const { scale } = chooseScale(c.scaled, base, [inner], devWeight, o, INNER_FOLDS, o.seed + 1 + k);
    scales.push(scale);
    const m = c.scaled(scale);
    const w = Float32Array.from(base);
    for (const row of inner) w[row] = devWeight;
    const model = train(m, allRows(c.examples.length), w, o);
    const t = rows.filter((_, j) => fold[j] === k);
    const p = predictRows(model, m, t);
    t.forEach((row, i) => {
      heldOut.push(row);
      gold.push(c.examples[row]!.label);
      pred.push(argmax(p, i));
      scores.push(p[i * 3]! - p[i * 3 + 2]!);
    });
  }
  const ruleRes = heldOut.map((row) => classifySentiment(c.examples[row]!.text));
  return {
    model: score(gold, pred, scores),
    rules: score(
      gold,
      ruleRes.map((x) => x.label),
      ruleRes.map((x) => x.score),
    ),
    weights,
    scales,
    rows: heldOut.map((row, i) => ({
      text: c.examples[row]!.text,
      gold: gold[i]!,
      model: pred[i]!,
      modelScore: scores[i]!,
      rules: ruleRes[i]!.label,
      rulesScore: ruleRes[i]!.score,
    })),
  };
}

/** Trains one model on `m` scaled by `scale` and returns weights for unscaled features. */
export function trainScaled(c: Corpus, scale: number, w: Float32Array, o: TrainOptions): Float32Array {
  return foldScale(train(c.scaled(scale), allRows(c.examples.length), w, o), scale);
}

/** 5-fold CV over a single-source corpus (the Chinese model): train on four folds, score the fifth. */
export function crossValidateAll(c: Corpus, o: TrainOptions): Omit<CvResult, 'weights'> {
  const labels = c.examples.map((e) => e.label);
  const fold = assignFolds(labels, FOLDS, o.seed);
  const gold: SentimentLabel[] = [];
  const pred: SentimentLabel[] = [];
  const scores: number[] = [];
  const ruleLabels: SentimentLabel[] = [];
  const ruleScores: number[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const w = new Float32Array(c.examples.length);
    const test: number[] = [];
    fold.forEach((f, i) => {
      if (f === k) test.push(i);
      else w[i] = 1;
    });
    const model = train(c.m, allRows(c.examples.length), w, o);
    const t = Int32Array.from(test);
    const p = predictRows(model, c.m, t);
    t.forEach((row, i) => {
      gold.push(c.examples[row]!.label);
      pred.push(argmax(p, i));
      scores.push(p[i * 3]! - p[i * 3 + 2]!);
      const rr = classifySentiment(c.examples[row]!.text);
      ruleLabels.push(rr.label);
      ruleScores.push(rr.score);
    });
  }
  return { model: score(gold, pred, scores), rules: score(gold, ruleLabels, ruleScores) };
}
