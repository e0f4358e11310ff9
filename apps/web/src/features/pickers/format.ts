/**
 * The app's one way to shorten a count (spec section 9): followers, post metrics, statistics
 * values, and the units of the ranking's columns. English uses k, m and b; Chinese counts in
 * 万 (10^4) and 亿 (10^8), so "108万" in Chinese is "1m" in English, never "108w".
 */
const EN_UNITS: readonly (readonly [number, string])[] = [
  [1e9, 'b'],
  [1e6, 'm'],
  [1e3, 'k'],
];
const ZH_UNITS: readonly (readonly [number, string])[] = [
  [1e8, '亿'],
  [1e4, '万'],
];

/** The language's units, largest first: [size, suffix]. */
export function compactUnits(lang: string): readonly (readonly [number, string])[] {
  return lang.startsWith('zh') ? ZH_UNITS : EN_UNITS;
}

/** One decimal below 100 units (1.2k, 12.5万), whole numbers above (250k, 250万); never "1.0k". */
function abbreviate(value: number): string {
  return value >= 100 ? String(Math.floor(value)) : String(Math.floor(value * 10) / 10);
}

/**
 * A count in the largest unit it reaches: 1234 → 1.2k (en), 12345 → 1.2万 (zh). Decimals are cut,
 * not rounded, so 19,999 never reads as 20k.
 */
export function formatFollowersFor(count: number, lang: string): string {
  const n = Math.max(0, Math.floor(Number.isFinite(count) ? count : 0));
  const unit = compactUnits(lang).find(([size]) => n >= size);
  return unit ? `${abbreviate(n / unit[0])}${unit[1]}` : String(n);
}

/** Follower counts in English: 1234 → 1.2k, 2500000 → 2.5m. */
export function formatFollowers(count: number): string {
  return formatFollowersFor(count, 'en');
}
