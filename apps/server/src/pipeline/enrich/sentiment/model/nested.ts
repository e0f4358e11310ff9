/**
 * The protocol behind every figure and every choice (issue 30 §1, §3). The crypto pool (the dev
 * sets and every training file whose SOURCE.md heading says "crypto domain") is split into five
 * stratified folds. For outer fold k:
 *
 *   - an inner fold v = k+1 is held out from the other four, and on it are chosen, in turn:
 *     each source's weight (greedy, one pass, WEIGHT_GRID), the hashed-feature scale
 *     (SCALE_GRID), the calibration (calibration.ts) and the call threshold;
 *   - a model trained with those choices on every fold but k reads fold k.
 *
 * Fold k's readings are pooled over k; no choice ever saw them. The shipped model makes the same
 * choices with fold 0 as the inner fold and then trains on everything. Sources outside the crypto
 * domain teach polarity only (their neutral rows are stock news and chatter; see README.md).
 */
import type { SentimentLabel } from '../../../types';
import { evaluate } from '../metrics';
import {
  type Calibration,
  OPINION_GRID,
  calibrateAll,
  chooseCallThreshold,
  fitCalibration,
  stagedLabel,
} from './calibration';
import type { Example, LoadedData, ModelLang } from './data';
import type { FeatureConfig } from './features';
import { SCALE_GRID, type Scaled, assignFolds, scaledMatrices } from './folds';
import { C, CLASSES, type Matrix, type TrainOptions, buildMatrix, foldScale, predictRows, train } from './train';

export const FOLDS = 5;
export const WEIGHT_GRID = [0, 0.25, 1, 4] as const;

export interface PoolCorpus {
  lang: ModelLang;
  examples: Example[];
  m: Matrix;
  scaled: Scaled;
  /** Groups whose weight is chosen (every source; the dev sets keep devWeight). */
  groups: string[];
  /** Row index of each pool row, and its outer fold. */
  pool: Int32Array;
  fold: Uint8Array;
  /** Position in `pool` of each row (-1 outside the pool). */
  poolPos: Int32Array;
}

export type GroupWeights = Record<string, number>;

export interface Choice {
  weights: GroupWeights;
  scale: number;
  calibration: Calibration;
  /** Macro-F1 of the chosen setting on the inner fold (3-class rows). */
  innerMacroF1: number;
}

/** One language's rows: crypto sources and dev sets whole, other sources polarity only. */
export function buildPoolCorpus(
  data: LoadedData,
  lang: ModelLang,
  cfg: FeatureConfig,
  extra: readonly Example[] = [],
  seed = 1,
): PoolCorpus {
  const examples: Example[] = [];
  for (const e of data.train[lang]) {
    if (e.crypto) examples.push(e);
    else if (e.label !== 'neutral') examples.push({ ...e, twoClass: true });
  }
  if (lang === 'en') for (const rows of Object.values(data.dev)) examples.push(...rows);
  examples.push(...extra);
  const groups = [...new Set(data.train[lang].map((e) => e.group))];
  const poolRows: number[] = [];
  examples.forEach((e, i) => {
    if (e.crypto) poolRows.push(i);
  });
  const pool = Int32Array.from(poolRows);
  // Stratified by source and label, so every fold holds a share of every pool source.
  const strata = poolRows.map((i) => `${examples[i]!.source}|${examples[i]!.label}`);
  const fold = stratifiedFolds(strata, FOLDS, seed);
  const poolPos = new Int32Array(examples.length).fill(-1);
  pool.forEach((r, j) => {
    poolPos[r] = j;
  });
  const m = buildMatrix(examples, cfg);
  return { lang, examples, m, scaled: scaledMatrices(m), groups, pool, fold, poolPos };
}

function stratifiedFolds(strata: readonly string[], k: number, seed: number): Uint8Array {
  const out = new Uint8Array(strata.length);
  const by = new Map<string, number[]>();
  strata.forEach((s, i) => {
    const list = by.get(s) ?? [];
    list.push(i);
    by.set(s, list);
  });
  let offset = 0;
  for (const key of [...by.keys()].sort()) {
    const rows = by.get(key)!;
    // assignFolds shuffles within a label; one label per stratum here.
    const f = assignFolds(
      rows.map(() => 'neutral' as SentimentLabel),
      k,
      seed,
    );
    rows.forEach((r, j) => {
      out[r] = (f[j]! + offset) % k;
    });
    offset++;
  }
  return out;
}

const allRows = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

