/** Text of the report: chart time labels and sentiment shares (spec sections 5 and 9). */
import { type SumInfo, sentimentShareSplit } from '@kolscope/contract';

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
  // One rule for the screens and the opinion alerts' numbers (contract alerts.ts).
  return sentimentShareSplit(sum?.cntUp ?? 0, sum?.cntNeutral ?? 0, sum?.cntDown ?? 0);
}
