import { describe, expect, it } from 'vitest';
import { defaultRoles, formatCount, formatFollowersFor, ruleSummary } from './format';

describe('formatFollowersFor', () => {
  it('abbreviates with k, m and b in English', () => {
    expect(formatFollowersFor(999, 'en')).toBe('999');
    expect(formatFollowersFor(1234, 'en')).toBe('1.2k');
    expect(formatFollowersFor(100_000, 'en')).toBe('100k');
    expect(formatFollowersFor(2_500_000, 'en')).toBe('2.5m');
    expect(formatFollowersFor(3_000_000_000, 'en')).toBe('3b');
  });

  it('counts in 万 and 亿 in Chinese', () => {
    expect(formatFollowersFor(9999, 'zh-CN')).toBe('9999');
    expect(formatFollowersFor(10_000, 'zh-CN')).toBe('1万');
    expect(formatFollowersFor(12_345, 'zh-CN')).toBe('1.2万');
    expect(formatFollowersFor(1_250_000, 'zh-CN')).toBe('125万');
    expect(formatFollowersFor(150_000_000, 'zh-CN')).toBe('1.5亿');
  });

  it('treats nonsense as 0', () => {
    expect(formatFollowersFor(-5, 'zh-CN')).toBe('0');
    expect(formatFollowersFor(Number.NaN, 'zh-CN')).toBe('0');
    expect(formatFollowersFor(-5, 'en')).toBe('0');
  });
});

describe('formatCount', () => {
  it('groups digits', () => {
    expect(formatCount(2000, 'en')).toBe('2,000');
    expect(formatCount(12, 'zh-CN')).toBe('12');
  });
});

describe('defaultRoles', () => {
  it('takes the roles the server names and ignores the rest', () => {
    const roles = defaultRoles([
      { id: 'a', defaultRole: 'all' },
      { id: 'b', defaultRole: 'top' },
      { id: 'c', defaultRole: 'whitelistOnly' },
      { id: 'd' },
    ]);
    expect([...roles]).toEqual([
      ['a', 'all'],
      ['b', 'top'],
      ['c', 'whitelistOnly'],
    ]);
  });
});

describe('ruleSummary', () => {
  it('describes each kind of range', () => {
    expect(ruleSummary([100_000, 0], undefined, 'en')).toEqual({ kind: 'range', text: '≥ 100k' });
    expect(ruleSummary([0, 1_000_000], undefined, 'en')).toEqual({ kind: 'range', text: '≤ 1m' });
    expect(ruleSummary([10_000, 1_000_000], undefined, 'en')).toEqual({ kind: 'range', text: '10k–1m' });
    expect(ruleSummary([10_000, 1_000_000], 'top', 'zh-CN')).toEqual({ kind: 'range', text: '1万–100万' });
    expect(ruleSummary([0, 0], 'all', 'en')).toEqual({ kind: 'any' });
  });

  it('says whitelist only for Special Focus whatever its range', () => {
    expect(ruleSummary([100_000, 0], 'whitelistOnly', 'en')).toEqual({ kind: 'whitelistOnly' });
  });
});
