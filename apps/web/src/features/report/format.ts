/** Text of the report: chart time labels and sentiment shares (spec sections 5 and 9). */
import { percentage, type SumInfo } from '@kolscope/contract';

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
 * Per sentiment, round(count / total × 100), 0 when the total is 0, missing counts as 0. Each is
 * rounded on its own, as the spec says, so the three may add up to 99 or 101.
 */
export function sentimentShares(
  sum: Partial<Pick<SumInfo, 'cntUp' | 'cntNeutral' | 'cntDown'>> | null | undefined,
): Shares {
  const up = sum?.cntUp;
  const neutral = sum?.cntNeutral;
  const down = sum?.cntDown;
  return {
    bullish: percentage(up, up, neutral, down),
    neutral: percentage(neutral, up, neutral, down),
    bearish: percentage(down, up, neutral, down),
  };
}
