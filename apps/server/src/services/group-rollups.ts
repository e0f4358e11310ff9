/**
 * Keeps the KOL groups' coin rollups in the background (issue 34 item 5): a coin opinion or
 * mindshare view saved on a group answers at once, and this counts the group's history in slices
 * through the scheduler; persons merged put the groups whose lists they reach back to counting.
 * Until a group is done its reports read its members' per-author rows, the same numbers
 * (db/repos/group-rollups.ts: how the rollup stays exact while it is counted).
 *
 * Any process with the database runs it (roles api, worker and all); a slice locks the group
 * rows, so two processes take turns and never count a range twice.
 */
import type { Db } from '../db/db';
import { outsideRequest } from '../db/query-context';
import { type GroupStep, groupRollupsRepo } from '../db/repos/group-rollups';
import type { Scheduler } from '../pipeline/scheduler';
import { repeating } from './repeating';

/** Per-author rows a slice sums at most (or group rows a release deletes). */
export const GROUP_SLICE_ROWS = 50_000;
/** The scheduler's job name, and the fewest rows a slice takes, however short the budget. */
const JOB = 'group-rollups';
const MIN_SLICE_ROWS = 1_000;
/** How often an idle process looks for groups to count (a save in this process wakes it at once). */
const TICK_MS = 2_000;

export function groupRollups(deps: { db: Db; log: (line: string) => void; sliceRows?: number }) {
  const rows = deps.sliceRows ?? GROUP_SLICE_ROWS;
  let scheduler: Scheduler | undefined;
  let stopping: AbortController | undefined;
  let running: Promise<void> | undefined;

  /** Lists the groups views now use (and those none uses), in its own transaction. */
  const adopt = () => deps.db.transaction((tx) => groupRollupsRepo(tx).adopt());

  /** One slice or release chunk, in its own transaction; null when no group is left. */
  const step = (sliceRows = rows): Promise<GroupStep | null> =>
    deps.db.transaction((tx) => groupRollupsRepo(tx).step(sliceRows));

  /** Adopts, then steps back to back until no group is left, yielding to other work between them. */
  async function drainNow(signal?: AbortSignal): Promise<number> {
    await adopt();
    let steps = 0;
    while (!signal?.aborted) {
      if (scheduler && signal) {
        const size = scheduler.sliceSize(JOB, { min: Math.min(rows, MIN_SLICE_ROWS), max: rows });
        if (!(await scheduler.slice(JOB, size, () => step(size), signal))) break;
      } else {
        if (!(await step())) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      steps++;
    }
    return steps;
  }

  /** One pass at a time per process: a tick (or a wake) during a pass does nothing. */
  function pass(): Promise<void> {
    if (!stopping || running) return running ?? Promise.resolve();
    const signal = stopping.signal;
    running = drainNow(signal)
      .then(() => undefined)
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = repeating(TICK_MS, pass, deps.log, 'group rollups');
  return {
    adopt,
    step,
    /** Adopts and counts every group to the end now (tests, the bench). Returns the steps taken. */
    drain: () => drainNow(),
    /** Groups still being counted or released. */
    pending: () => groupRollupsRepo(deps.db).pending(),
    /** Starts counting in the background: at every tick, and at once when a view is saved. */
    start(opts: { scheduler?: Scheduler; intervalMs?: number } = {}): void {
      scheduler = opts.scheduler;
      stopping ??= new AbortController();
      timer.start(opts.intervalMs);
    },
    /** A view was saved: count now rather than at the next tick (no-op unless started). */
    wake(): void {
      // Called from the saving request: the count must not inherit its time limit or cancellation.
      outsideRequest(() => pass()).catch((err: unknown) => deps.log(`group rollups: ${(err as Error).message}`));
    },
    async stop(): Promise<void> {
      timer.stop();
      stopping?.abort();
      stopping = undefined;
      await running?.catch(() => {});
    },
  };
}
export type GroupRollups = ReturnType<typeof groupRollups>;
