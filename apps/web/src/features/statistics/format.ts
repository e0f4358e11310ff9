/** Texts of the statistics page: chart values (spec section 9: 10000 or more with a w suffix). */

/**
 * Below 10,000 the whole number; from 10,000 on, ten-thousands with a w suffix: one decimal below
 * 100w (12,000 → 1.2w, 125,000 → 12.5w), whole above (2,500,000 → 250w), never "1.0w". Decimals
 * are cut, not rounded, like the follower counts, so 19,999 never reads as 2w.
 */
export function formatStatValue(value: number): string {
  const n = Math.max(0, Math.floor(Number.isFinite(value) ? value : 0));
  if (n < 10_000) return String(n);
  const w = n / 10_000;
  return `${w >= 100 ? Math.floor(w) : Math.floor(w * 10) / 10}w`;
}
