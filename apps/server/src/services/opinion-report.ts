/** Bucket rows from the opinion repo into the wire's report: every bucket, and the totals. */
import { EMPTY_SUM_INFO, type ReportData, type SumInfo } from '@kolscope/contract';
import type { BucketCounts } from '../db/repos/opinion';
import { markPartial, type ReportWindow } from './opinion-window';

export function presentReport(window: ReportWindow, rows: BucketCounts[], nowSeconds: number): ReportData {
  const byBucket = new Map(window.buckets.map((ct) => [ct, { ct, cntUp: 0, cntNeutral: 0, cntDown: 0 }]));
  const sum: SumInfo = { ...EMPTY_SUM_INFO };
  for (const r of rows) {
    const bucket = byBucket.get(r.bucket);
    // The queries only read inside the window; a row outside it would be a bug, not data.
    if (!bucket) continue;
    bucket.cntUp += r.up;
    bucket.cntNeutral += r.neutral;
    bucket.cntDown += r.down;
    sum.cntUp += r.up;
    sum.cntNeutral += r.neutral;
    sum.cntDown += r.down;
    if (r.class === 1) {
      sum.cntUpBlue += r.up;
      sum.cntNeutralBlue += r.neutral;
      sum.cntDownBlue += r.down;
    } else if (r.class === 2) {
      sum.cntUpGold += r.up;
      sum.cntNeutralGold += r.neutral;
      sum.cntDownGold += r.down;
    }
  }
  return { intervalList: markPartial([...byBucket.values()], window, nowSeconds), sumInfo: sum };
}
