/**
 * Counts the history of event views in the background (issue 18 §3), so saving a view answers at
 * once and ingest never waits for a month of posts to be matched. A view saved with new keywords
 * starts at the top (opinionRepo.setEvent); each chunk here counts the next older slice of posts
 * and moves the view's watermark down, in one transaction, until it reaches the view's oldest
 * counted time. Why the counts stay exact: services/README.md "Event views count their history".
 *
 * Any process with the database runs it (roles api, worker and all): a view is claimed for one
 * chunk at a time, so several processes share the work and never count a slice twice.
 */
import type { Db } from '../db/db';
import { outsideRequest } from '../db/query-context';
import { eventHistoryRepo } from '../db/repos/event-history';
import type { Scheduler } from '../pipeline/scheduler';
import type { EventBus } from './events/types';
import { repeating } from './repeating';

/** Posts looked at per chunk: a chunk holds the view's row (and new matching posts wait for it) for its length. */
export const HISTORY_CHUNK_ROWS = 20_000;
/** The scheduler's job name, and the fewest posts a chunk looks at, however short the budget. */
const JOB = 'event-history';
const MIN_CHUNK_ROWS = 1_000;
/** How often an idle process looks for a view to count (a save in this process wakes it at once). */
const TICK_MS = 2_000;

export interface HistoryChunk {
  userId: number;
  viewId: number;
  /** 0-99 while counting, 100 once done. */
  percent: number;
  /** Matching posts the chunk counted. */
  posts: number;
}

export function eventHistory(deps: { db: Db; events: EventBus; log: (line: string) => void; chunkRows?: number }) {
  const rows = deps.chunkRows ?? HISTORY_CHUNK_ROWS;
  let scheduler: Scheduler | undefined;
  let stopping: AbortController | undefined;
  let running: Promise<void> | undefined;

  /** One chunk of one view, in its own transaction; null when no view is left to count. */
  async function step(chunkRows = rows): Promise<HistoryChunk | null> {
    const chunk = await deps.db.transaction(async (tx) => {
      const repo = eventHistoryRepo(tx);
      const view = await repo.claim();
      if (!view) return null;
      const counted = await repo.countChunk(view.viewId, chunkRows);
      return { userId: view.userId, viewId: view.viewId, ...counted };
    });
    if (chunk) {
      deps.events.publish({ type: 'view_history', userId: chunk.userId, viewId: chunk.viewId, percent: chunk.percent });
    }
    return chunk;
  }

  /** Chunks back to back until no view is left, yielding to other work between them. */
  async function drainNow(signal?: AbortSignal): Promise<number> {
    let chunks = 0;
    while (!signal?.aborted) {
      if (scheduler && signal) {
        // Posts looked at per chunk: what the scheduler's time budget allows, up to `rows`.
        const size = scheduler.sliceSize(JOB, { min: Math.min(rows, MIN_CHUNK_ROWS), max: rows });
        const chunk = await scheduler.slice(JOB, size, () => step(size), signal);
        if (!chunk) break;
      } else {
        if (!(await step())) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      chunks++;
    }
    return chunks;
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

  const timer = repeating(TICK_MS, pass, deps.log, 'event history');
  return {
    step,
    /** Counts every view to the end now (tests, the bench). Returns the chunks counted. */
    drain: () => drainNow(),
    /** Starts counting in the background: at every tick, and at once when a view is saved. */
    start(opts: { scheduler?: Scheduler; intervalMs?: number } = {}): void {
      scheduler = opts.scheduler;
      stopping ??= new AbortController();
      timer.start(opts.intervalMs);
    },
    /** A view was saved: count it now rather than at the next tick (no-op unless started). */
    wake(): void {
      // Called from the saving request: the count must not inherit its time limit or cancellation.
      outsideRequest(() => pass()).catch((err: unknown) => deps.log(`event history: ${(err as Error).message}`));
    },
    async stop(): Promise<void> {
      timer.stop();
      stopping?.abort();
      stopping = undefined;
      await running?.catch(() => {});
    },
  };
}
export type EventHistory = ReturnType<typeof eventHistory>;