/** Row weights: sources at their group weight, pool rows only in `folds`, dev rows at devWeight. */
export function rowWeights(c: PoolCorpus, weights: GroupWeights, folds: ReadonlySet<number>, devWeight: number) {
  const w = new Float32Array(c.examples.length);
  c.examples.forEach((e, i) => {
    const p = c.poolPos[i]!;
    if (p >= 0 && !folds.has(c.fold[p]!)) return;
    w[i] = e.group === 'dev' ? devWeight : (weights[e.group] ?? extraWeight(e, devWeight));
  });
  return w;
}

/** Rows outside the data files (users' corrections, a teacher's labels) carry their own weight. */
function extraWeight(e: Example, devWeight: number): number {
  const own = (e as Example & { weight?: number }).weight;
  return own === undefined ? 0 : own * devWeight;
}

/** Pool rows of the folds `folds`, and which of them are 3-class (their source has neutral). */
export function poolRowsIn(c: PoolCorpus, folds: ReadonlySet<number>): Int32Array {
  return c.pool.filter((_, j) => folds.has(c.fold[j]!));
}

export interface Readings {
  rows: Int32Array;
  /** Raw probabilities, n × 3. */
  p: Float64Array;
}

export function goldOf(c: PoolCorpus, rows: Int32Array): number[] {
  return Array.from(rows, (r) => c.m.y[r]!);
}

/**
 * The mean over pool sources of each one's macro-F1 (3-class sources only: two-class ones have no
 * neutral to find). Each source counts alike, so the largest (and its idea of neutral) does not
 * decide alone.
 */
export function macroF1Of(c: PoolCorpus, r: Readings, p: Float64Array = r.p, opinionThreshold?: number): number {
  const by = new Map<string, { gold: SentimentLabel[]; pred: SentimentLabel[] }>();
  r.rows.forEach((row, i) => {
    const e = c.examples[row]!;
    if (e.twoClass) return;
    const s = by.get(e.source) ?? { gold: [], pred: [] };
    s.gold.push(CLASSES[c.m.y[row]!]!);
    s.pred.push(stagedLabel(p, i, opinionThreshold));
    by.set(e.source, s);
  });
  const f = [...by.values()].map((s) => evaluate(s.gold, s.pred, CLASSES).macroF1);
  return f.length ? f.reduce((a, b) => a + b, 0) / f.length : 0;
}

/**
 * The 3-class rows of a reading (what calibration and thresholds are fitted on), each weighted so
 * that every source weighs the same in total.
 */
export function threeClass(c: PoolCorpus, r: Readings): { p: Float64Array; gold: number[]; weight: Float64Array } {
  const keep: number[] = [];
  const per = new Map<string, number>();
  r.rows.forEach((row, i) => {
    const e = c.examples[row]!;
    if (e.twoClass) return;
    keep.push(i);
    per.set(e.source, (per.get(e.source) ?? 0) + 1);
  });
  const p = new Float64Array(keep.length * C);
  keep.forEach((i, j) => {
    p.set(r.p.subarray(i * C, i * C + C), j * C);
  });
  const weight = Float64Array.from(keep, (i) => 1 / per.get(c.examples[r.rows[i]!]!.source)!);
  return { p, gold: keep.map((i) => c.m.y[r.rows[i]!]!), weight };
}

/**
 * Chooses weights, scale, calibration and call threshold with the pool folds `trainFolds` in
 * training and fold `valFold` held out.
 */
