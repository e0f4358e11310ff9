/**
 * How sure a reading is, and when it is sure enough to be a call (issue 30 §1).
 *
 * Calibration: the model's log-probabilities are rescaled as softmax(a·log p + b) with one
 * temperature-like factor `a` and a bias per class (neutral's fixed at 0), fitted by minimising
 * the log loss on held-out predictions. The bias also moves the class priors to those of the rows
 * it is fitted on (crypto posts), which the training mix (mostly stock posts) does not share.
 *
 * Calls: a bullish or bearish reading whose calibrated probability is at least the threshold. The
 * threshold is the lowest at which calls on held-out rows were right (gold = the call) at least
 * CALL_PRECISION of the time; it is chosen on inner folds, never on the rows it is scored on.
 */
import type { SentimentLabel } from '../../../types';
import { C, CLASSES } from './train';

export interface Calibration {
  a: number;
  /** Added to the scaled log-probabilities, class order CLASSES (neutral is 0). */
  bias: [number, number, number];
  /**
   * The first stage of reading (issue 30 §2): a post is an opinion when P(neutral) is below this,
   * and only then is its direction the larger of P(bullish) and P(bearish). Absent: the arg-max.
   */
  opinionThreshold?: number;
  /** A polar reading at or above this calibrated probability is a call. */
  callThreshold: number;
}

/** Row i's label: opinion or not first (P(neutral) against the threshold), then direction. */
export function stagedLabel(q: ArrayLike<number>, i: number, opinionThreshold?: number): SentimentLabel {
  const bull = q[i * C]!;
  const neu = q[i * C + 1]!;
  const bear = q[i * C + 2]!;
  if (opinionThreshold === undefined)
    return bull >= neu && bull >= bear ? 'bullish' : bear > neu ? 'bearish' : 'neutral';
  if (neu >= opinionThreshold) return 'neutral';
  return bull >= bear ? 'bullish' : 'bearish';
}

/** The grid the opinion threshold is chosen from (nested.ts, on an inner fold). */
export const OPINION_GRID = Array.from({ length: 21 }, (_, k) => Math.round((0.3 + k * 0.02) * 100) / 100);

export const IDENTITY: Calibration = { a: 1, bias: [0, 0, 0], callThreshold: 0.5 };
export const CALL_PRECISION = 0.9;
/** Fewer calls than this on the choosing rows say nothing about their precision. */
const MIN_CALLS = 20;

/** Calibrated probabilities of one row of `p` (n × 3) into `out`. */
export function calibrateRow(p: ArrayLike<number>, i: number, cal: Calibration, out: Float64Array): void {
  let mx = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < C; c++) {
    const z = cal.a * Math.log(Math.max(p[i * C + c]!, 1e-12)) + cal.bias[c]!;
    out[c] = z;
    if (z > mx) mx = z;
  }
  let s = 0;
  for (let c = 0; c < C; c++) {
    out[c] = Math.exp(out[c]! - mx);
    s += out[c]!;
  }
  for (let c = 0; c < C; c++) out[c] = out[c]! / s;
}

export function calibrateAll(p: Float64Array, cal: Calibration): Float64Array {
  const out = new Float64Array(p.length);
  const row = new Float64Array(C);
  for (let i = 0; i < p.length / C; i++) {
    calibrateRow(p, i, cal, row);
    out.set(row, i * C);
  }
  return out;
}

/**
 * Fits `a` and the bullish/bearish biases by gradient descent on the mean log loss (convex in
 * them), each row weighted by `rowWeight`. Two-class gold rows (no neutral in their source) are
 * left out by the caller: they would teach that neutral never happens.
 */
