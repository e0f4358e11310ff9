import { GRANULARITIES, REPORT_PERIODS } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { changeInterval, changePeriod, DEFAULT_SELECTION, intervalsOf, isAllowed } from './selection';

describe('report period and interval', () => {
  it('defaults to 1d with 1h, which 1d allows', () => {
    expect(DEFAULT_SELECTION).toEqual({ period: '1d', interval: '1h' });
    expect(isAllowed('1d', '1h')).toBe(true);
  });

  it('offers exactly the spec pairs', () => {
    expect(intervalsOf('1d')).toEqual(['1m', '5m', '15m', '1h']);
    expect(intervalsOf('1w')).toEqual(['5m', '30m', '1h', '1d']);
    expect(intervalsOf('1m')).toEqual(['30m', '1h', '1d', '1w']);
    const allowed = REPORT_PERIODS.flatMap((p) => GRANULARITIES.filter((g) => isAllowed(p, g)).map((g) => `${p}:${g}`));
    expect(allowed).toHaveLength(12);
    expect(isAllowed('1d', '1d')).toBe(false);
    expect(isAllowed('1m', '1m')).toBe(false);
  });

  it('resets the interval to the last of the new period', () => {
    expect(changePeriod(DEFAULT_SELECTION, '1w')).toEqual({ period: '1w', interval: '1d' });
    expect(changePeriod({ period: '1w', interval: '5m' }, '1m')).toEqual({ period: '1m', interval: '1w' });
    expect(changePeriod({ period: '1m', interval: '1w' }, '1d')).toEqual({ period: '1d', interval: '1h' });
  });

  it('keeps the selection when the same period is picked again', () => {
    const current = { period: '1d' as const, interval: '5m' as const };
    expect(changePeriod(current, '1d')).toBe(current);
  });

  it('takes an allowed interval and refuses one the period does not allow', () => {
    expect(changeInterval(DEFAULT_SELECTION, '15m')).toEqual({ period: '1d', interval: '15m' });
    expect(changeInterval(DEFAULT_SELECTION, '1w')).toBe(DEFAULT_SELECTION);
  });
});
