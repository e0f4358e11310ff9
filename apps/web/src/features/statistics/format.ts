/** Texts of the statistics page: chart values (spec section 9: 10000 or more shortened). */
import { formatFollowersFor } from '../pickers/format';

/**
 * Below 10,000 the whole number; from 10,000 on, the app's compact count in the reader's units
 * (pickers/format.ts): 12,000 → 12k in English, 1.2万 in Chinese; 1,080,000 → 1m, 108万. The spec's
 * "w" is the Chinese 万, so English never shows it.
 */
export function formatStatValue(value: number, lang: string): string {
  const n = Math.max(0, Math.floor(Number.isFinite(value) ? value : 0));
  return n < 10_000 ? String(n) : formatFollowersFor(n, lang);
}