export function fitCalibration(
  p: Float64Array,
  gold: readonly number[],
  rowWeight?: ArrayLike<number>,
): Omit<Calibration, 'callThreshold'> {
  const n = gold.length;
  if (n === 0) return { a: 1, bias: [0, 0, 0] };
  const wt = (i: number) => (rowWeight ? rowWeight[i]! : 1);
  let total = 0;
  for (let i = 0; i < n; i++) total += wt(i);
  const logp = Float64Array.from(p, (v) => Math.log(Math.max(v, 1e-12)));
  let a = 1;
  const b = [0, 0, 0];
  const q = new Float64Array(C);
  // Adam on three parameters: a few hundred steps settle to 1e-4.
  const m = [0, 0, 0];
  const v = [0, 0, 0];
  const lr = 0.05;
  for (let t = 1; t <= 400; t++) {
    const g = [0, 0, 0];
    for (let i = 0; i < n; i++) {
      let mx = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < C; c++) {
        q[c] = a * logp[i * C + c]! + b[c]!;
        if (q[c]! > mx) mx = q[c]!;
      }
      let s = 0;
      for (let c = 0; c < C; c++) {
        q[c] = Math.exp(q[c]! - mx);
        s += q[c]!;
      }
      for (let c = 0; c < C; c++) {
        const d = (q[c]! / s - (gold[i] === c ? 1 : 0)) * wt(i);
        g[0] = g[0]! + d * logp[i * C + c]!;
        if (c === 0) g[1] = g[1]! + d;
        if (c === 2) g[2] = g[2]! + d;
      }
    }
    const params = [a, b[0]!, b[2]!];
    for (let k = 0; k < 3; k++) {
      const gk = g[k]! / total;
      m[k] = 0.9 * m[k]! + 0.1 * gk;
      v[k] = 0.999 * v[k]! + 0.001 * gk * gk;
      const mh = m[k]! / (1 - 0.9 ** t);
      const vh = v[k]! / (1 - 0.999 ** t);
      params[k] = params[k]! - (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
    a = Math.max(0.05, params[0]!);
    b[0] = params[1]!;
    b[2] = params[2]!;
  }
  return { a, bias: [b[0]!, 0, b[2]!] };
}

/** The call of a calibrated probability row: its polar label when sure enough, else null. */
export function callOf(
  q: ArrayLike<number>,
  i: number,
  threshold: number,
  opinionThreshold?: number,
): 'bullish' | 'bearish' | null {
  const label = stagedLabel(q, i, opinionThreshold);
  if (label === 'neutral') return null;
  return q[i * C + CLASSES.indexOf(label)]! >= threshold ? label : null;
}

const at = (x: number | ArrayLike<number> | undefined, i: number) =>
  x === undefined || typeof x === 'number' ? x : x[i];

export interface CallFigures {
  /** Calls made, and the share of them whose gold label is the call. */
  calls: number;
  precision: number;
  /** Share of gold bullish/bearish rows that became calls. */
  coverage: number;
  /** Share of calls on gold bullish/bearish rows whose direction is right (neutral gold left out). */
  directionRight: number;
}

/** Thresholds are one for all rows, or one per row (each outer fold chose its own). */
export function callFigures(
  q: Float64Array,
  gold: readonly number[],
  threshold: number | ArrayLike<number>,
  opinionThreshold?: number | ArrayLike<number>,
): CallFigures {
  let calls = 0;
  let right = 0;
  let polar = 0;
  let polarCalls = 0;
  let polarRight = 0;
  gold.forEach((g, i) => {
    const call = callOf(q, i, at(threshold, i)!, at(opinionThreshold, i));
    const isPolar = g !== 1;
    if (isPolar) polar++;
    if (!call) return;
    calls++;
    const ok = CLASSES.indexOf(call) === g;
    if (ok) right++;
    if (isPolar) {
      polarCalls++;
      if (ok) polarRight++;
    }
  });
  return {
    calls,
    precision: calls ? right / calls : 0,
    coverage: polar ? polarCalls / polar : 0,
    directionRight: polarCalls ? polarRight / polarCalls : 0,
  };
}

/**
 * The lowest threshold (0.34 to 0.99 by 0.01) whose calls on these rows have the right direction
 * at least `target` of the time (calls on bullish/bearish rows; see directionRight), with at least
 * MIN_CALLS of them; 0.99 when none has.
 */
export function chooseCallThreshold(
  q: Float64Array,
  gold: readonly number[],
  target = CALL_PRECISION,
  opinionThreshold?: number,
): number {
  for (let t = 34; t <= 99; t++) {
    const f = callFigures(q, gold, t / 100, opinionThreshold);
    if (f.calls >= MIN_CALLS && f.directionRight >= target) return t / 100;
  }
  return 0.99;
}

/**
 * A reliability table: the confidence of each row's label (its calibrated probability, what a
 * reading reports) in bins, against how often the label is right.
 */
export function reliability(
  q: Float64Array,
  gold: readonly number[],
  opinionThreshold?: number | ArrayLike<number>,
  edges: readonly number[] = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001],
): { from: number; to: number; rows: number; meanConfidence: number; accuracy: number }[] {
  const bins = edges.slice(0, -1).map((from, k) => ({ from, to: edges[k + 1]!, rows: 0, conf: 0, right: 0 }));
  gold.forEach((g, i) => {
    const label = CLASSES.indexOf(stagedLabel(q, i, at(opinionThreshold, i)));
    const conf = q[i * C + label]!;
    const bin = bins.find((b) => conf >= b.from && conf < b.to) ?? bins[0]!;
    bin.rows++;
    bin.conf += conf;
    if (label === g) bin.right++;
  });
  return bins.map((b) => ({
    from: b.from,
    to: Math.min(1, b.to),
    rows: b.rows,
    meanConfidence: b.rows ? b.conf / b.rows : 0,
    accuracy: b.rows ? b.right / b.rows : 0,
  }));
}

/** Expected calibration error over the reliability bins. */
export function expectedCalibrationError(table: ReturnType<typeof reliability>): number {
  const n = table.reduce((s, b) => s + b.rows, 0);
  return n ? table.reduce((s, b) => s + (b.rows / n) * Math.abs(b.meanConfidence - b.accuracy), 0) : 0;
}

export const labelIndex = (l: SentimentLabel) => CLASSES.indexOf(l);
