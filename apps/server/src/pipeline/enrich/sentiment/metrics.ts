/**
 * Classification metrics for sentiment evaluation.
 *
 * Macro-F1 is the unweighted mean of per-class F1 over the task's classes, which are the labels
 * present in the gold data unless given: all three on a 3-class set, bullish and bearish on a
 * binary set. A 'neutral' prediction on a binary set is then simply a miss (it lowers the recall
 * of the true class and the accuracy) instead of adding a third class with an F1 of 0.
 */
import type { SentimentLabel } from '../../types';

export const LABELS: readonly SentimentLabel[] = ['bullish', 'neutral', 'bearish'];

export interface ClassMetrics {
  precision: number;
  recall: number;
  f1: number;
  /** Gold rows of this class. */
  support: number;
}

export interface Evaluation {
  rows: number;
  accuracy: number;
  macroF1: number;
  /** The classes macro-F1 averages over. */
  classes: SentimentLabel[];
  perClass: Record<SentimentLabel, ClassMetrics>;
  /** confusion[gold][predicted] = count. */
  confusion: Record<SentimentLabel, Record<SentimentLabel, number>>;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function evaluate(
  gold: readonly SentimentLabel[],
  predicted: readonly SentimentLabel[],
  classes?: readonly SentimentLabel[],
): Evaluation {
  if (gold.length !== predicted.length) {
    throw new Error(`evaluate: ${gold.length} gold labels but ${predicted.length} predictions`);
  }
  const zeroRow = () => ({ bullish: 0, neutral: 0, bearish: 0 });
  const confusion = { bullish: zeroRow(), neutral: zeroRow(), bearish: zeroRow() };
  let correct = 0;
  for (let i = 0; i < gold.length; i++) {
    const g = gold[i]!;
    const p = predicted[i]!;
    confusion[g][p]++;
    if (g === p) correct++;
  }
  const perClass = {} as Record<SentimentLabel, ClassMetrics>;
  for (const c of LABELS) {
    const tp = confusion[c][c];
    const support = LABELS.reduce((n, p) => n + confusion[c][p], 0);
    const predictedAs = LABELS.reduce((n, g) => n + confusion[g][c], 0);
    const precision = ratio(tp, predictedAs);
    const recall = ratio(tp, support);
    perClass[c] = { precision, recall, f1: ratio(2 * precision * recall, precision + recall), support };
  }
  const used = classes ? [...classes] : LABELS.filter((c) => perClass[c].support > 0);
  const macroF1 = ratio(
    used.reduce((s, c) => s + perClass[c].f1, 0),
    used.length,
  );
  return { rows: gold.length, accuracy: ratio(correct, gold.length), macroF1, classes: used, perClass, confusion };
}
