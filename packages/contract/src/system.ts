/**
 * The state of the service itself: while a fresh install loads its collected history (30 days of
 * demo posts), reports and rankings reaching back before `completeFrom` are still incomplete.
 */
import { z } from 'zod';

const historyStatus = z.object({
  /** A source is still loading history. */
  loading: z.boolean(),
  /** Whole percent of the history loaded, 0..100. */
  percent: z.number().int().min(0).max(100),
  /** Estimated seconds until it is loaded; null while not yet known. */
  etaSeconds: z.number().int().nullable(),
  /** Unix seconds from which every post is stored; null while even the newest are still missing. */
  completeFrom: z.number().int().nullable(),
  /**
   * Track records are still being derived from the history (a loaded backfill's are derived once,
   * after it): a profile or leaderboard is incomplete while this or `loading` holds.
   */
  recordsPending: z.boolean(),
});
export type HistoryStatus = z.output<typeof historyStatus>;

export const systemCalls = {
  history: { path: 'system/history', request: z.object({}).loose(), response: historyStatus },
};
