import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../src/pipeline/enrich/sentiment/metrics';
import type { SentimentLabel } from '../../../src/pipeline/types';

const B: SentimentLabel = 'bullish';
const N: SentimentLabel = 'neutral';
const R: SentimentLabel = 'bearish';

describe('evaluate', () => {
  it('scores a perfect prediction as 1', () => {
    const e = evaluate([B, N, R], [B, N, R]);
    expect(e).toMatchObject({ rows: 3, accuracy: 1, macroF1: 1, classes: [B, N, R] });
  });

  it('computes precision, recall and F1 per class on a hand-checked example', () => {
    // gold:      B B B N N R
    // predicted: B B N N B R
    const e = evaluate([B, B, B, N, N, R], [B, B, N, N, B, R]);
    expect(e.accuracy).toBeCloseTo(4 / 6);
    // bullish: tp 2, predicted 3, gold 3 → p = r = 2/3
    expect(e.perClass.bullish).toMatchObject({ support: 3 });
    expect(e.perClass.bullish.precision).toBeCloseTo(2 / 3);
    expect(e.perClass.bullish.recall).toBeCloseTo(2 / 3);
    // neutral: tp 1, predicted 2, gold 2 → p = r = 1/2
    expect(e.perClass.neutral.f1).toBeCloseTo(0.5);
    expect(e.perClass.bearish.f1).toBe(1);
    expect(e.macroF1).toBeCloseTo((2 / 3 + 0.5 + 1) / 3);
    expect(e.confusion.bullish).toEqual({ bullish: 2, neutral: 1, bearish: 0 });
    expect(e.confusion.neutral).toEqual({ bullish: 1, neutral: 1, bearish: 0 });
  });

  it('on a binary gold set a neutral prediction is a miss, not a third class', () => {
    const e = evaluate([B, B, R, R], [B, N, R, N]);
    expect(e.classes).toEqual([B, R]);
    expect(e.accuracy).toBe(0.5);
    // bullish and bearish: precision 1, recall 1/2 → F1 2/3 each.
    expect(e.macroF1).toBeCloseTo(2 / 3);
    expect(e.perClass.neutral).toMatchObject({ support: 0, precision: 0, f1: 0 });
  });

  it('accepts the classes explicitly and handles empty input', () => {
    expect(evaluate([B, B], [B, R], [B, N, R]).classes).toEqual([B, N, R]);
    expect(evaluate([], [])).toMatchObject({ rows: 0, accuracy: 0, macroF1: 0 });
  });

  it('refuses lists of different lengths', () => {
    expect(() => evaluate([B], [])).toThrow(/1 gold labels but 0 predictions/);
  });
});
