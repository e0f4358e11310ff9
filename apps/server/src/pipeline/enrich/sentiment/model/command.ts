/** `kolscope train-sentiment [--seed N] [--out DIR] [--with-feedback] [--teacher]`: training.ts, feedback-rows.ts, teacher.ts. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sentimentDataDir } from './data';
import { type FeedbackExample, type FeedbackSummary, USER_CAP } from './feedback-rows';
import { runTraining, writeRun } from './training';

/** The weights folder of the sources when run from the repository, so a commit picks them up. */
const SOURCE_WEIGHTS = 'apps/server/src/pipeline/enrich/sentiment/model/weights';

export function trainSentimentCommand(o: {
  seed: number;
  out?: string;
  /** Users' corrections read from the database (--with-feedback: services/sentiment-feedback.ts storedFeedback). */
  feedback?: FeedbackSummary;
  /** A teacher endpoint's labels of stored posts (--teacher: teacher.ts). */
  teacher?: FeedbackExample[];
  log: (line: string) => void;
}): void {
  const dataDir = sentimentDataDir();
  if (!existsSync(dataDir)) throw new Error(`no sentiment data in ${dataDir} (set SENTIMENT_DATA_DIR)`);
  const out = resolve(o.out ?? SOURCE_WEIGHTS);
  const started = Date.now();
  const fb = o.feedback;
  if (fb) {
    const by = (lang: string) => fb.examples.filter((e) => e.lang === lang).length;
    o.log(
      `feedback: ${fb.votes} corrections by ${fb.users} users on ${fb.posts} posts; ${fb.examples.length} examples used (en ${by('en')}, zh ${by('zh')}), ${fb.tied} tied posts left out; each user counts at most ${USER_CAP} posts`,
    );
  }
  const extra = [...(fb?.examples ?? []), ...(o.teacher ?? [])];
  const run = runTraining({ dataDir, seed: o.seed, log: o.log, ...(extra.length ? { feedback: extra } : {}) });
  writeRun(run, out);
  o.log(`wrote ${out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
