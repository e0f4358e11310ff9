/** Text of the report: chart time labels and sentiment shares (spec sections 5 and 9). */
import type { SumInfo } from '@kolscope/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A bucket's time as 'MM-DD HH:mm' in the reader's time zone. The offset (minutes, as
 * Date#getTimezoneOffset gives it) is a parameter so tests can name a zone.
 */
export function bucketLabel(ct: number, offsetMinutes = new Date(ct * 1000).getTimezoneOffset()): string {
  const d = new Date((ct - offsetMinutes * 60) * 1000);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export interface Shares {
  bullish: number;
  neutral: number;
  bearish: number;
}

/**
 * Per sentiment, its share of the total in whole percent, 0 when the total is 0, missing counts
 * as 0. The three add up to exactly 100 (issue 29: cards reading 74 / 11 / 16 beside each other):
 * each share is floored and the points left go to the largest remainders (on a tie, the larger
 * count), so every share is within 1 of the spec's round(count / total × 100) and a share of 0
 * posts stays 0.
 */
export function sentimentShares(
  sum: Partial<Pick<SumInfo, 'cntUp' | 'cntNeutral' | 'cntDown'>> | null | undefined,
): Shares {
  const counts = [sum?.cntUp ?? 0, sum?.cntNeutral ?? 0, sum?.cntDown ?? 0];
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return { bullish: 0, neutral: 0, bearish: 0 };
  const exact = counts.map((c) => (c / total) * 100);
  const shares = exact.map(Math.floor);
  const left = 100 - shares.reduce((a, b) => a + b, 0);
  const order = [0, 1, 2].sort(
    (a, b) => exact[b]! - shares[b]! - (exact[a]! - shares[a]!) || counts[b]! - counts[a]! || a - b,
  );
  for (const i of order.slice(0, left)) shares[i]! += 1;
  return { bullish: shares[0]!, neutral: shares[1]!, bearish: shares[2]! };
}
