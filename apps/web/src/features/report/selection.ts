/**
 * The report's period and interval (spec section 4, "Report"): periods 1d, 1w, 1m (default 1d),
 * each with its own allowed intervals (default 1h); changing the period resets the interval to
 * the last one that period allows.
 */
import {
  DEFAULT_REPORT_INTERVAL,
  DEFAULT_REPORT_PERIOD,
  type Granularity,
  REPORT_INTERVALS,
  type ReportPeriod,
} from '@kolscope/contract';

export interface ReportSelection {
  period: ReportPeriod;
  interval: Granularity;
}

export const DEFAULT_SELECTION: ReportSelection = { period: DEFAULT_REPORT_PERIOD, interval: DEFAULT_REPORT_INTERVAL };

export function intervalsOf(period: ReportPeriod): readonly Granularity[] {
  return REPORT_INTERVALS[period];
}

export function isAllowed(period: ReportPeriod, interval: Granularity): boolean {
  return REPORT_INTERVALS[period].includes(interval);
}

/** A new period takes the last (coarsest) interval of its list, whatever was picked before. */
export function changePeriod(current: ReportSelection, period: ReportPeriod): ReportSelection {
  if (period === current.period) return current;
  const list = REPORT_INTERVALS[period];
  return { period, interval: list[list.length - 1] ?? DEFAULT_REPORT_INTERVAL };
}

/** An interval the period does not allow is refused (the sheet never offers one). */
export function changeInterval(current: ReportSelection, interval: Granularity): ReportSelection {
  if (interval === current.interval || !isAllowed(current.period, interval)) return current;
  return { ...current, interval };
}
