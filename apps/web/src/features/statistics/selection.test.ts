import { STAT_INTERVALS_BY_PERIOD, STAT_PERIODS } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { changeStatInterval, changeStatPeriod, DEFAULT_STAT_SELECTION, statIntervalsOf } from './selection';

describe('statistics selection', () => {
  it('starts with posts of all sources over a day by hour', () => {
    expect(DEFAULT_STAT_SELECTION).toEqual({ statType: 'count_tweet', source: '', period: '1d', interval: '1h' });
  });

  it('offers only the intervals a period allows, and every period allows its default', () => {
    expect(statIntervalsOf('1d')).toEqual(['1h']);
    expect(statIntervalsOf('1w')).toEqual(['1h', '1d']);
    expect(statIntervalsOf('1m')).toEqual(['1d', '1w']);
    for (const p of STAT_PERIODS)
      expect(STAT_INTERVALS_BY_PERIOD[p]).toContain(
        changeStatPeriod({ ...DEFAULT_STAT_SELECTION, period: p === '1d' ? '1w' : '1d' }, p).interval,
      );
  });

  it('keeps the interval across periods when allowed, else takes the period default', () => {
    const day = { ...DEFAULT_STAT_SELECTION, statType: 'count_account' as const, source: 'rss' };
    const week = changeStatPeriod(day, '1w');
    expect(week).toEqual({ ...day, period: '1w', interval: '1h' });
    const month = changeStatPeriod(week, '1m');
    expect(month).toEqual({ ...day, period: '1m', interval: '1d' });
    expect(changeStatPeriod(changeStatInterval(month, '1w'), '1w')).toEqual({ ...day, period: '1w', interval: '1d' });
    expect(changeStatPeriod(month, '1d')).toEqual(day);
    expect(changeStatPeriod(month, '1m')).toBe(month);
  });

  it('refuses an interval the period does not allow', () => {
    expect(changeStatInterval(DEFAULT_STAT_SELECTION, '1d')).toBe(DEFAULT_STAT_SELECTION);
    const week = changeStatPeriod(DEFAULT_STAT_SELECTION, '1w');
    expect(changeStatInterval(week, '1d').interval).toBe('1d');
    expect(changeStatInterval(week, '1w')).toBe(week);
  });
});
