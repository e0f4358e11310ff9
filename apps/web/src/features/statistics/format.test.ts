import { describe, expect, it } from 'vitest';
import { formatStatValue } from './format';

describe('statistics values', () => {
  it('show whole numbers below 10,000', () => {
    expect(formatStatValue(0)).toBe('0');
    expect(formatStatValue(42)).toBe('42');
    expect(formatStatValue(9999)).toBe('9999');
    expect(formatStatValue(2.5)).toBe('2');
  });

  it('show ten-thousands with a w suffix from 10,000 on', () => {
    expect(formatStatValue(10_000)).toBe('1w');
    expect(formatStatValue(12_000)).toBe('1.2w');
    expect(formatStatValue(19_999)).toBe('1.9w');
    expect(formatStatValue(125_000)).toBe('12.5w');
    expect(formatStatValue(999_999)).toBe('99.9w');
    expect(formatStatValue(2_500_000)).toBe('250w');
    expect(formatStatValue(123_456_789)).toBe('12345w');
  });

  it('never show a negative or a non-number', () => {
    expect(formatStatValue(-5)).toBe('0');
    expect(formatStatValue(Number.NaN)).toBe('0');
  });
});
