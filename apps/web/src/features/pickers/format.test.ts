import { describe, expect, it } from 'vitest';
import { formatFollowers } from './format';

describe('formatFollowers', () => {
  it('abbreviates with k, m and b', () => {
    expect(formatFollowers(0)).toBe('0');
    expect(formatFollowers(999)).toBe('999');
    expect(formatFollowers(1000)).toBe('1k');
    expect(formatFollowers(1250)).toBe('1.2k');
    expect(formatFollowers(250_000)).toBe('250k');
    expect(formatFollowers(2_500_000)).toBe('2.5m');
    expect(formatFollowers(3_000_000_000)).toBe('3b');
  });
});
