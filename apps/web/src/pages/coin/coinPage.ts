/**
 * The coin page's choices, pure (issue 29): which group's chart and leaderboard show, which group
 * "Track this coin" uses, each group's row, and how the mentions compare.
 */
import type { CoinGroupSplit, CoinMentions } from '@kolscope/contract';
import { type Shares, sentimentShares } from '../../features/report/format';

/**
 * The group whose chart and best record show: the one the reader picked while it still exists,
 * else All KOLs (the group "Track this coin" counts), else the first.
 */
export function pickGroup(groups: readonly CoinGroupSplit[], picked: string | null): CoinGroupSplit | null {
  return (
    groups.find((g) => g.kolGroupId === picked) ?? groups.find((g) => g.defaultRole === 'all') ?? groups[0] ?? null
  );
}

/**
 * The group "Track this coin" makes the view for: All KOLs, so the new view shows the numbers of
 * this page's All KOLs row (the server counts both alike); '' (every author) if it is missing.
 */
export function trackGroupId(groups: readonly CoinGroupSplit[]): string {
  return groups.find((g) => g.defaultRole === 'all')?.kolGroupId ?? '';
}

export interface GroupRow {
  id: string;
  name: string;
  total: number;
  /** The report's rounding (the stat cards' shares), 0 each when there are no posts. */
  shares: Shares;
}

export function groupRows(groups: readonly CoinGroupSplit[]): GroupRow[] {
  return groups.map((g) => ({
    id: g.kolGroupId,
    name: g.name,
    total: g.sumInfo.cntUp + g.sumInfo.cntNeutral + g.sumInfo.cntDown,
    shares: sentimentShares(g.sumInfo),
  }));
}

/** How the mentions moved: a change against the period before, or nothing before to compare with. */
export type MentionsTrend = { kind: 'change'; change: number } | { kind: 'noneBefore' };

export function mentionsTrend(m: CoinMentions): MentionsTrend {
  return m.change === null ? { kind: 'noneBefore' } : { kind: 'change', change: m.change };
}
