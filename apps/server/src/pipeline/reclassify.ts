/**
 * `kolscope reclassify`: reads stored posts again with the current classifier (after a new model
 * ships, or a switch between the rules and the model) and writes back the rows whose reading
 * changed: sentiment, score, cues, per-coin stances and the model that read them. The opinion
 * rollups follow by themselves (their triggers subtract the old reading and add the new), so
 * every report stays exact while it runs.
 *
 * Posts are walked in batches by id (the primary key: a keyset that new posts arriving meanwhile
 * cannot shift). A post whose text a collector rewrote after the batch was read is left alone:
 * the collector stored the current classifier's reading of the new text already.
 */
import type { Db } from '../db/db';
import { type ReadingRow, readingsRepo, type StoredText } from '../db/repos/readings';
import { readSentiments } from './enrich/index';
import { stanceColumn } from './enrich/sentiment/stance';
import { SENTIMENT_VALUE, type StoreHooks, callColumns } from './store';
import type { SentimentClassifier } from './types';
import type { Scheduler } from './scheduler';

export interface ReclassifyProgress {
  running: boolean;
  /** Posts read so far, of `total` (counted at the start). */
  done: number;
  total: number;
  /** Posts whose reading changed and were written. */
  changed: number;
  /** The model that reads them (posts.sentiment_model), once the first batch is read. */
  model: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

/** The run in this process, shown by /healthz (a CLI run prints its own progress instead). */
export const reclassifyProgress: ReclassifyProgress = {
  running: false,
  done: 0,
  total: 0,
  changed: 0,
  model: '',
  startedAt: null,
  finishedAt: null,
  error: null,
};

export interface ReclassifyOptions {
  db: Db;
  classifier: SentimentClassifier;
  /** The services' work on changed posts (track records), in the transaction that writes them. */
  hooks: Pick<StoreHooks, 'postsStored'>;
  /** Only posts created at or after this time (unix seconds); all when absent. */
  since?: number;
  batchSize?: number;
  /** Called after each batch with the progress so far. */
  onBatch?: (p: Readonly<ReclassifyProgress>) => void;
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * A background pass in a serving process: batches sized to the scheduler's budget (up to
   * `batchSize`), each written in its turn after the app's requests.
   */
  scheduler?: Scheduler;
}

/** The scheduler's job name of a background pass. */
const JOB = 'reclassify';
const NEVER = new AbortController().signal;

/** Runs one pass over the posts; resolves with the final progress. One pass at a time per process. */
export async function reclassify(o: ReclassifyOptions): Promise<ReclassifyProgress> {
  if (reclassifyProgress.running) throw new Error('a reclassify pass is already running in this process');
  const p = reclassifyProgress;
  const now = o.now ?? (() => new Date());
  const since = o.since ?? 0;
  const batchSize = o.batchSize ?? 500;
  Object.assign(p, { running: true, done: 0, changed: 0, total: 0, error: null, finishedAt: null });
  p.startedAt = now().toISOString();
  p.model = o.classifier.name;
  const repo = readingsRepo(o.db);
  try {
    p.total = await repo.countSince(since);
    let last = '';
    for (;;) {
      if (o.signal?.aborted) break;
      const size = o.scheduler
        ? o.scheduler.sliceSize(JOB, { min: Math.min(50, batchSize), max: batchSize })
        : batchSize;
      const rows = await repo.batchAfter(last, since, size);
      if (rows.length === 0) break;
      last = rows.at(-1)!.id;
      const readings = await readingsOf(o.classifier, rows);
      // A changed stance can change which posts are calls: track records follow in the same transaction.
      const write = () =>
        o.db.transaction(async (tx) => {
          const ids = await readingsRepo(tx).writeChanged(readings);
          await o.hooks.postsStored(tx, ids);
          return ids.length;
        });
      const changed = o.scheduler ? await o.scheduler.slice(JOB, rows.length, write, o.signal ?? NEVER) : await write();
      if (changed === undefined) break;
      p.changed += changed;
      p.done += rows.length;
      // Posts that arrived meanwhile (ids above the walk's position) are read too.
      if (p.done > p.total) p.total = p.done;
      o.onBatch?.(p);
    }
  } catch (err) {
    p.error = err instanceof Error ? err.message : String(err);
    throw err;
  } finally {
    p.running = false;
    p.finishedAt = now().toISOString();
  }
  return { ...p };
}

/** The current classifier's reading of a batch, as rows to store. */
async function readingsOf(classifier: SentimentClassifier, rows: StoredText[]): Promise<ReadingRow[]> {
  const read = await readSentiments(classifier, rows);
  return rows.map((row, i) => {
    const { sentiment, coinStances } = read[i]!;
    // As the store records it (store.ts): '' for a result that names no model.
    const model = sentiment.model ?? '';
    reclassifyProgress.model = model;
    return {
      id: row.id,
      text: row.text,
      sentiment: SENTIMENT_VALUE[sentiment.label],
      sentiment_score: sentiment.score,
      sentiment_cues: sentiment.cues,
      coin_stances: stanceColumn(row.coins, coinStances ?? {}, sentiment.label),
      sentiment_model: model,
      ...callColumns(sentiment),
    };
  });
}
