/**
 * Running `reclassify` (reclassify.ts) for an operator: progress lines in the console, the
 * window of `--since DAYS`, and a background pass inside a collecting process
 * (RECLASSIFY_ON_START), which /healthz reports while it runs.
 */
import { type ReclassifyOptions, type ReclassifyProgress, reclassify } from './reclassify';
import type { Scheduler } from './scheduler';

/** What a pass reads with and where it writes: the database, the classifier and the services' hooks. */
export type ReclassifyWith = Pick<ReclassifyOptions, 'db' | 'classifier' | 'hooks'>;

/** The first second of the last `days` days (`--since DAYS`); undefined: every post; null: not a number of days > 0. */
export function sinceDays(days: string | undefined, nowMs: number): number | undefined | null {
  if (days === undefined) return undefined;
  const d = Number(days);
  if (days.trim() === '' || !Number.isFinite(d) || d <= 0) return null;
  return Math.floor(nowMs / 1000 - d * 86_400);
}

/** A line at every `step` percent read (and none between): a long pass prints a few dozen lines. */
export function progressLines(log: (line: string) => void, step = 5): (p: Readonly<ReclassifyProgress>) => void {
  let shown = -1;
  return (p) => {
    const percent = p.total > 0 ? Math.floor((p.done / p.total) * 100) : 100;
    if (percent < shown + step && percent < 100) return;
    shown = percent;
    log(`reclassify: ${p.done}/${p.total} posts read (${percent}%), ${p.changed} changed`);
  };
}

const summary = (p: Readonly<ReclassifyProgress>) =>
  `reclassify: done, ${p.done} posts read, ${p.changed} changed${p.model ? ` (now read by ${p.model})` : ''}`;

/** `kolscope reclassify [--since DAYS]`: one pass in this process, progress in the console. */
export async function reclassifyPass(
  w: ReclassifyWith,
  since: number | undefined,
  log: (line: string) => void,
): Promise<ReclassifyProgress> {
  const what = since === undefined ? 'every stored post' : `the posts since ${new Date(since * 1000).toISOString()}`;
  log(`reclassify: re-reading ${what} with ${w.classifier.name}`);
  const p = await reclassify({ ...w, ...(since !== undefined && { since }), onBatch: progressLines(log) });
  log(summary(p));
  return p;
}

/** A pass in the background of the server; the returned controller stops it between batches. */
export function reclassifyInBackground(
  w: ReclassifyWith,
  log: (line: string) => void,
  scheduler?: Scheduler,
): AbortController {
  const stop = new AbortController();
  log(`reclassify: re-reading stored posts with ${w.classifier.name} (RECLASSIFY_ON_START)`);
  reclassify({ ...w, signal: stop.signal, onBatch: progressLines(log, 10), ...(scheduler ? { scheduler } : {}) }).then(
    (p) => log(summary(p)),
    (err: unknown) => log(`reclassify: stopped by an error: ${err instanceof Error ? err.message : String(err)}`),
  );
  return stop;
}
