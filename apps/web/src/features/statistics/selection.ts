/**
 * What the statistics page shows: a metric, a source ('' is every source), a period and an
 * interval the period allows (contract STAT_INTERVALS_BY_PERIOD).
 */
import {
  DEFAULT_STAT_PERIOD,
  STAT_DEFAULT_INTERVAL,
  STAT_INTERVALS_BY_PERIOD,
  type StatInterval,
  type StatPeriod,
  type StatType,
} from '@kolscope/contract';

export interface StatSelection {
  statType: StatType;
  source: string;
  period: StatPeriod;
  interval: StatInterval;
}

export const DEFAULT_STAT_SELECTION: StatSelection = {
  statType: 'count_tweet',
  source: '',
  period: DEFAULT_STAT_PERIOD,
  interval: STAT_DEFAULT_INTERVAL[DEFAULT_STAT_PERIOD],
};

export function statIntervalsOf(period: StatPeriod): readonly StatInterval[] {
  return STAT_INTERVALS_BY_PERIOD[period];
}

/** A new period keeps the interval when it allows it (1d → 1w stays hourly), else takes its default. */
export function changeStatPeriod(current: StatSelection, period: StatPeriod): StatSelection {
  if (period === current.period) return current;
  const interval = STAT_INTERVALS_BY_PERIOD[period].includes(current.interval)
    ? current.interval
    : STAT_DEFAULT_INTERVAL[period];
  return { ...current, period, interval };
}

/** An interval the period does not allow is refused (the sheet never offers one). */
export function changeStatInterval(current: StatSelection, interval: StatInterval): StatSelection {
  if (interval === current.interval || !STAT_INTERVALS_BY_PERIOD[current.period].includes(interval)) return current;
  return { ...current, interval };
}
