/**
 * Recounts the rollups in the background after a migration applied them again (issue 32 §3;
 * db/rollups/recount.ts holds the cursor rule that keeps them exact meanwhile). Each slice is one
 * transaction that counts the next older posts through every family and moves the cursor down,
 * sized by the process's scheduler so requests go first. Reports over the last days are exact
 * after the first slices; older periods fill in as the cursor passes them. Progress goes to the
 * log (every tenth of the way) and /healthz (`recount`).
 *
 * Any process with the database runs it (roles api, worker and all): the slices take the cursor's
 * lock exclusively, so several processes take turns and never count a post twice.
 */
import type { Db } from '../db/db';
import { derivedTablesOf, families } from '../db/rollups/index';
import type { Scheduler } from '../pipeline/scheduler';
import { repeating } from './repeating';

/** The scheduler's job name. */
const JOB = 'rollup-recount';
/** Posts per slice: the first and smallest, and the most, however long the budget. */
const SLICE_POSTS = { min: 10, max: 50_000 };
/** How often an idle process looks for a recount to run (one starts only with a migration). */
const TICK_MS = 5_000;

export interface RecountStatus {
  /** Posts counted since the recount started, of the posts stored when it started. */
  counted: number;
  total: number;
  /** 0-99 while it runs. */
  percent: number;
  /** Posts from this time on are counted (ms). */
  countedFromMs: number | null;
  startedAt: string;
}

const percentOf = (counted: number, total: number) => Math.min(99, Math.floor((100 * counted) / Math.max(total, 1)));

export function rollupRecount(deps: {
  db: Db;
  log: (line: string) => void;
  /** Posts per slice, least and most (tests pass small ones). */
  slicePosts?: { min: number; max: number };
}) {
  const bounds = deps.slicePosts ?? SLICE_POSTS;
  let scheduler: Scheduler | undefined;
  let stopping: AbortController | undefined;
  let running: Promise<void> | undefined;
  /** The tenth of the way last logged by this process. */
  let loggedTenth = -1;
  let startedMs: number | undefined;

  async function status(): Promise<RecountStatus | null> {
    const [row] = await deps.db.query<{ counted: string; total: string; counted_from: string; started_at: Date }>(
      'SELECT counted::text, total::text, counted_from::text, started_at FROM rollup_recount',
    );
    if (!row) return null;
    const counted = Number(row.counted);
    const total = Number(row.total);
    const from = Number(row.counted_from);
    return {
      counted,
      total,
      percent: percentOf(counted, total),
      // The start (above every post) is no time yet.
      countedFromMs: from > 1e12 ? null : from * 1000,
      startedAt: new Date(row.started_at).toISOString(),
    };
  }

  /** One slice of at most `posts` posts; null when no recount runs (or it has just ended). */
  async function step(posts: number): Promise<{ posts: number; done: boolean } | null> {
    const [row] = await deps.db.query<{ posts: string; counted_from: string | null }>(
      'SELECT posts::text, counted_from::text FROM rollups_recount_slice($1)',
      [posts],
    );
    if (!row) return null;
    return { posts: Number(row.posts), done: row.counted_from === null };
  }

  /**
   * The tables filled from empty get fresh statistics, or reads stay planned as if they were small
   * (the embedded database has no autovacuum to do it): one table a slice, in its turn.
   */
  async function analyze(signal?: AbortSignal) {
    for (const table of families.flatMap((f) => derivedTablesOf(f.sql))) {
      const run = () => deps.db.exec(`ANALYZE ${table}`);
      if (scheduler && signal) await scheduler.slice(JOB, 0, run, signal);
      else await run();
    }
  }

  function report(done: boolean, s: RecountStatus | null) {
    if (done) {
      const seconds = startedMs === undefined ? '' : ` in ${Math.round((performance.now() - startedMs) / 1000)} s`;
      deps.log(`rollups: recount done${seconds}; every report counts all stored posts again`);
      loggedTenth = -1;
      return;
    }
    if (!s) return;
    const tenth = Math.floor(s.percent / 10);
    if (tenth === loggedTenth) return;
    loggedTenth = tenth;
    const back = s.countedFromMs === null ? '' : `, counted back to ${new Date(s.countedFromMs).toISOString()}`;
    deps.log(
      `rollups: recount ${s.percent}% (${s.counted.toLocaleString('en-US')} of ${s.total.toLocaleString('en-US')} posts${back})`,
    );
  }

  /** Slices back to back until the recount is done, each in its turn after requests. */
  async function drainNow(signal?: AbortSignal): Promise<number> {
    let slices = 0;
    while (!signal?.aborted) {
      const size = scheduler ? scheduler.sliceSize(JOB, bounds) : bounds.max;
      const run = () => step(size);
      const result = scheduler && signal ? await scheduler.slice(JOB, size, run, signal) : await run();
      if (!result) break;
      if (slices === 0 && startedMs === undefined) startedMs = performance.now();
      slices++;
      if (result.done) await analyze(signal);
      report(result.done, result.done ? null : await status());
      if (result.done) break;
    }
    return slices;
  }

  function pass(): Promise<void> {
    if (!stopping || running) return running ?? Promise.resolve();
    running = drainNow(stopping.signal)
      .then(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = repeating(TICK_MS, pass, deps.log, 'rollup recount');
  return {
    status,
    /** Counts to the end now, in slices of at most `posts` (tests, the bench). Returns the slices. */
    drain: async (posts = bounds.max) => {
      let slices = 0;
      while (await step(posts)) slices++;
      if (slices > 0) await analyze();
      return slices;
    },
    step,
    /** Runs in the background: now, and at every tick (a recount starts only with a migration). */
    start(opts: { scheduler?: Scheduler; intervalMs?: number } = {}): void {
      scheduler = opts.scheduler;
      stopping ??= new AbortController();
      timer.start(opts.intervalMs);
      pass().catch((err: unknown) => deps.log(`rollup recount: ${(err as Error).message}`));
    },
    async stop(): Promise<void> {
      timer.stop();
      stopping?.abort();
      stopping = undefined;
      await running?.catch(() => {});
    },
  };
}
export type RollupRecount = ReturnType<typeof rollupRecount>;
