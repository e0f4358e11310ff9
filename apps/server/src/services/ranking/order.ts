/**
 * The order of a ranking (pure): by the indicator's value, or, with fastestRising, by growth
 * against the previous window of the same length; newCoinEntry marks coins that were not in the
 * previous window's top. Every list first drops the tickers the ranking does not count as coins
 * (see `counted`), and the comparisons with the previous window need a minimum volume
 * (RANK_MIN_KOLS distinct KOLs), so a coin one KOL named cannot outrank a real mover.
 */
import { RANK_MIN_KOLS } from '@kolscope/contract';
import type { RankParams } from './settings';

export interface RankedCoin {
  coin: string;
  value: number;
  /** fastestRising: (current − previous) / previous. */
  growth?: number;
  /** newCoinEntry: not among the previous window's top topNum. */
  isNew?: boolean;
}

/** Distinct KOLs per coin in each window, and which tickers are catalogue coins. */
export interface RankVolume {
  kolsNow: ReadonlyMap<string, number>;
  /** Present when the view compares with the previous window. */
  kolsBefore?: ReadonlyMap<string, number>;
  isCatalogued: (coin: string) => boolean;
}

/**
 * fastestRising ranks the growth of the coins that are hot now (the widest list a view can
 * show) and have the minimum volume in both windows.
 */
export const RISING_POOL = 100;

function byValue(values: Map<string, number>, keep: (coin: string) => boolean): { coin: string; value: number }[] {
  return [...values]
    .filter(([coin]) => keep(coin))
    .map(([coin, value]) => ({ coin, value }))
    .sort((a, b) => b.value - a.value || (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
}

/**
 * An unknown ticker (a cashtag outside the catalogue, kept by the extractor because new coins
 * appear daily) counts as a coin in a window once RANK_MIN_KOLS distinct KOLs named it there:
 * one author's typo or "$BTC100x" stored before the extractor knew better never shows.
 */
function counted(coin: string, kols: ReadonlyMap<string, number> | undefined, v: RankVolume): boolean {
  return v.isCatalogued(coin) || (kols?.get(coin) ?? 0) >= RANK_MIN_KOLS;
}

export function rankCoins(
  p: Pick<RankParams, 'topNum' | 'newCoinEntry' | 'fastestRising'>,
  current: Map<string, number>,
  previous: Map<string, number> | undefined,
  v: RankVolume,
): RankedCoin[] {
  const before = previous ?? new Map<string, number>();
  const enough = (kols: ReadonlyMap<string, number> | undefined, coin: string) =>
    (kols?.get(coin) ?? 0) >= RANK_MIN_KOLS;
  let list = byValue(current, (coin) => counted(coin, v.kolsNow, v));
  if (p.fastestRising) {
    list = list
      .slice(0, RISING_POOL)
      .filter((c) => enough(v.kolsNow, c.coin) && enough(v.kolsBefore, c.coin) && (before.get(c.coin) ?? 0) > 0)
      .map((c, i) => ({ ...c, i, g: (c.value - before.get(c.coin)!) / before.get(c.coin)! }))
      .sort((a, b) => (b.g === a.g ? a.i - b.i : b.g - a.g))
      .map(({ coin, value }) => ({ coin, value }));
  }
  const previousTop = new Set(
    byValue(before, (coin) => counted(coin, v.kolsBefore, v))
      .slice(0, p.topNum)
      .map((c) => c.coin),
  );
  return list.slice(0, p.topNum).map(({ coin, value }) => {
    const item: RankedCoin = { coin, value };
    const prev = before.get(coin) ?? 0;
    if (p.fastestRising && prev > 0) item.growth = (value - prev) / prev;
    if (p.newCoinEntry) item.isNew = !previousTop.has(coin) && enough(v.kolsNow, coin);
    return item;
  });
}
