/**
 * Runs one source forever: fetch from the stored cursor, enrich, save posts and cursor together,
 * wait as the source asks, and back off exponentially on errors. A bad item is logged, counted and
 * skipped; it never stops the source. Only the worker holding the source's lease runs it, so
 * several worker processes can share one database.
 */
import { sourceStateRepo } from '../db/repos/source-state';
import { EtaTracker, formatEta } from './history';
import { type BatchToIngest, type IngestDeps, ingestBatch } from './ingest-batch';
import type { Scheduler } from './scheduler';
import { redact } from '../security/redact';
import { screenPosts } from './screen';
import { isDeadLocalOwner, leaseOwner } from './lease-owner';
import { isFailing, type RequestStreak, streakAfter } from './source-health';
import type { Source, SourceBatch } from './types';

/** db, enricher, clock, log and onSaved: what each batch goes through (ingest-batch.ts). */
export interface RunnerOptions extends IngestDeps {
  /** Identifies this worker in leases. */
  owner?: string;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  leaseMs?: number;
  /**
   * Called after each batch is committed, with its size. Lets the CLI log batches at debug level,
   * which tests use to act on observed progress instead of elapsed time.
   */
  onBatch?: (source: string, stored: number, fresh: number) => void;
  /**
   * The process's background scheduler (scheduler.ts): a catching-up source lets requests go
   * first, and every batch is saved in slices that fit its time budget.
   */
  scheduler?: Scheduler;
  /** How often a catching-up source logs its progress (default 5000 ms; 0 = never). */
  progressEveryMs?: number;
}

/**
 * Waits `ms`, or less when the signal aborts. Even no wait goes through the event loop: a
 * backfill runs batch after batch, and with the embedded database every step of a batch can
 * settle as a microtask, so without this the HTTP server would not answer until it ends.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    if (ms <= 0) return void setImmediate(resolve);
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export function backoffMs(failures: number, min: number, max: number, random = Math.random): number {
  const base = Math.min(max, min * 2 ** Math.max(0, failures - 1));
  // Jitter keeps several workers from retrying a shared endpoint in lockstep.
  return Math.round(base * (0.75 + random() * 0.5));
}

/** Runs one fetch-enrich-save round. Returns how long the source asked to wait. */
export async function runOnce(source: Source, opts: RunnerOptions, signal: AbortSignal): Promise<number> {
  const state = sourceStateRepo(opts.db);
  const stored = await state.get(source.name);
  const cursor = stored?.cursor ?? null;
  const batch = await source.fetch(cursor, signal);
  await noteRequests(source.name, stored?.failure_streak ?? 0, batch, opts);
  // Reasons name feed URLs (RSS_FEEDS may hold a token): redacted like every logged URL.
  for (const r of batch.rejected)
    opts.log(redact(`${source.name}: skipped an item (${r.reason}): ${r.sample.slice(0, 120)}`));

  // An item the enricher or the database cannot take is skipped like a malformed one, not fatal
  // to the batch; one log line per batch, however many there are.
  const { posts, rejected: screened } = screenPosts(batch.posts, opts.clock.now());
  if (screened.length) {
    const shown = screened.slice(0, 5).map((r) => `[${r.index}] ${r.reason}`);
    opts.log(`${source.name}: skipped ${screened.length} of ${batch.posts.length} items: ${shown.join('; ')}`);
  }
  const rejected = batch.rejected.length + screened.length;
  const saved = await saveInSlices(
    source.name,
    opts,
    signal,
    {
      source: source.name,
      posts,
      cursor: batch.nextCursor,
      rejected,
      signal,
      ...(batch.backfill ? { backfill: batch.backfill } : {}),
    },
    stored?.cursor ?? null,
  );
  if (!saved) return 0;
  opts.onBatch?.(source.name, posts.length, saved.fresh);
  return batch.waitMs;
}

/** The scheduler's job name of a source's saves: their cost per post is the source's own. */
export const sourceJob = (name: string) => `source:${name}`;

/**
 * Saves a fetched batch in slices of the size the scheduler allows, each its own transaction
 * (without a scheduler: in one). Only the last slice moves the cursor, says the backfill is done
 * and counts the rejected items: a stop between slices fetches the batch again from the old
 * cursor, and the posts already saved are upserted again, unchanged.
 */
async function saveInSlices(
  name: string,
  opts: RunnerOptions,
  signal: AbortSignal,
  whole: BatchToIngest,
  storedCursor: string | null,
): Promise<{ fresh: number } | undefined> {
  const { scheduler } = opts;
  if (!scheduler) {
    const saved = await ingestBatch(opts, whole);
    return saved && { fresh: saved.newPostIds.length };
  }
  let fresh = 0;
  let at = 0;
  // Posts the earlier slices saved: counted on the source with the last one only.
  let savedBefore = 0;
  do {
    const size = scheduler.sliceSize(sourceJob(name), SLICE_POSTS);
    const posts = whole.posts.slice(at, at + size);
    const last = at + size >= whole.posts.length;
    const part: BatchToIngest = last
      ? { ...whole, posts, ...(savedBefore > 0 ? { countedWith: { before: savedBefore } } : {}) }
      : {
          ...whole,
          posts,
          cursor: storedCursor,
          rejected: 0,
          countedWith: 'later',
          ...(whole.backfill ? { backfill: { done: false } } : {}),
        };
    const saved = await scheduler.slice(sourceJob(name), posts.length, () => ingestBatch(opts, part), signal);
    if (!saved) return undefined;
    fresh += saved.newPostIds.length;
    savedBefore += saved.saved;
    at += size;
  } while (at < whole.posts.length);
  return { fresh };
}

