import { describe, expect, it } from 'vitest';
import { formatStatValue } from './format';

describe('statistics values', () => {
  it.each([
    // whole numbers below 10,000
    [0, '0'],
    [42, '42'],
    [9999, '9999'],
    [2.5, '2'],
    // ten-thousands with a w suffix from 10,000 on
    [10_000, '1w'],
    [12_000, '1.2w'],
    [19_999, '1.9w'],
    [125_000, '12.5w'],
    [999_999, '99.9w'],
    [2_500_000, '250w'],
    [123_456_789, '12345w'],
    // never a negative or a non-number
    [-5, '0'],
    [Number.NaN, '0'],
  ])('shows %d as %s', (value, text) => {
    expect(formatStatValue(value)).toBe(text);
  });
});
