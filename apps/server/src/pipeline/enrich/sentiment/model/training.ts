/**
 * `kolscope train-sentiment`: reads the data, runs the cross-validation protocol (cv.ts), trains
 * the shipped English and Chinese models and writes them with a manifest. Deterministic for a
 * seed: the weight files, and so their hash, depend only on the data and the seed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Calibration } from './calibration';
import { type LoadedData, type ModelLang, type SourceSpec, loadData, readSourceList } from './data';
import { DEFAULT_FEATURES, type FeatureConfig, featureRows } from './features';
import type { FeedbackExample } from './feedback-rows';
import { type PoolFigures, figureLines, poolFigures } from './figures';
import { type Choice, FOLDS, buildPoolCorpus, nestedCv, shippedModel, trainChosen } from './nested';
import { CLASSES } from './train';
import { type Manifest, type ModelFile, encodeWeights, sha256 } from './weights';

/**
 * Set by hand after a few CV trials (folds.ts lists them; none moved the figures by more than
 * 0.02): a dev row counts five times a training row. The settings that matter (each source's
 * weight, the hashed-feature scale, calibration, the call threshold) are chosen by nested CV.
 */
export const HYPER = { epochs: 3, lr: 0.3, l2: 1e-3, devWeight: 5 } as const;
/** Fewer pool rows than this cannot be cross-validated: the language's model trains on its sources only. */
const MIN_POOL = 50;

export interface TrainRun {
  manifest: Manifest;
  files: Partial<Record<ModelLang, Buffer>>;
}

export interface TrainCommandOptions {
  dataDir: string;
  seed: number;
  sources?: readonly SourceSpec[];
  features?: FeatureConfig;
  log?: (line: string) => void;
  /** Called with each language's figures (the bench prints and splits them). */
  onFigures?: (lang: ModelLang, f: PoolFigures, ablation: Record<string, PoolFigures>) => void;
  /** Skip the protocol (figures) and only train the shipped models. */
  skipCv?: boolean;
  /** Skip the with/without-each-source figures (they cost five trainings per source). */
  skipAblation?: boolean;
  /** Users' corrections and a teacher's labels: the shipped models train on them, never the figures. */
  feedback?: readonly FeedbackExample[];
}

function logCounts(data: LoadedData, dataDir: string, log: (line: string) => void) {
  log(`data: ${dataDir}`);
  for (const c of data.counts) {
    log(
      `  ${c.file.padEnd(44)} read ${String(c.read).padStart(6)}  kept ${String(c.kept).padStart(6)}  (duplicates ${c.dropped.dup}, in a dev set ${c.dropped.dev})`,
    );
  }
  for (const [name, rows] of Object.entries(data.dev)) log(`  dev ${name}: ${rows.length} rows`);
}