export function choose(
  c: PoolCorpus,
  trainFolds: ReadonlySet<number>,
  valFold: number,
  o: TrainOptions,
  devWeight: number,
  log: (line: string) => void = () => {},
  start: { weights?: GroupWeights; scale?: number } = {},
): Choice {
  const val = poolRowsIn(c, new Set([valFold]));
  const cache = new Map<string, { f1: number; r: Readings }>();
  const trial = (weights: GroupWeights, scale: number) => {
    const key = `${c.groups.map((g) => weights[g]).join(',')}|${scale}`;
    let hit = cache.get(key);
    if (!hit) {
      const m = c.scaled(scale);
      const model = train(m, allRows(c.examples.length), rowWeights(c, weights, trainFolds, devWeight), o);
      const r: Readings = { rows: val, p: predictRows(model, m, val) };
      hit = { f1: macroF1Of(c, r), r };
      cache.set(key, hit);
    }
    return hit;
  };
  const weights: GroupWeights = { ...Object.fromEntries(c.groups.map((g) => [g, 1])), ...start.weights };
  let scale = start.scale ?? 0.25;
  let best = trial(weights, scale);
  for (const g of c.groups) {
    for (const v of WEIGHT_GRID) {
      if (v === weights[g]) continue;
      const t = trial({ ...weights, [g]: v }, scale);
      if (t.f1 > best.f1) {
        best = t;
        weights[g] = v;
      }
    }
  }
  for (const s of SCALE_GRID) {
    if (s === scale) continue;
    const t = trial(weights, s);
    if (t.f1 > best.f1) {
      best = t;
      scale = s;
    }
  }
  const { p, gold, weight } = threeClass(c, best.r);
  const fitted = fitCalibration(p, gold, weight);
  // Opinion or not first: the P(neutral) cut that reads the inner fold best, on calibrated readings.
  const calibrated = calibrateAll(best.r.p, { ...fitted, callThreshold: 0 });
  let opinionThreshold: number = OPINION_GRID[0]!;
  let bestF1 = -1;
  for (const t of OPINION_GRID) {
    const f1 = macroF1Of(c, best.r, calibrated, t);
    if (f1 > bestF1) {
      bestF1 = f1;
      opinionThreshold = t;
    }
  }
  const callThreshold = chooseCallThreshold(
    calibrateAll(p, { ...fitted, callThreshold: 0 }),
    gold,
    undefined,
    opinionThreshold,
  );
  log(
    `  chosen on fold ${valFold}: ${JSON.stringify(weights)} scale ${scale}; inner macro-F1 ${best.f1.toFixed(3)} (${bestF1.toFixed(3)} calibrated, opinion below P(neutral) ${opinionThreshold}); calibration a ${fitted.a.toFixed(2)} bias ${fitted.bias.map((b) => b.toFixed(2)).join('/')}; call threshold ${callThreshold}`,
  );
  return { weights, scale, calibration: { ...fitted, opinionThreshold, callThreshold }, innerMacroF1: best.f1 };
}

/** A model trained with `choice` on the pool folds `folds` (and every source row), unscaled. */
export function trainChosen(
  c: PoolCorpus,
  choice: Pick<Choice, 'weights' | 'scale'>,
  folds: ReadonlySet<number>,
  o: TrainOptions,
  devWeight: number,
): Float32Array {
  const m = c.scaled(choice.scale);
  return foldScale(
    train(m, allRows(c.examples.length), rowWeights(c, choice.weights, folds, devWeight), o),
    choice.scale,
  );
}

export interface OuterResult {
  /** Every pool row read by the model of the fold that held it out: raw and calibrated. */
  readings: Readings;
  calibrated: Float64Array;
  /** Each row's call and opinion thresholds (its outer fold's choices). */
  thresholds: Float64Array;
  opinionThresholds: Float64Array;
  choices: Choice[];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * The nested cross-validation (file comment). `override` changes the chosen weights before the
 * outer model trains (the ablation: a source's weight forced to 0, other choices kept).
 */
export function nestedCv(
  c: PoolCorpus,
  o: TrainOptions,
  devWeight: number,
  log: (line: string) => void = () => {},
  choices?: readonly Choice[],
  override: GroupWeights = {},
): OuterResult {
  const rows: number[] = [];
  const raw: number[] = [];
  const cal: number[] = [];
  const thresholds: number[] = [];
  const opinions: number[] = [];
  const made: Choice[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const v = (k + 1) % FOLDS;
    const inner = new Set(range(FOLDS).filter((f) => f !== k && f !== v));
    const choice = choices?.[k] ?? choose(c, inner, v, o, devWeight, log);
    made.push(choice);
    const outerTrain = new Set(range(FOLDS).filter((f) => f !== k));
    const model = trainChosen(c, { ...choice, weights: { ...choice.weights, ...override } }, outerTrain, o, devWeight);
    const test = poolRowsIn(c, new Set([k]));
    const p = predictRows(model, c.m, test);
    const q = calibrateAll(p, choice.calibration);
    test.forEach((r, i) => {
      rows.push(r);
      thresholds.push(choice.calibration.callThreshold);
      opinions.push(choice.calibration.opinionThreshold ?? Number.NaN);
      for (let j = 0; j < C; j++) {
        raw.push(p[i * C + j]!);
        cal.push(q[i * C + j]!);
      }
    });
  }
  return {
    readings: { rows: Int32Array.from(rows), p: Float64Array.from(raw) },
    calibrated: Float64Array.from(cal),
    thresholds: Float64Array.from(thresholds),
    opinionThresholds: Float64Array.from(opinions),
    choices: made,
  };
}

/** The shipped model's choices (fold 0 held out) and its weights trained on every row. */
export function shippedModel(
  c: PoolCorpus,
  o: TrainOptions,
  devWeight: number,
  log: (line: string) => void = () => {},
): { choice: Choice; weights: Float32Array } {
  const choice = choose(c, new Set(range(FOLDS).filter((f) => f !== 0)), 0, o, devWeight, log);
  return { choice, weights: trainChosen(c, choice, new Set(range(FOLDS)), o, devWeight) };
}
