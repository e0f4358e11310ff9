/** Whether a window of data reaches back before the history loaded so far. */
import type { HistoryStatus, ReportPeriod } from '@kolscope/contract';

const PERIOD_SECONDS: Record<ReportPeriod, number> = { '1d': 86_400, '1w': 7 * 86_400, '1m': 30 * 86_400 };

/** The start (unix seconds) of a report period ending now. */
export const periodStart = (period: ReportPeriod, nowSeconds: number) => nowSeconds - PERIOD_SECONDS[period];

/**
 * A ranking or report over [windowStart, now] is incomplete while history loads and the window
 * starts before the time from which every post is stored (or nothing recent is stored yet).
 */
export function historyIncomplete(status: HistoryStatus | undefined, windowStart: number): boolean {
  if (!status?.loading) return false;
  return status.completeFrom === null || windowStart < status.completeFrom;
}

/**
 * A track record spans all of a KOL's history: it is incomplete while history loads, and after,
 * until its calls have been worked out from the loaded history (`recordsPending`).
 */
export function recordsIncomplete(status: HistoryStatus | undefined): boolean {
  return !!status && (status.loading || status.recordsPending);
}

/**
 * Whole percent of the window [windowStart, now] whose posts are all stored, 0..99 while it is
 * incomplete. The note shows this rather than the share of all history: a 24 h ranking filled
 * from the newest posts would otherwise read "0 %" above a full table (30 days load in all).
 */
export function windowCoverage(status: HistoryStatus, windowStart: number, nowSeconds: number): number {
  const span = nowSeconds - windowStart;
  if (status.completeFrom === null || span <= 0) return 0;
  const covered = (nowSeconds - Math.max(status.completeFrom, windowStart)) / span;
  return Math.min(99, Math.max(0, Math.floor(covered * 100)));
}
