/**
 * The learned sentiment model on a small synthetic data set written here (never the shared
 * data): features and training are deterministic, inference returns probabilities and cues,
 * and `kolscope train-sentiment` writes weights with a manifest.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../src/cli';
import { buildPoolCorpus } from '../../../src/pipeline/enrich/sentiment/model/nested';
import {
  loadData,
  normaliseKey,
  readSourceList,
  type SourceSpec,
} from '../../../src/pipeline/enrich/sentiment/model/data';
import { SCALE_GRID } from '../../../src/pipeline/enrich/sentiment/model/folds';
import { extractFeatures, FeatureBuffer, featureRows } from '../../../src/pipeline/enrich/sentiment/model/features';
import { createModelClassifier, predict } from '../../../src/pipeline/enrich/sentiment/model/infer';
import { foldScale, predictRows, train } from '../../../src/pipeline/enrich/sentiment/model/train';
import { runTraining } from '../../../src/pipeline/enrich/sentiment/model/training';
import { decodeWeights, loadWeights } from '../../../src/pipeline/enrich/sentiment/model/weights';

const COINS = ['BTC', 'ETH', 'SOL', 'DOGE'];
const WORDS = {
  bullish: ['will moon soon', 'breakout confirmed', 'pumping hard', 'loading more here', 'ripping higher'],
  bearish: ['is dumping', 'crash incoming', 'got rekt again', 'selling everything', 'looks like a scam'],
  neutral: [
    'announces an update',
    'schedule for the meeting',
    'report published today',
    'listed on an exchange',
    'wallet upgrade notes',
  ],
} as const;
const FILLERS = ['', 'fam', 'today'];
const ZH = {
  bullish: ['继续加仓', '大涨了'],
  bearish: ['暴跌了', '割肉离场'],
  neutral: ['今天开会', '公告发布'],
} as const;

function rows(offset: number): string {
  const out = ['text,label'];
  for (const [label, words] of Object.entries(WORDS))
    COINS.forEach((coin, i) => {
      for (const w of words) out.push(`$${coin} ${w} ${FILLERS[(i + offset) % FILLERS.length]} ${offset},${label}`);
    });
  return `${out.join('\n')}\n`;
}
function zhRows(): string {
  const out = ['text,label'];
  for (const [label, words] of Object.entries(ZH))
    for (const w of words) for (let i = 0; i < 10; i++) out.push(`股票${i}${w},${label}`);
  return `${out.join('\n')}\n`;
}

const dir = mkdtempSync(join(tmpdir(), 'kolscope-model-'));
mkdirSync(join(dir, 'train'));
writeFileSync(join(dir, 'train', 'crypto_cryptolin_news_handlabeled.csv'), rows(1));
writeFileSync(join(dir, 'train', 'stocktwits_microcap_handlabeled.csv'), rows(2));
writeFileSync(join(dir, 'train', 'zh_finfe_guba_posts.csv'), zhRows());
// A dev row that is also in training (same key after normalising) must be dropped from training.
const dev = rows(3).replace('text,label\n', `text,label\n"$BTC will moon soon fam 1!",bullish\n`);
writeFileSync(join(dir, 'crypto_3class_dev.csv'), dev);
writeFileSync(join(dir, 'surge_reddit_bullbear_dev.csv'), rows(4).replace(/^.*,neutral\n/gm, ''));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SOURCES: SourceSpec[] = [
  { file: 'crypto_cryptolin_news_handlabeled.csv', lang: 'en', group: 'a', twoClass: false, crypto: true },
  { file: 'stocktwits_microcap_handlabeled.csv', lang: 'en', group: 'b', twoClass: false, crypto: false },
  { file: 'zh_finfe_guba_posts.csv', lang: 'zh', group: 'zh', twoClass: false, crypto: true },
];
// The data's own notes name the files (readSourceList): the CLI run below reads them from here.
writeFileSync(
  join(dir, 'train', 'SOURCE.md'),
  [
    '# Training data',
    '### `crypto_cryptolin_news_handlabeled.csv` — 60 rows — second pass, crypto domain',
    'text',
    '### `stocktwits_microcap_handlabeled.csv` — 60 rows',
    '### `zh_finfe_guba_posts.csv` — 60 rows — Chinese, crypto domain',
    '### `missing.csv` — listed but absent',
    '',
  ].join('\n'),
);
const FEATURES = { bits: 12, charMin: 3, charMax: 5 };

describe('sentiment model data', () => {
  it('reads the training files from SOURCE.md: language by name, crypto pool by heading', () => {
    expect(readSourceList(dir)).toEqual([
      ...SOURCES.map((x) => ({ ...x, group: x.file.replace('.csv', '') })),
      { file: 'missing.csv', lang: 'en', group: 'missing', twoClass: false, crypto: false },
    ]);
    const data = loadData(dir);
    expect(data.counts.map((c) => [c.file, c.kept > 0])).toEqual([
      ['crypto_cryptolin_news_handlabeled.csv', true],
      ['stocktwits_microcap_handlabeled.csv', true],
      ['zh_finfe_guba_posts.csv', true],
      ['missing.csv', false],
    ]);
    expect(data.train.en.filter((e) => e.crypto).length).toBeGreaterThan(0);
    expect(data.train.en.find((e) => !e.crypto)?.group).toBe('stocktwits_microcap_handlabeled');
  });

  it('normalises like the data notes and keeps dev rows out of training', () => {
    expect(normaliseKey('  $BTC Will MOON!! https://x.co/a @bob ')).toBe('will moon');
    const data = loadData(dir, SOURCES);
    const devKeys = new Set(data.dev.crypto_3class_dev.map((e) => normaliseKey(e.text)));
    expect(data.train.en.some((e) => devKeys.has(normaliseKey(e.text)))).toBe(false);
    // '$BTC … fam 1' and '$DOGE … fam 1' share the key: cashtags are not part of it.
    expect(data.counts[0]!.dropped.dev).toBe(2);
    expect(data.train.zh.length).toBe(60);
  });
});

describe('features', () => {
  it('are deterministic and independent of the buffer', () => {
    const text = 'Rate cuts plus a weak dollar, $SOL will fly 🚀 https://x.co 比特币暴涨';
    const a = new FeatureBuffer();
    const b = new FeatureBuffer();
    const n = extractFeatures(text, FEATURES, a);
    extractFeatures('something else entirely', FEATURES, b);
    expect(extractFeatures(text, FEATURES, b)).toBe(n);
    expect(Array.from(b.idx.subarray(0, n))).toEqual(Array.from(a.idx.subarray(0, n)));
    expect(Array.from(b.val.subarray(0, n))).toEqual(Array.from(a.val.subarray(0, n)));
    expect(n).toBeGreaterThan(30);
    for (let i = 0; i < n; i++) expect(a.idx[i]).toBeLessThan(featureRows(FEATURES));
  });
});

describe('training and inference', () => {
  const opts = { dataDir: dir, seed: 7, sources: SOURCES, features: FEATURES };
  const run = runTraining(opts);

  it('is deterministic for a seed', () => {
    expect(runTraining({ ...opts, skipCv: true }).manifest.sha256).toBe(run.manifest.sha256);
    expect(runTraining({ ...opts, seed: 8, skipCv: true }).manifest.sha256).not.toBe(run.manifest.sha256);
    expect(run.manifest.models.en?.rows).toBe(featureRows(FEATURES));
    expect(Object.keys(run.manifest.figures as object)).toEqual(['en', 'zh']);
  });

  it('chooses weights, scale, calibration and call threshold inside each outer fold, and for the shipped model', () => {
    const figures = run.manifest.figures as Record<
      string,
      {
        choices: { scale: number; callThreshold: number; opinionThreshold: number; weights: Record<string, number> }[];
        bySource: object;
      }
    >;
    expect(figures.en!.choices).toHaveLength(5);
    for (const c of figures.en!.choices) {
      expect(SCALE_GRID).toContain(c.scale);
      expect(c.callThreshold).toBeGreaterThanOrEqual(0.34);
      expect(c.callThreshold).toBeLessThanOrEqual(0.99);
      expect(c.opinionThreshold).toBeGreaterThanOrEqual(0.3);
      expect(c.opinionThreshold).toBeLessThanOrEqual(0.7);
      expect(Object.keys(c.weights)).toEqual(['a', 'b']);
    }
    // Every pool source has figures: the crypto training file and both dev sets.
    expect(Object.keys(figures.en!.bySource).sort()).toEqual([
      'crypto_3class_dev',
      'crypto_cryptolin_news_handlabeled.csv',
      'surge_reddit_bullbear_dev',
    ]);
    expect(SCALE_GRID).toContain(run.manifest.train.hashedScale);
    expect(run.manifest.calibration?.en?.a).toBeGreaterThan(0);
  });

  it('folds the scale into the weights, so inference reads unscaled features', () => {
    const c = buildPoolCorpus(loadData(dir, SOURCES), 'en', FEATURES);
    const o = { dim: featureRows(FEATURES), epochs: 2, lr: 0.3, l2: 1e-3, seed: 1 };
    const all = Int32Array.from({ length: c.m.n }, (_, i) => i);
    const weight = new Float32Array(c.m.n).fill(1);
    const raw = train(c.scaled(0.25), all, weight, o);
    expect(raw).not.toEqual(train(c.m, all, weight, o));
    const rows = Int32Array.from([0, 7, 30, c.m.n - 1]);
    const want = predictRows(raw, c.scaled(0.25), rows);
    const got = predictRows(foldScale(Float32Array.from(raw), 0.25), c.m, rows);
    for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i]!, 5);
  });

  it('predicts probabilities that sum to 1, a signed score and cues', async () => {
    const weights = { en: decodeWeights(run.files.en!), zh: decodeWeights(run.files.zh!) };
    const model = { cfg: FEATURES, w: weights.en, version: 'test' };
    const r = predict(model, '$ETH breakout confirmed, loading more here');
    expect(r.label).toBe('bullish');
    const p = r.probs!;
    expect(p.bullish + p.neutral + p.bearish).toBeCloseTo(1, 6);
    expect(r.score).toBeCloseTo(p.bullish - p.bearish, 3);
    // Calibrated: the confidence is the label's probability; a sure polar reading is a call.
    expect(r.confidence).toBeCloseTo(p.bullish, 3);
    expect(r.call).toBe(p.bullish >= (run.manifest.calibration?.en?.callThreshold ?? 2) ? 'bullish' : null);
    expect(r.cues.length).toBeGreaterThan(0);
    expect(r.cues.join(' ')).toMatch(/breakout|loading|confirmed/);
    // A user reads words: no link inside a word pair, no filler word as a reason.
    const linked = predict(model, '$SOL will moon soon https://x.co/abc');
    expect(linked.cues.join(' ')).not.toMatch(/https?:/);
    expect(linked.cues).not.toContain('will');
    const classifier = createModelClassifier({ manifest: run.manifest, weights });
    // Weights made for other features are refused, not read wrong.
    expect(() =>
      createModelClassifier({ manifest: { ...run.manifest, features: { ...FEATURES, bits: 11 } }, weights }),
    ).toThrow(/rows/);
    const [en, zh] = await classifier.classify(['$SOL crash incoming, selling everything', '股票3暴跌了']);
    expect(en).toMatchObject({ label: 'bearish', model: `en-${run.manifest.version}` });
    expect(zh).toMatchObject({ label: 'bearish', model: `zh-${run.manifest.version}` });
    expect(zh!.cues.length).toBeGreaterThan(0);
    // Cues do not repeat each other: no cue is a part of another.
    for (const c of en!.cues) expect(en!.cues.filter((d) => d !== c && d.includes(c))).toEqual([]);
  });
});

describe('kolscope train-sentiment', () => {
  it('writes weights and a manifest from SENTIMENT_DATA_DIR', async () => {
    const out = join(dir, 'out');
    const saved = process.env.SENTIMENT_DATA_DIR;
    process.env.SENTIMENT_DATA_DIR = dir;
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...a) => void lines.push(a.join(' ')));
    try {
      await main(['train-sentiment', '--seed', '3', '--out', out]);
    } finally {
      log.mockRestore();
      if (saved === undefined) delete process.env.SENTIMENT_DATA_DIR;
      else process.env.SENTIMENT_DATA_DIR = saved;
    }
    const text = lines.join('\n');
    expect(text).toMatch(/crypto_cryptolin_news_handlabeled\.csv .* kept/);
    expect(text).toMatch(/crypto_3class_dev +rows +\d+ +macro-F1 \d/);
    expect(text).toMatch(/calls, 3-class rows +calls \d+/);
    expect(text).toMatch(/reliability \(3-class rows; ECE/);
    expect(text).toMatch(/without stocktwits_microcap_handlabeled +macro-F1/);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(text).toContain(`weights sha256 ${manifest.sha256}`);
    expect(manifest.seed).toBe(3);
    expect(Object.keys(manifest.data)).toContain('train/crypto_cryptolin_news_handlabeled.csv');
    expect(loadWeights(out)?.weights.en?.length).toBe(3 * featureRows(manifest.features));
  });
});
