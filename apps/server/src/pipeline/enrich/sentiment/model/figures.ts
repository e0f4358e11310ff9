/**
 * The figures of one nested cross-validation (nested.ts), per pool source and over all of it:
 * what `kolscope train-sentiment` prints and the manifest and bench/classifier keep. Every row
 * here was read by a model that never trained on it, with choices made without it.
 */
import type { SentimentLabel } from '../../../types';
import { classifySentiment } from '../classifier';
import { evaluate } from '../metrics';
import { type CallFigures, callFigures, expectedCalibrationError, reliability, stagedLabel } from './calibration';
import type { OuterResult, PoolCorpus } from './nested';
import { C, CLASSES } from './train';

export interface Scores {
  rows: number;
  /** Over bullish, neutral and bearish for a 3-class source; bullish and bearish for a two-class one. */
  macroF1: number;
  accuracy: number;
  /** Share of gold bullish/bearish rows whose score (P bullish - P bearish) has the right sign. */
  signAccuracy: number;
  /** Share of rows read bullish, and the share that are. */
  bullishShare: { predicted: number; gold: number };
}

export interface PoolFigures {
  /** All 3-class pool rows together (crypto posts and headlines with a neutral class). */
  all: Scores;
  rules: Scores;
  bySource: Record<string, Scores & { rules: Scores }>;
  /** Calls on the 3-class rows (precision: gold = call), and on the two-class rows. */
  calls: CallFigures;
  callsTwoClass: CallFigures;
  reliability: ReturnType<typeof reliability>;
  ece: number;
  /** Each outer fold's choices. */
  choices: {
    weights: Record<string, number>;
    scale: number;
    a: number;
    bias: number[];
    opinionThreshold?: number;
    callThreshold: number;
  }[];
}

function scores(gold: readonly SentimentLabel[], pred: readonly SentimentLabel[], score: readonly number[]): Scores {
  const twoClass = !gold.includes('neutral');
  const e = evaluate(gold, pred, twoClass ? ['bullish', 'bearish'] : CLASSES);
  let polar = 0;
  let right = 0;
  gold.forEach((g, i) => {
    if (g === 'neutral') return;
    polar++;
    if ((g === 'bullish' && score[i]! > 0) || (g === 'bearish' && score[i]! < 0)) right++;
  });
  const share = (l: readonly SentimentLabel[]) => (l.length ? l.filter((x) => x === 'bullish').length / l.length : 0);
  return {
    rows: gold.length,
    macroF1: e.macroF1,
    accuracy: e.accuracy,
    signAccuracy: polar ? right / polar : 0,
    bullishShare: { predicted: share(pred), gold: share(gold) },
  };
}

export function poolFigures(c: PoolCorpus, r: OuterResult): PoolFigures {
  const { rows } = r.readings;
  const q = r.calibrated;
  const gold = Array.from(rows, (row) => CLASSES[c.m.y[row]!]!);
  const op = (i: number) => {
    const t = r.opinionThresholds[i]!;
    return Number.isNaN(t) ? undefined : t;
  };
  const pred = gold.map((_, i) => stagedLabel(q, i, op(i)));
  const score = gold.map((_, i) => q[i * C]! - q[i * C + 2]!);
  const rule = Array.from(rows, (row) => classifySentiment(c.examples[row]!.text));
  const pick = (keep: (i: number) => boolean) => {
    const idx = gold.map((_, i) => i).filter(keep);
    return {
      model: scores(
        idx.map((i) => gold[i]!),
        idx.map((i) => pred[i]!),
        idx.map((i) => score[i]!),
      ),
      rules: scores(
        idx.map((i) => gold[i]!),
        idx.map((i) => rule[i]!.label),
        idx.map((i) => rule[i]!.score),
      ),
    };
  };
  const three = (i: number) => !c.examples[rows[i]!]!.twoClass;
  const bySource: PoolFigures['bySource'] = {};
  for (const source of [...new Set(Array.from(rows, (row) => c.examples[row]!.source))]) {
    const s = pick((i) => c.examples[rows[i]!]!.source === source);
    bySource[source] = { ...s.model, rules: s.rules };
  }
  const all = pick(three);
  const subset = (keep: (i: number) => boolean) => {
    const idx = gold.map((_, i) => i).filter(keep);
    const sub = new Float64Array(idx.length * C);
    idx.forEach((i, j) => {
      sub.set(q.subarray(i * C, i * C + C), j * C);
    });
    return {
      q: sub,
      gold: idx.map((i) => c.m.y[rows[i]!]!),
      thresholds: idx.map((i) => r.thresholds[i]!),
      opinions: idx.map((i) => r.opinionThresholds[i]!),
    };
  };
  const t3 = subset(three);
  const t2 = subset((i) => !three(i));
  const table = reliability(t3.q, t3.gold, t3.opinions);
  return {
    all: all.model,
    rules: all.rules,
    bySource,
    calls: callFigures(t3.q, t3.gold, t3.thresholds, t3.opinions),
    callsTwoClass: callFigures(t2.q, t2.gold, t2.thresholds, t2.opinions),
    reliability: table,
    ece: expectedCalibrationError(table),
    choices: r.choices.map((ch) => ({
      weights: ch.weights,
      scale: ch.scale,
      a: ch.calibration.a,
      bias: ch.calibration.bias,
      ...(ch.calibration.opinionThreshold === undefined ? {} : { opinionThreshold: ch.calibration.opinionThreshold }),
      callThreshold: ch.calibration.callThreshold,
    })),
  };
}

const f3 = (x: number) => x.toFixed(3);

/** The lines `train-sentiment` and the bench print. */
export function figureLines(lang: string, f: PoolFigures): string[] {
  const line = (name: string, s: Scores, rules?: Scores) =>
    `  ${name.padEnd(44)} rows ${String(s.rows).padStart(5)}  macro-F1 ${f3(s.macroF1)}  accuracy ${f3(s.accuracy)}  sign ${f3(s.signAccuracy)}  bullish ${f3(s.bullishShare.predicted)} (true ${f3(s.bullishShare.gold)})${rules ? `  | rules macro-F1 ${f3(rules.macroF1)} sign ${f3(rules.signAccuracy)}` : ''}`;
  const out = [`${lang}: nested 5-fold CV over the crypto pool (every row read by a model that never trained on it)`];
  out.push(line('all 3-class pool rows', f.all, f.rules));
  for (const [source, s] of Object.entries(f.bySource)) out.push(line(source, s, s.rules));
  const calls = (name: string, c: CallFigures) =>
    `  ${name.padEnd(44)} calls ${c.calls}  right ${f3(c.precision)}  direction right ${f3(c.directionRight)}  bullish/bearish rows called ${f3(c.coverage)}`;
  out.push(calls('calls, 3-class rows', f.calls));
  if (f.callsTwoClass.calls) out.push(calls('calls, bull/bear-only rows', f.callsTwoClass));
  out.push(`  call threshold per fold: ${f.choices.map((c) => c.callThreshold).join(', ')}`);
  out.push(`  opinion when P(neutral) is below, per fold: ${f.choices.map((c) => c.opinionThreshold).join(', ')}`);
  out.push(`  reliability (3-class rows; ECE ${f3(f.ece)}):`);
  for (const b of f.reliability) {
    if (b.rows)
      out.push(
        `    confidence ${b.from.toFixed(2)}-${b.to.toFixed(2)}  rows ${String(b.rows).padStart(5)}  mean ${f3(b.meanConfidence)}  right ${f3(b.accuracy)}`,
      );
  }
  return out;
}
