import { type CoinGroupSplit, EMPTY_SUM_INFO } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { groupRows, mentionsTrend, pickGroup, trackGroupId } from './coinPage';

const group = (id: string, role?: CoinGroupSplit['defaultRole'], up = 0, neutral = 0, down = 0): CoinGroupSplit => ({
  kolGroupId: id,
  name: `group ${id}`,
  ...(role ? { defaultRole: role } : {}),
  intervalList: [],
  sumInfo: { ...EMPTY_SUM_INFO, cntUp: up, cntNeutral: neutral, cntDown: down },
});

describe('the coin page', () => {
  const groups = [group('7', 'top'), group('5', 'all'), group('9')];

  it('shows the picked group while it exists, else All KOLs, else the first', () => {
    expect(pickGroup(groups, '9')?.kolGroupId).toBe('9');
    expect(pickGroup(groups, null)?.kolGroupId).toBe('5');
    expect(pickGroup(groups, 'deleted')?.kolGroupId).toBe('5');
    expect(pickGroup([group('7', 'top'), group('9')], null)?.kolGroupId).toBe('7');
    expect(pickGroup([], null)).toBeNull();
  });

  it('tracks the coin for All KOLs, or every author when that group is missing', () => {
    expect(trackGroupId(groups)).toBe('5');
    expect(trackGroupId([group('9')])).toBe('');
  });

  it("gives each group its post count and the stat cards' shares", () => {
    const rows = groupRows([
      group('1', 'all', 1, 1, 1),
      group('2', undefined, 0, 0, 0),
      group('3', undefined, 2, 1, 0),
    ]);
    expect(rows.map((r) => r.total)).toEqual([3, 0, 3]);
    expect(rows[1]!.shares).toEqual({ bullish: 0, neutral: 0, bearish: 0 });
    expect(rows[2]!.shares).toEqual({ bullish: 67, neutral: 33, bearish: 0 });
  });

  it('compares the mentions with the period before, or says there were none', () => {
    expect(mentionsTrend({ rangeSeconds: 86_400, count: 12, previous: 8, change: 0.5 })).toEqual({
      kind: 'change',
      change: 0.5,
    });
    expect(mentionsTrend({ rangeSeconds: 86_400, count: 3, previous: 0, change: null })).toEqual({
      kind: 'noneBefore',
    });
  });
});
