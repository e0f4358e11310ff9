/**
 * The distinct-author indicators of a ranking's two windows. The current window is counted from
 * the latest-post histogram (migration 0007) and written down; the previous one, which closed a
 * whole range ago, is read back from what was written when it was current (migration 0010). A
 * minute timer writes down the current window of every range a view compares with, so the
 * previous window is there whether or not anyone looked at the ranking a range ago.
 */
import { repeating } from '../repeating';
import type { Db } from '../../db/db';
import { AUTHORS_NOW_MAX_AGE, type CoinAuthors, rankingRepo, type Window } from '../../db/repos/ranking';
import { type Clock, epochSeconds } from '../../domain/clock';
import { rankParams } from './settings';

/** Windows are kept for the longest range a view may set (30 days), and an hour more. */
const KEEP_SECONDS = 30 * 86_400 + 3600;
const TICK_MS = 60_000;

export function authorWindows(deps: { db: Db; clock: Clock; log: (line: string) => void }) {
  const repo = () => rankingRepo(deps.db);
  const now = () => epochSeconds(deps.clock.now());

  /** Counts the window and, when it is the one closing now, writes it down for later. */
  async function current(rangeSeconds: number, w: Window): Promise<CoinAuthors[]> {
    const t = now();
    const counts = await repo().authors(w, t);
    if (t - w.end <= AUTHORS_NOW_MAX_AGE) await repo().recordAuthors(rangeSeconds, w.end, counts);
    return counts;
  }

  const windows = {
    current,

    /** The window before: as written down when it closed, else counted now (and written down). */
    async previous(rangeSeconds: number, w: Window): Promise<CoinAuthors[]> {
      const recorded = await repo().recordedAuthors(rangeSeconds, w.end);
      if (recorded) return recorded;
      const counts = await repo().authors(w, now());
      await repo().recordAuthors(rangeSeconds, w.end, counts);
      return counts;
    },

    /**
     * Writes down this minute's window of every range a view compares with its previous window:
     * whatever the indicator, the minimum volume of those comparisons counts distinct KOLs.
     */
    async recordInUse(): Promise<number[]> {
      const t = now();
      const end = t - (t % 60);
      const ranges = new Set<number>();
      for (const settings of await repo().rankingSettings()) {
        const p = rankParams(settings);
        if (p.newCoinEntry || p.fastestRising) ranges.add(p.statRangeSeconds);
      }
      for (const range of ranges) await current(range, { start: end - range, end });
      await repo().forgetAuthorWindows(t - KEEP_SECONDS);
      return [...ranges];
    },

    ...repeating(TICK_MS, (): Promise<number[]> => windows.recordInUse(), deps.log, 'ranking windows'),
  };
  return windows;
}
export type AuthorWindows = ReturnType<typeof authorWindows>;
