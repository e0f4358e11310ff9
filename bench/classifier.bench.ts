/**
 * Sentiment classifier benchmark: quality on the shared development sets and throughput.
 * Run: `node bench/run.mjs classifier` (data from ../shared/data/sentiment, or SENTIMENT_DATA_DIR).
 *
 * Generalisation protocol: each set is split in two halves by a hash of the text. The rules were
 * developed looking only at errors of half A; half B was never inspected, so its figures are the
 * honest estimate for posts never seen. Both halves and the whole file are printed.
 *
 * The learned model (issue 14): the full `train-sentiment` protocol runs here, printing 5-fold
 * cross-validated figures of the model beside the rules on the same folds (see model/cv.ts for
 * how source weights are kept away from the held-out fold, and model/folds.ts for the hashed-feature
 * scale chosen by an inner CV inside each outer fold), then the throughput of both.
 * BENCH_SKIP_MODEL=1 prints the rules only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { classifySentiment } from '../apps/server/src/pipeline/enrich/sentiment/classifier';
import { type CvResult, score } from '../apps/server/src/pipeline/enrich/sentiment/model/cv';
import { modelReader } from '../apps/server/src/pipeline/enrich/sentiment/model/infer';
import { runTraining } from '../apps/server/src/pipeline/enrich/sentiment/model/training';
import { decodeWeights } from '../apps/server/src/pipeline/enrich/sentiment/model/weights';
import { parseCsvRecords } from '../apps/server/src/pipeline/enrich/sentiment/csv';
import { evaluate, LABELS } from '../apps/server/src/pipeline/enrich/sentiment/metrics';
import type { SentimentLabel } from '../apps/server/src/pipeline/types';
import { half } from './support/dev-halves';

const root = process.env.KOLSCOPE_ROOT ?? process.cwd();
const dataDir = process.env.SENTIMENT_DATA_DIR ?? resolve(root, '..', 'shared', 'data', 'sentiment');
const DATASETS = [
  { file: 'crypto_3class_dev.csv', target: 'macro-F1 >= 0.72' },
  { file: 'surge_reddit_bullbear_dev.csv', target: 'accuracy >= 0.85 (neutral counts wrong)' },
];

interface Row {
  text: string;
  gold: SentimentLabel;
}

function load(file: string): Row[] {
  const { header, rows } = parseCsvRecords(readFileSync(join(dataDir, file), 'utf8'));
  const t = header.indexOf('text');
  const l = header.indexOf('label');
  return rows
    .map((r) => ({ text: r[t] ?? '', gold: (r[l] ?? '').trim() as SentimentLabel }))
    .filter((r) => LABELS.includes(r.gold));
}

function line(name: string, rows: Row[]): string {
  const e = evaluate(
    rows.map((r) => r.gold),
    rows.map((r) => classifySentiment(r.text).label),
  );
  const f1 = LABELS.filter((c) => e.perClass[c].support > 0)
    .map((c) => `${c} ${e.perClass[c].f1.toFixed(3)}`)
    .join(', ');
  return `  ${name.padEnd(8)} rows ${String(e.rows).padStart(4)}  accuracy ${e.accuracy.toFixed(3)}  macro-F1 ${e.macroF1.toFixed(3)}  (F1: ${f1})`;
}

const corpus: string[] = [];
console.log(`sentiment classifier: builtin   data: ${dataDir}\n`);
for (const { file, target } of DATASETS) {
  if (!existsSync(join(dataDir, file))) {
    console.log(`${file}: not found, skipped\n`);
    continue;
  }
  const rows = load(file);
  for (const r of rows) corpus.push(r.text);
  console.log(`${file}  (target: ${target})`);
  console.log(line('whole', rows));
  console.log(
    line(
      'half A',
      rows.filter((r) => half(r.text) === 'A'),
    ),
  );
  console.log(
    line(
      'half B',
      rows.filter((r) => half(r.text) === 'B'),
    ),
  );
  console.log('');
}

// The learned model: the whole protocol, as `kolscope train-sentiment` runs it.
let model: ((text: string) => { score: number }) | null = null;
if (process.env.BENCH_SKIP_MODEL !== '1' && existsSync(join(dataDir, 'train'))) {
  console.log('learned model (kolscope train-sentiment protocol):');
  const started = Date.now();
  // The rules were developed on half A of each dev set: on half B neither side has seen the rows.
  const onCv = (dev: string, r: CvResult) => {
    const b = (r.rows ?? []).filter((x) => half(x.text) === 'B');
    const gold = b.map((x) => x.gold);
    const m = score(
      gold,
      b.map((x) => x.model),
      b.map((x) => x.modelScore),
    );
    const ru = score(
      gold,
      b.map((x) => x.rules),
      b.map((x) => x.rulesScore),
    );
    const f = (x: typeof m) =>
      `macro-F1 ${x.macroF1.toFixed(3)}  accuracy ${x.accuracy.toFixed(3)}  sign ${x.signAccuracy.toFixed(3)}`;
    console.log(`    ${dev} half B only (${b.length} rows): model ${f(m)} | rules ${f(ru)}`);
  };
  const run = runTraining({ dataDir, seed: 1, log: (l) => console.log(`  ${l}`), onCv });
  console.log(`  (protocol and training took ${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  const weights = { en: decodeWeights(run.files.en!), ...(run.files.zh ? { zh: decodeWeights(run.files.zh) } : {}) };
  model = modelReader({ manifest: run.manifest, weights });
}

// Throughput on one core: the same texts over and over, after a warm-up for the JIT.
if (corpus.length === 0) {
  corpus.push('BTC breakout confirmed, send it 🚀', 'not bullish here, support lost', '比特币暴跌，爆仓了');
}
const N = Number(process.env.BENCH_N ?? 200_000);
const chars = corpus.reduce((n, t) => n + t.length, 0) / corpus.length;
/** Five rounds of N/5 posts; the best and the median round are printed (the machine is shared). */
function throughput(name: string, fn: (text: string) => { score: number }) {
  for (let i = 0; i < 20_000; i++) fn(corpus[i % corpus.length]!);
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const per = Math.ceil(N / 5);
  const rates: number[] = [];
  let sink = 0;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < per; i++) sink += fn(corpus[(round * per + i) % corpus.length]!).score;
    rates.push(per / (Number(process.hrtime.bigint() - start) / 1e9));
  }
  globalThis.gc?.();
  const grew = (process.memoryUsage().rss - rssBefore) / 1e6;
  rates.sort((x, y) => x - y);
  const f = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `throughput ${name}: best ${f(rates[4]!)} posts/s, median ${f(rates[2]!)} on one core ` +
      `(5 rounds of ${per.toLocaleString('en-US')}; ${(1e6 / rates[4]!).toFixed(1)} µs/post at best; ` +
      `mean ${Math.round(chars)} chars; RSS change ${grew.toFixed(1)} MB; checksum ${sink.toFixed(0)})`,
  );
}
throughput('rules', classifySentiment);
if (model) throughput('model', model);