export function runTraining(o: TrainCommandOptions): TrainRun {
  const log = o.log ?? (() => {});
  const cfg = o.features ?? DEFAULT_FEATURES;
  const sources = o.sources ?? readSourceList(o.dataDir);
  if (sources.length === 0) throw new Error(`no training files: ${o.dataDir}/train/SOURCE.md lists none`);
  const data = loadData(o.dataDir, sources);
  logCounts(data, o.dataDir, log);
  const opts = { ...HYPER, dim: featureRows(cfg), seed: o.seed };
  const figures: Record<string, unknown> = {};
  const files: TrainRun['files'] = {};
  const models: Manifest['models'] = {};
  const calibration: Partial<Record<ModelLang, Calibration>> = {};
  const chosen: Partial<Record<ModelLang, Pick<Choice, 'weights' | 'scale'>>> = {};
  for (const lang of ['en', 'zh'] as const) {
    const c = buildPoolCorpus(data, lang, cfg, [], o.seed);
    if (c.examples.length === 0) continue;
    log(`${lang}: ${c.examples.length} rows, ${c.pool.length} in the crypto pool; sources ${c.groups.join(', ')}`);
    const canCv = c.pool.length >= MIN_POOL;
    if (canCv && !o.skipCv) {
      const outer = nestedCv(c, opts, HYPER.devWeight, log);
      const f = poolFigures(c, outer);
      const ablation: Record<string, PoolFigures> = {};
      for (const line of figureLines(lang, f)) log(line);
      if (!o.skipAblation) {
        log(`${lang}: without each source (its weight 0, every other choice as chosen):`);
        for (const g of c.groups) {
          const a = poolFigures(
            c,
            nestedCv(c, opts, HYPER.devWeight, () => {}, outer.choices, { [g]: 0 }),
          );
          ablation[g] = a;
          log(
            `  without ${g.padEnd(44)} macro-F1 ${a.all.macroF1.toFixed(3)} (with ${f.all.macroF1.toFixed(3)})  sign ${a.all.signAccuracy.toFixed(3)}  calls right ${a.calls.precision.toFixed(3)} on ${a.calls.coverage.toFixed(3)} of bull/bear rows`,
          );
        }
      }
      figures[lang] = { ...f, ablation: Object.fromEntries(Object.entries(ablation).map(([g, a]) => [g, a.all])) };
      o.onFigures?.(lang, f, ablation);
    }
    // The shipped model: the same choices with fold 0 as the inner fold, then every row.
    const mine = (o.feedback ?? []).filter((e) => e.lang === lang);
    const ship = mine.length ? buildPoolCorpus(data, lang, cfg, mine, o.seed) : c;
    const { choice, weights } = canCv
      ? shippedModel(ship, opts, HYPER.devWeight, log)
      : {
          choice: undefined,
          weights: trainAllSources(ship, opts),
        };
    if (choice) {
      calibration[lang] = choice.calibration;
      chosen[lang] = { weights: choice.weights, scale: choice.scale };
    }
    const buf = encodeWeights(weights);
    files[lang] = buf;
    models[lang] = { file: `${lang}.bin`, sha256: sha256(buf), rows: opts.dim } satisfies ModelFile;
  }
  const hash = sha256(
    Object.values(models)
      .map((m) => m.sha256)
      .join(''),
  );
  const manifest: Manifest = {
    version: hash.slice(0, 12),
    sha256: hash,
    createdAt: new Date().toISOString(),
    seed: o.seed,
    features: cfg,
    train: {
      epochs: HYPER.epochs,
      lr: HYPER.lr,
      l2: HYPER.l2,
      devWeight: HYPER.devWeight,
      hashedScale: chosen.en?.scale ?? 1,
    },
    classes: [...CLASSES],
    models,
    sourceWeights: { ...chosen.en?.weights, ...chosen.zh?.weights },
    calibration,
    chosen,
    counts: data.counts,
    data: data.hashes,
    figures,
  };
  log(`shipped choices: ${JSON.stringify(chosen)}`);
  log(`shipped calibration: ${JSON.stringify(calibration)}`);
  for (const [lang, m] of Object.entries(models)) log(`  ${lang}.bin sha256 ${m.sha256}`);
  log(`weights sha256 ${hash} (version ${manifest.version})`);
  return { manifest, files };
}

/** Without a pool to choose on, every source weighs 1 and the scale stays 1. */
function trainAllSources(c: ReturnType<typeof buildPoolCorpus>, opts: Parameters<typeof shippedModel>[1]) {
  const weights = Object.fromEntries(c.groups.map((g) => [g, 1]));
  return trainChosen(
    c,
    { weights, scale: 1 },
    new Set(Array.from({ length: FOLDS }, (_, i) => i)),
    opts,
    HYPER.devWeight,
  );
}

export function writeRun(run: TrainRun, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  for (const [lang, buf] of Object.entries(run.files)) writeFileSync(join(outDir, `${lang}.bin`), buf);
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(run.manifest, null, 2)}\n`);
}
