import { describe, expect, it } from 'vitest';
import { compactUnits, formatFollowers, formatFollowersFor } from './format';

describe('formatFollowers', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1250, '1.2k'],
    [250_000, '250k'],
    [2_500_000, '2.5m'],
    [3_000_000_000, '3b'],
  ])('abbreviates %d with k, m and b as %s', (count, text) => {
    expect(formatFollowers(count)).toBe(text);
  });
});

describe('formatFollowersFor', () => {
  it.each([
    [9_999, '9999'],
    [12_345, '1.2万'],
    [1_080_000, '108万'],
    [250_000_000, '2.5亿'],
  ])('counts %d in 万 and 亿 in Chinese as %s', (count, text) => {
    expect(formatFollowersFor(count, 'zh-CN')).toBe(text);
  });

  it('uses the English units for any other language', () => {
    expect(formatFollowersFor(1_080_000, 'en')).toBe('1m');
    expect(compactUnits('en').map(([, s]) => s)).toEqual(['b', 'm', 'k']);
    expect(compactUnits('zh-CN').map(([, s]) => s)).toEqual(['亿', '万']);
  });
});
