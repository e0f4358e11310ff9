/**
 * Folds and the grid of the hashed-feature scale (train.ts scaleHashed), which nested.ts chooses
 * on inner folds. Checked by hand earlier (5-fold CV on crypto_3class_dev, no nesting, so only a
 * guide): dev weight 5/10/20/40, l2 1e-3/1e-4, 3 or 6 epochs, 2^18 rows, char 2-5-grams: none
 * moved macro-F1 by more than 0.01. The hashed scale moved it by 0.05.
 */
import type { SentimentLabel } from '../../../types';
import { CLASSES, type Matrix, rng, scaleHashed, shuffle } from './train';

/** Largest first: on a tie the lighter hold on the hashed features wins. */
export const SCALE_GRID = [1, 0.5, 0.25, 0.1] as const;

/** Stratified fold of each row (0..k-1): a seeded shuffle within each label, dealt round robin. */
export function assignFolds(labels: readonly SentimentLabel[], k: number, seed: number): Uint8Array {
  const fold = new Uint8Array(labels.length);
  const next = rng(seed ^ 0x5eed);
  for (const label of CLASSES) {
    const rows = Int32Array.from(labels.flatMap((l, i) => (l === label ? [i] : [])));
    shuffle(rows, next);
    rows.forEach((r, j) => {
      fold[r] = j % k;
    });
  }
  return fold;
}

/** Scaled copies of one matrix, each made once (the values array only; indices are shared). */
export type Scaled = (s: number) => Matrix;
export function scaledMatrices(m: Matrix): Scaled {
  const cache = new Map<number, Matrix>();
  return (s) => {
    let hit = cache.get(s);
    if (!hit) {
      hit = scaleHashed(m, s);
      cache.set(s, hit);
    }
    return hit;
  };
}