/**
 * Posts in one slice: a few at least, whatever the budget (a transaction has a fixed cost), and
 * at most what a demo history batch holds.
 */
export const SLICE_POSTS = { min: 10, max: 500 } as const;

/**
 * Where each source run by this process stands: 'catching_up' until a fetch first says there is
 * nothing more for now, then 'live'. Shown by /healthz, so tools can wait for a backfill.
 */
export const sourceProgress = new Map<string, 'catching_up' | 'live'>();

/** The requests of each source run by this process that failed in a row, and the newest failure. */
export const sourceFailures = new Map<string, RequestStreak>();

/** /healthz's word for each source: 'failing' when its last requests all failed (source-health.ts). */
export function sourceStates(): Record<string, 'catching_up' | 'live' | 'failing'> {
  const states: Record<string, 'catching_up' | 'live' | 'failing'> = Object.fromEntries(sourceProgress);
  for (const [name, streak] of sourceFailures) if (isFailing(streak.failures)) states[name] = 'failing';
  return states;
}

/** The newest failure of each failing source, credentials masked (/healthz). */
export function sourceErrors(): Record<string, string> {
  return Object.fromEntries(
    [...sourceFailures].filter(([, s]) => isFailing(s.failures) && s.lastError).map(([n, s]) => [n, s.lastError!]),
  );
}

/** Counts the batch's requests into the source's streak, here and in source_state. */
async function noteRequests(name: string, before: number, batch: SourceBatch, opts: RunnerOptions) {
  const streak = streakAfter(before, batch.requests);
  const lastError = streak.lastError === null ? null : redact(streak.lastError);
  const kept = sourceFailures.get(name);
  sourceFailures.set(name, {
    failures: streak.failures,
    lastError: lastError ?? (streak.failures ? (kept?.lastError ?? null) : null),
  });
  if (streak.failures !== before || lastError !== null)
    await sourceStateRepo(opts.db).recordRequests(name, streak.failures, lastError, opts.clock.now());
}

/** Logs "loading history 45 %, about 1 min left" every few seconds, and once when it is done. */
function progressLogger(source: Source, opts: RunnerOptions) {
  const every = opts.progressEveryMs ?? 5000;
  const eta = new EtaTracker();
  const started = opts.clock.now().getTime();
  let lastLog = started;
  let finished = false;
  return async (force: boolean) => {
    if (!source.history || finished || every <= 0) return;
    const now = opts.clock.now().getTime();
    if (!force && now - lastLog < every) return;
    const cursor = (await sourceStateRepo(opts.db).get(source.name))?.cursor ?? null;
    const h = source.history(cursor, now);
    const left = eta.observe(h.fraction, now);
    if (h.done) {
      finished = true;
      // Only worth a line when this run did the loading (not on a restart with history complete).
      if (now - started >= every) opts.log(`${source.name}: history loaded in ${Math.round((now - started) / 1000)} s`);
      return;
    }
    lastLog = now;
    opts.log(`${source.name}: loading history ${Math.floor(h.fraction * 100)} %, ${formatEta(left)}`);
  };
}

/** Runs the source until the signal aborts. */
export async function runSource(source: Source, opts: RunnerOptions, signal: AbortSignal): Promise<void> {
  const state = sourceStateRepo(opts.db);
  const owner = opts.owner ?? leaseOwner();
  const leaseMs = opts.leaseMs ?? 60_000;
  const min = opts.minBackoffMs ?? 1000;
  const max = opts.maxBackoffMs ?? 300_000;
  const progress = progressLogger(source, opts);
  let failures = 0;
  sourceProgress.set(source.name, 'catching_up');
  while (!signal.aborted) {
    const now = opts.clock.now();
    const until = new Date(now.getTime() + leaseMs);
    if (!(await state.lease(source.name, owner, now, until))) {
      const holder = (await state.get(source.name))?.lease_owner ?? '';
      if (!(isDeadLocalOwner(holder) && (await state.takeOver(source.name, holder, owner, now, until)))) {
        await sleep(leaseMs / 2, signal);
        continue;
      }
      opts.log(`${source.name}: took over the lease of a stopped worker (${holder})`);
    }
    try {
      // Catching up, batches run back to back: each one first lets the requests in flight finish.
      if (sourceProgress.get(source.name) === 'catching_up') {
        await opts.scheduler?.turn(signal);
        if (signal.aborted) break;
      }
      const waitMs = await runOnce(source, opts, signal);
      failures = 0;
      if (waitMs > 0) sourceProgress.set(source.name, 'live');
      await progress(waitMs > 0);
      await sleep(waitMs, signal);
    } catch (err) {
      if (signal.aborted) break;
      failures++;
      // Source errors quote URLs (feeds, API bases) that may carry credentials.
      const message = redact(err instanceof Error ? err.message : String(err));
      const retryAfter = (err as { retryAfterMs?: number }).retryAfterMs ?? 0;
      const wait = Math.max(retryAfter, backoffMs(failures, min, max));
      opts.log(`${source.name}: ${message}; retrying in ${Math.round(wait / 1000)} s`);
      const streak = sourceFailures.get(source.name);
      sourceFailures.set(source.name, { failures: (streak?.failures ?? 0) + 1, lastError: message });
      await state.recordError(source.name, message, opts.clock.now()).catch(() => {});
      await sleep(wait, signal);
    }
  }
  await state.release(source.name, owner).catch(() => {});
}
