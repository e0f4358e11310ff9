import { describe, expect, it } from 'vitest';
import { formatFollowers } from './format';

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
