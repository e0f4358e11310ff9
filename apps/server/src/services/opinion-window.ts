/**
 * The time buckets of a report: `period` back from now in steps of `interval`, the last bucket
 * holding now. Buckets are aligned to the interval in UTC (days start at 00:00 UTC, weeks on
 * Monday), so a bucket's counts do not change with the minute the report is asked for.
 */
import { type Granularity, REPORT_INTERVALS, type ReportPeriod } from '@kolscope/contract';
import type { BucketWindow } from '../db/repos/opinion';
import { badRequest } from './errors';

const MINUTE = 60;
export const GRANULARITY_SECONDS: Record<Granularity, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '1d': 86_400,
  '1w': 7 * 86_400,
};
export const PERIOD_SECONDS: Record<ReportPeriod, number> = { '1d': 86_400, '1w': 7 * 86_400, '1m': 30 * 86_400 };
/** 1970-01-01 was a Thursday; weeks start four days later, on Monday 1970-01-05. */
const MONDAY_OFFSET = 4 * 86_400;

export interface ReportWindow extends BucketWindow {
  /** Every bucket start, oldest first. */
  buckets: number[];
}

export function reportWindow(period: ReportPeriod, interval: Granularity, nowSeconds: number): ReportWindow {
  if (!REPORT_INTERVALS[period].includes(interval)) throw badRequest('interval_not_allowed', { period, interval });
  return alignedWindow(period, interval, nowSeconds);
}

/** The buckets of any period and interval, without checking that the pair is allowed. */
export function alignedWindow(period: ReportPeriod, interval: Granularity, nowSeconds: number): ReportWindow {
  const intervalS = GRANULARITY_SECONDS[interval];
  const offsetS = interval === '1w' ? MONDAY_OFFSET : 0;
  const last = Math.floor((nowSeconds - offsetS) / intervalS) * intervalS + offsetS;
  const n = Math.ceil(PERIOD_SECONDS[period] / intervalS);
  const buckets = Array.from({ length: n }, (_, i) => last - (n - 1 - i) * intervalS);
  return { from: buckets[0]!, to: last + intervalS, intervalS, offsetS, buckets };
}

/**
 * Marks the bucket holding `nowSeconds` as still filling (issue 12): without it the last point
 * of every chart reads as a crash. Only that bucket is marked; `elapsed` is its share gone by.
 */
export function markPartial<T extends { ct: number }>(
  list: T[],
  window: { intervalS: number },
  nowSeconds: number,
): (T & { partial?: boolean; elapsed?: number })[] {
  return list.map((b) => {
    const gone = nowSeconds - b.ct;
    if (gone < 0 || gone >= window.intervalS) return b;
    return { ...b, partial: true, elapsed: Math.round((gone / window.intervalS) * 1000) / 1000 };
  });
}
