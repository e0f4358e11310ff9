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
import { loadData, normaliseKey, type SourceSpec } from '../../../src/pipeline/enrich/sentiment/model/data';
import { extractFeatures, FeatureBuffer, featureRows } from '../../../src/pipeline/enrich/sentiment/model/features';
import { createModelClassifier, predict } from '../../../src/pipeline/enrich/sentiment/model/infer';
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
  { file: 'crypto_cryptolin_news_handlabeled.csv', lang: 'en', group: 'a', twoClass: false },
  { file: 'stocktwits_microcap_handlabeled.csv', lang: 'en', group: 'b', twoClass: false },
  { file: 'zh_finfe_guba_posts.csv', lang: 'zh', group: 'zh', twoClass: false },
];
const FEATURES = { bits: 12, charMin: 3, charMax: 5 };

describe('sentiment model data', () => {
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
    expect(Object.keys(run.manifest.figures as object)).toEqual(
      expect.arrayContaining(['crypto_3class_dev', 'surge_reddit_bullbear_dev', 'zh_finfe_guba_posts']),
    );
  });

  it('predicts probabilities that sum to 1, a signed score and cues', async () => {
    const weights = { en: decodeWeights(run.files.en!), zh: decodeWeights(run.files.zh!) };
    const model = { cfg: FEATURES, w: weights.en, version: 'test' };
    const r = predict(model, '$ETH breakout confirmed, loading more here');
    expect(r.label).toBe('bullish');
    const p = r.probs!;
    expect(p.bullish + p.neutral + p.bearish).toBeCloseTo(1, 6);
    expect(r.score).toBeCloseTo(p.bullish - p.bearish, 3);
    expect(r.cues.length).toBeGreaterThan(0);
    expect(r.cues.join(' ')).toMatch(/breakout|loading|confirmed/);
    const classifier = createModelClassifier({ manifest: run.manifest, weights });
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
    expect(text).toMatch(/crypto_3class_dev .*model macro-F1 \d/);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(text).toContain(`weights sha256 ${manifest.sha256}`);
    expect(manifest.seed).toBe(3);
    expect(Object.keys(manifest.data)).toContain('train/crypto_cryptolin_news_handlabeled.csv');
    expect(loadWeights(out)?.weights.en?.length).toBe(3 * featureRows(manifest.features));
  });
});
