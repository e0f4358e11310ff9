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
      // One decimal below 100 (1.2k, 12.5k); whole numbers above (250k); never "1.0k".
      const text = value >= 100 ? String(Math.floor(value)) : String(Math.floor(value * 10) / 10);
      return `${text}${suffix}`;
    }
  }
  return String(n);
}
