/**
 * The one scheduler every background job of a process goes through (history and live batches,
 * price pages, the track records' passes, event views' history counts, ranking windows,
 * reclassify): it gives the database to the app's requests first, and cuts its own work into
 * short slices, one transaction each, so a request that comes meanwhile waits one slice at most.
 *
 * Why: with the embedded database (PGlite) a transaction holds the only connection for its whole
 * length, and it runs on the server's own thread. A 500-post history batch held it 0.5-1.6 s with
 * two CPU hogs beside it, so a request waited as long (issue 32: p95 1.2 s, a group save and a
 * report failed on the 10 s statement bound). Each job now asks `sliceSize` how many items fit in
 * the time budget, measured from its own last slices, and runs each slice through `slice`, which
 * first waits its turn (`RequestGate.idle`: no request in flight for a moment, or 2 s at most so
 * the work still moves under steady traffic). Each slice commits its own progress (a cursor, a
 * watermark, a page), so a job can stop after any slice and go on from there.
 *
 * The budget is short while someone uses the app (a request in the last IN_USE_MS) and longer when
 * nobody does, where big slices load history faster; on PostgreSQL requests have connections of
 * their own and a background transaction holds them up only through the CPU, so its budgets are
 * larger.
 */
import { BACKGROUND_GATE, type RequestGate } from './request-gate';

/** Someone used the app within this long: slices stay short. */
export const IN_USE_MS = 30_000;

/** Time budget of one slice (ms of one transaction), by database and whether the app is in use. */
export const SLICE_BUDGET_MS = {
  pglite: { inUse: 50, idle: 250 },
  postgres: { inUse: 250, idle: 1000 },
} as const;

/** What a job has done since the process started (shown by /healthz `background`). */
export interface JobReport {
  slices: number;
  items: number;
  /** Sum of the slices' lengths, ms. */
  busyMs: number;
  longestMs: number;
}

export interface Scheduler {
  /** Waits until background work may use the database: requests first (RequestGate.idle). */
  turn(signal: AbortSignal): Promise<void>;
  /**
   * Runs one slice of `job` in its turn and measures it; `items` is how many units the slice
   * handled (posts, pages, accounts), which sizes the next ones. Aborted while waiting: undefined.
   */
  slice<T>(job: string, items: number, fn: () => Promise<T>, signal: AbortSignal): Promise<T | undefined>;
  /** How many items the next slice of `job` may take to stay within the budget. */
  sliceSize(job: string, bounds: { min: number; max: number }): number;
  /** The budget of the next slice, ms. */
  budgetMs(): number;
  report(): Record<string, JobReport>;
}

/**
 * How much a job's allowed size may grow after a slice within the budget. A slice costs a fixed
 * part (the transaction, its statements' triggers: ~25 ms for a demo batch of any size on the
 * embedded database) and a part per item, so the size is found by steps rather than from an
 * average time per item, which the fixed part would skew: within the budget it grows (a slice
 * that held fewer items than allowed, say a source with only 2 new posts, still lets it grow);
 * over the budget it is cut to what that slice did, times budget over its time.
 */
const MAX_GROWTH = 1.5;

/**
 * `gate`: the requests of the HTTP server in this process (roles all and api); a worker has none
 * and its turns come at once.
 */
export function createScheduler(opts: {
  gate?: RequestGate;
  db: 'pglite' | 'postgres';
  /** The clock slices are timed with (tests pass one they move). */
  now?: () => number;
}): Scheduler {
  const { gate } = opts;
  const now = opts.now ?? (() => performance.now());
  const budgets = SLICE_BUDGET_MS[opts.db];
  /** Items the next slice of each job may hold, before the caller's bounds. */
  const allowed = new Map<string, number>();
  const reports = new Map<string, JobReport>();
  const budgetMs = () => (gate && gate.quietFor() < IN_USE_MS ? budgets.inUse : budgets.idle);

  return {
    async turn(signal) {
      if (gate) await gate.idle({ ...BACKGROUND_GATE, signal });
      // Even without requests to wait for, the event loop turns: with the embedded database a
      // slice's statements settle as microtasks, and nothing else would run between slices.
      else await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async slice(job, items, fn, signal) {
      await this.turn(signal);
      if (signal.aborted) return undefined;
      const started = now();
      const result = await fn();
      const ms = now() - started;
      const r = reports.get(job) ?? { slices: 0, items: 0, busyMs: 0, longestMs: 0 };
      reports.set(job, {
        slices: r.slices + 1,
        items: r.items + items,
        busyMs: r.busyMs + ms,
        longestMs: Math.max(r.longestMs, ms),
      });
      if (items > 0) {
        const budget = budgetMs();
        const before = allowed.get(job) ?? items;
        allowed.set(
          job,
          ms > budget
            ? Math.min(before, (items * budget) / ms)
            : Math.max(before, items) * Math.min(MAX_GROWTH, budget / Math.max(ms, 1)),
        );
      }
      return result;
    },
    sliceSize(job, { min, max }) {
      // A job's first slice is the smallest: nothing is known of its cost yet.
      const size = allowed.get(job) ?? min;
      // Kept within the bounds, so growth starts from a size the caller allows; the fraction is
      // kept (1 × 1.5 floored would stay 1 for ever).
      const bounded = Math.max(min, Math.min(max, size));
      if (bounded !== size) allowed.set(job, bounded);
      return Math.floor(bounded);
    },
    budgetMs,
    // Whole milliseconds: what /healthz shows.
    report: () =>
      Object.fromEntries(
        [...reports].map(([job, r]) => [
          job,
          { ...r, busyMs: Math.round(r.busyMs), longestMs: Math.round(r.longestMs) },
        ]),
      ),
  };
}
