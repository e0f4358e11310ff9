/**
 * Calibration and calls (model/calibration.ts) on synthetic readings whose truth is known: the
 * fit recovers an over-confident model's temperature, the threshold is the lowest that holds the
 * precision, and the reliability table says what the rows say.
 */
import { describe, expect, it } from 'vitest';
import {
  calibrateAll,
  callFigures,
  callOf,
  chooseCallThreshold,
  expectedCalibrationError,
  fitCalibration,
  reliability,
  stagedLabel,
} from '../../../src/pipeline/enrich/sentiment/model/calibration';
import { rng } from '../../../src/pipeline/enrich/sentiment/model/train';

/**
 * Rows whose true class probabilities are softmax(z) and whose gold is drawn from them; the
 * "model" reports softmax(2z): right in its ranking, twice as sure as it should be.
 */
function overConfident(n: number, seed: number) {
  const next = rng(seed);
  const p = new Float64Array(n * 3);
  const gold: number[] = [];
  for (let i = 0; i < n; i++) {
    const z = [next() * 4 - 2, 0, next() * 4 - 2];
    const soft = (k: number) => {
      const e = z.map((v) => Math.exp(k * v));
      const s = e[0]! + e[1]! + e[2]!;
      return e.map((v) => v / s);
    };
    const truth = soft(1);
    const u = next();
    gold.push(u < truth[0]! ? 0 : u < truth[0]! + truth[1]! ? 1 : 2);
    p.set(soft(2), i * 3);
  }
  return { p, gold };
}

describe('calibration', () => {
  const { p, gold } = overConfident(6000, 3);

  it('fits the temperature of an over-confident model, and then its confidence is right', () => {
    const fit = fitCalibration(p, gold);
    expect(fit.a).toBeGreaterThan(0.4);
    expect(fit.a).toBeLessThan(0.6);
    const before = expectedCalibrationError(reliability(p, gold));
    const after = expectedCalibrationError(reliability(calibrateAll(p, { ...fit, callThreshold: 0 }), gold));
    expect(before).toBeGreaterThan(0.05);
    expect(after).toBeLessThan(0.03);
  });

  it('weighs rows as told: a row of weight 0 changes nothing', () => {
    const padded = new Float64Array(p.length + 3);
    padded.set(p);
    padded.set([0.98, 0.01, 0.01], p.length);
    const weights = Float64Array.from({ length: gold.length + 1 }, (_, i) => (i < gold.length ? 1 : 0));
    const a = fitCalibration(p, gold);
    const b = fitCalibration(padded, [...gold, 2], weights);
    expect(b.a).toBeCloseTo(a.a, 6);
  });

  it('chooses the lowest threshold whose calls hold the direction, and calls only polar labels', () => {
    const q = calibrateAll(p, { ...fitCalibration(p, gold), callThreshold: 0 });
    const t = chooseCallThreshold(q, gold, 0.9);
    const at = callFigures(q, gold, t);
    expect(at.directionRight).toBeGreaterThanOrEqual(0.9);
    expect(at.calls).toBeGreaterThanOrEqual(20);
    if (t > 0.34) expect(callFigures(q, gold, t - 0.01).directionRight).toBeLessThan(0.9);
    // A higher threshold calls fewer rows.
    expect(callFigures(q, gold, Math.min(0.99, t + 0.1)).calls).toBeLessThan(at.calls);
    expect(callOf([0.2, 0.7, 0.1], 0, 0)).toBeNull();
    expect(callOf([0.6, 0.3, 0.1], 0, 0.6)).toBe('bullish');
    expect(callOf([0.6, 0.3, 0.1], 0, 0.61)).toBeNull();
    expect(callOf([0.1, 0.2, 0.7], 0, 0.5)).toBe('bearish');
  });

  it('reads opinion or not first, then direction', () => {
    // P(neutral) 0.4 is below a 0.45 cut: an opinion, bearish over bullish, though neutral is largest.
    expect(stagedLabel([0.25, 0.4, 0.35], 0, 0.45)).toBe('bearish');
    expect(stagedLabel([0.25, 0.4, 0.35], 0, 0.4)).toBe('neutral');
    expect(stagedLabel([0.25, 0.4, 0.35], 0)).toBe('neutral');
    expect(callOf([0.25, 0.4, 0.35], 0, 0.3, 0.45)).toBe('bearish');
    expect(callOf([0.25, 0.4, 0.35], 0, 0.36, 0.45)).toBeNull();
  });

  it('answers 0.99 when no threshold holds the precision', () => {
    // Every reading bullish at 0.6, half of them wrong.
    const q = Float64Array.from({ length: 300 }, (_, i) => [0.6, 0.2, 0.2][i % 3]!);
    expect(
      chooseCallThreshold(
        q,
        [0, 2].flatMap((g) => Array(50).fill(g)),
      ),
    ).toBe(0.99);
  });
});
