/** `kolscope train-sentiment [--seed N] [--out DIR]`: see training.ts. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sentimentDataDir } from './data';
import { runTraining, writeRun } from './training';

/** The weights folder of the sources when run from the repository, so a commit picks them up. */
const SOURCE_WEIGHTS = 'apps/server/src/pipeline/enrich/sentiment/model/weights';

export function trainSentimentCommand(o: { seed: number; out?: string; log: (line: string) => void }): void {
  const dataDir = sentimentDataDir();
  if (!existsSync(dataDir)) throw new Error(`no sentiment data in ${dataDir} (set SENTIMENT_DATA_DIR)`);
  const out = resolve(o.out ?? SOURCE_WEIGHTS);
  const started = Date.now();
  const run = runTraining({ dataDir, seed: o.seed, log: o.log });
  writeRun(run, out);
  o.log(`wrote ${out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
