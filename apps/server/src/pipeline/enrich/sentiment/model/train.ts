/**
 * Multinomial logistic regression on the hashed features, trained with AdaGrad and L2 (applied
 * to the rows an example touches). Deterministic for a seed: the only randomness is the seeded
 * shuffle of each epoch, and the arithmetic order is fixed. Features are extracted once into a
 * CSR matrix, so many trainings (folds, source-weight search) reuse them.
 */
import type { SentimentLabel } from '../../../types';
import type { Example } from './data';
import { DENSE, type FeatureConfig, FeatureBuffer, extractFeatures } from './features';

/** Class order of every weight row and probability vector. */
export const CLASSES: readonly SentimentLabel[] = ['bullish', 'neutral', 'bearish'];
export const C = 3;
const NEUTRAL = 1;

export interface Matrix {
  n: number;
  ptr: Int32Array;
  idx: Int32Array;
  val: Float32Array;
  y: Uint8Array;
  twoClass: Uint8Array;
}

export function buildMatrix(examples: readonly Example[], cfg: FeatureConfig): Matrix {
  const buf = new FeatureBuffer();
  const ptr = new Int32Array(examples.length + 1);
  let idx = new Int32Array(examples.length * 64);
  let val = new Float32Array(examples.length * 64);
  let nnz = 0;
  const y = new Uint8Array(examples.length);
  const twoClass = new Uint8Array(examples.length);
  examples.forEach((ex, i) => {
    const n = extractFeatures(ex.text, cfg, buf);
    if (nnz + n > idx.length) {
      const grow = Math.max(idx.length * 2, nnz + n);
      const i2 = new Int32Array(grow);
      i2.set(idx);
      idx = i2;
      const v2 = new Float32Array(grow);
      v2.set(val);
      val = v2;
    }
    idx.set(buf.idx.subarray(0, n), nnz);
    val.set(buf.val.subarray(0, n), nnz);
    nnz += n;
    ptr[i + 1] = nnz;
    y[i] = CLASSES.indexOf(ex.label);
    twoClass[i] = ex.twoClass ? 1 : 0;
  });
  return { n: examples.length, ptr, idx: idx.slice(0, nnz), val: val.slice(0, nnz), y, twoClass };
}

/**
 * The same rows with every hashed feature value times `s` (dense rule features unchanged). With
 * AdaGrad a smaller value is a smaller step for those weights: the 2^16 hashed rows, each seen by
 * a handful of posts, are held back while the 16 rule features, seen by every post, learn freely.
 */
export function scaleHashed(m: Matrix, s: number): Matrix {
  if (s === 1) return m;
  const val = Float32Array.from(m.val, (v, i) => (m.idx[i]! >= DENSE ? v * s : v));
  return { ...m, val };
}

/** Weights trained on scaleHashed(m, s) as weights for unscaled features (what inference extracts). */
export function foldScale(w: Float32Array, s: number): Float32Array {
  if (s !== 1) for (let i = DENSE * C; i < w.length; i++) w[i] = w[i]! * s;
  return w;
}

export interface TrainOptions {
  dim: number;
  epochs: number;
  lr: number;
  l2: number;
  seed: number;
}

/** mulberry32: a small seeded generator, enough for shuffling. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle(a: Int32Array, next: () => number): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}

/** Softmax of the three logits of row r into `out`; two-class rows leave neutral out. */
function probs(w: Float64Array | Float32Array, m: Matrix, r: number, out: Float64Array, twoClass: boolean): void {
  let z0 = 0;
  let z1 = 0;
  let z2 = 0;
  for (let p = m.ptr[r]!; p < m.ptr[r + 1]!; p++) {
    const b = m.idx[p]! * C;
    const v = m.val[p]!;
    z0 += w[b]! * v;
    z1 += w[b + 1]! * v;
    z2 += w[b + 2]! * v;
  }
  if (twoClass) z1 = Number.NEGATIVE_INFINITY;
  const mx = Math.max(z0, z1, z2);
  const e0 = Math.exp(z0 - mx);
  const e1 = Math.exp(z1 - mx);
  const e2 = Math.exp(z2 - mx);
  const s = e0 + e1 + e2;
  out[0] = e0 / s;
  out[1] = e1 / s;
  out[2] = e2 / s;
}

/**
 * Trains on the rows `rows` of `m` with per-row weights `weight` (0 skips a row). Returns the
 * weights as Float32 rows of three (bullish, neutral, bearish) per feature.
 */
export function train(m: Matrix, rows: Int32Array, weight: Float32Array, o: TrainOptions): Float32Array {
  const w = new Float64Array(o.dim * C);
  const g2 = new Float64Array(o.dim * C);
  const order = Int32Array.from(rows).filter((r) => weight[r]! > 0);
  const next = rng(o.seed);
  const p = new Float64Array(C);
  const grad = new Float64Array(C);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    shuffle(order, next);
    for (const r of order) {
      const two = m.twoClass[r] === 1;
      probs(w, m, r, p, two);
      const y = m.y[r]!;
      const wt = weight[r]!;
      for (let c = 0; c < C; c++) grad[c] = (p[c]! - (c === y ? 1 : 0)) * wt;
      for (let q = m.ptr[r]!; q < m.ptr[r + 1]!; q++) {
        const b = m.idx[q]! * C;
        const v = m.val[q]!;
        for (let c = 0; c < C; c++) {
          if (two && c === NEUTRAL) continue;
          const k = b + c;
          const g = grad[c]! * v + o.l2 * w[k]!;
          g2[k] = g2[k]! + g * g;
          w[k] = w[k]! - (o.lr * g) / Math.sqrt(g2[k]! + 1e-8);
        }
      }
    }
  }
  return Float32Array.from(w);
}

/** Probabilities for every row in `rows` (n × 3, class order CLASSES). */
export function predictRows(w: Float32Array, m: Matrix, rows: Int32Array): Float64Array {
  const out = new Float64Array(rows.length * C);
  const p = new Float64Array(C);
  rows.forEach((r, i) => {
    probs(w, m, r, p, false);
    out.set(p, i * C);
  });
  return out;
}

/** Arg-max label of a probability vector at offset i*3. */
export function argmax(p: Float64Array | Float32Array, i = 0): SentimentLabel {
  const a = p[i * C]!;
  const b = p[i * C + 1]!;
  const c = p[i * C + 2]!;
  return a >= b && a >= c ? 'bullish' : c > b ? 'bearish' : 'neutral';
}
