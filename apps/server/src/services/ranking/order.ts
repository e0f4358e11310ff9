/**
 * The order of a ranking (pure): by the indicator's value, or, with fastestRising, by growth
 * against the previous window of the same length; newCoinEntry marks coins that were not in the
 * previous window's top.
 */
import type { RankParams } from './settings';

export interface RankedCoin {
  coin: string;
  value: number;
  /** fastestRising: (current − previous) / previous; absent when the coin had nothing before. */
  growth?: number;
  /** newCoinEntry: not among the previous window's top topNum. */
  isNew?: boolean;
}

/**
 * fastestRising ranks the growth of the coins that are hot now (the widest list a view can
 * show): otherwise a coin going from one post to three would outrank every real mover.
 */
export const RISING_POOL = 100;

function byValue(values: Map<string, number>): { coin: string; value: number }[] {
  return [...values]
    .map(([coin, value]) => ({ coin, value }))
    .sort((a, b) => b.value - a.value || (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
}

/** Relative growth; a coin absent before grows without bound and leads, biggest first. */
function growthOf(current: number, previous: number): number {
  return previous > 0 ? (current - previous) / previous : Number.POSITIVE_INFINITY;
}

export function rankCoins(
  p: Pick<RankParams, 'topNum' | 'newCoinEntry' | 'fastestRising'>,
  current: Map<string, number>,
  previous?: Map<string, number>,
): RankedCoin[] {
  const before = previous ?? new Map<string, number>();
  let list = byValue(current);
  if (p.fastestRising) {
    list = list
      .slice(0, RISING_POOL)
      .map((c, i) => ({ ...c, i, g: growthOf(c.value, before.get(c.coin) ?? 0) }))
      .sort((a, b) => (b.g === a.g ? a.i - b.i : b.g > a.g ? 1 : -1))
      .map(({ coin, value }) => ({ coin, value }));
  }
  const previousTop = new Set(
    byValue(before)
      .slice(0, p.topNum)
      .map((c) => c.coin),
  );
  return list.slice(0, p.topNum).map(({ coin, value }) => {
    const item: RankedCoin = { coin, value };
    const prev = before.get(coin) ?? 0;
    if (p.fastestRising && prev > 0) item.growth = (value - prev) / prev;
    if (p.newCoinEntry) item.isNew = !previousTop.has(coin);
    return item;
  });
}
