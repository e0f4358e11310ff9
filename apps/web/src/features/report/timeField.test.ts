import { describe, expect, it } from 'vitest';
import { timeFromSeconds, timeToSeconds } from './timeField';

const DAY = 86_400;

describe('time selector', () => {
  it('stores whole amounts of minutes, hours and days in seconds', () => {
    expect(timeToSeconds({ amount: '1', unit: 'minute' }, DAY)).toEqual({ seconds: 60 });
    expect(timeToSeconds({ amount: ' 6 ', unit: 'hour' }, DAY)).toEqual({ seconds: 21_600 });
    expect(timeToSeconds({ amount: '1', unit: 'day' }, DAY)).toEqual({ seconds: DAY });
  });

  it('refuses an amount that is not a whole number of at least 1', () => {
    for (const amount of ['', ' ', '0', '-1', '1.5', 'abc', '1e3', '00']) {
      expect(timeToSeconds({ amount, unit: 'hour' }, DAY), amount).toEqual({ error: 'amountInvalid' });
    }
  });

  it('refuses a duration over the limit', () => {
    expect(timeToSeconds({ amount: '2', unit: 'day' }, DAY)).toEqual({ error: 'tooLong' });
    expect(timeToSeconds({ amount: '1441', unit: 'minute' }, DAY)).toEqual({ error: 'tooLong' });
    expect(timeToSeconds({ amount: '1440', unit: 'minute' }, DAY)).toEqual({ seconds: DAY });
  });

  it('shows a stored duration in the largest unit that divides it', () => {
    expect(timeFromSeconds(DAY)).toEqual({ amount: '1', unit: 'day' });
    expect(timeFromSeconds(30 * DAY)).toEqual({ amount: '30', unit: 'day' });
    expect(timeFromSeconds(7200)).toEqual({ amount: '2', unit: 'hour' });
    expect(timeFromSeconds(90 * 60)).toEqual({ amount: '90', unit: 'minute' });
  });
});
