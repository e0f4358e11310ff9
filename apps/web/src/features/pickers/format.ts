/** Follower counts abbreviated with k, m and b (spec section 9): 1234 → 1.2k, 2500000 → 2.5m. */
export function formatFollowers(count: number): string {
  const n = Math.max(0, Math.floor(count));
  const units: [number, string][] = [
    [1e9, 'b'],
    [1e6, 'm'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (n >= size) {
      const value = n / size;
      return `${abbreviate(value)}${suffix}`;
    }
  }
  return String(n);
}

/** One decimal below 100 units (1.2k, 12.5万), whole numbers above (250k, 250万); never "1.0k". */
function abbreviate(value: number): string {
  return value >= 100 ? String(Math.floor(value)) : String(Math.floor(value * 10) / 10);
}

/** English uses k, m and b; Chinese counts in 万 (10^4) and 亿 (10^8). */
export function formatFollowersFor(count: number, lang: string): string {
  if (!lang.startsWith('zh')) return formatFollowers(count);
  const n = Math.max(0, Math.floor(Number.isFinite(count) ? count : 0));
  if (n >= 1e8) return `${abbreviate(n / 1e8)}亿`;
  if (n >= 1e4) return `${abbreviate(n / 1e4)}万`;
  return String(n);
}
