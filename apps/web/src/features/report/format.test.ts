import { describe, expect, it } from 'vitest';
import { bucketLabel, sentimentShares } from './format';

describe('chart time labels', () => {
  // 2024-03-05 07:08:09 UTC
  const ct = Date.UTC(2024, 2, 5, 7, 8, 9) / 1000;

  it('formats MM-DD HH:mm with zero padding', () => {
    expect(bucketLabel(ct, 0)).toBe('03-05 07:08');
  });

  it('follows the reader time zone, across a day boundary', () => {
    // Beijing is UTC+8: getTimezoneOffset() gives -480.
    expect(bucketLabel(ct, -480)).toBe('03-05 15:08');
    // New York in winter, UTC-5: the previous evening.
    expect(bucketLabel(Date.UTC(2024, 0, 1, 2, 30) / 1000, 300)).toBe('12-31 21:30');
  });

  it('uses the local zone by default', () => {
    const d = new Date(ct * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(bucketLabel(ct)).toBe(
      `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`,
    );
  });
});

describe('sentiment shares', () => {
  it('rounds each share of the total on its own', () => {
    expect(sentimentShares({ cntUp: 1, cntNeutral: 1, cntDown: 1 })).toEqual({ bullish: 34, neutral: 33, bearish: 33 });
    expect(sentimentShares({ cntUp: 2, cntNeutral: 1, cntDown: 0 })).toEqual({ bullish: 67, neutral: 33, bearish: 0 });
    // 1/8 = 12.5, 3/8 = 37.5, 4/8 = 50: per-share rounding gives 101; the point left goes to the
    // larger count of the tied remainders.
    expect(sentimentShares({ cntUp: 1, cntNeutral: 3, cntDown: 4 })).toEqual({ bullish: 12, neutral: 38, bearish: 50 });
    // The cards: 74 / 11 / 16 (101) on the same counts now read 74 / 11 / 15.
    expect(sentimentShares({ cntUp: 137, cntNeutral: 20, cntDown: 29 })).toEqual({
      bullish: 74,
      neutral: 11,
      bearish: 15,
    });
  });

  it('always adds up to 100, each share within 1 of its own rounding', () => {
    for (let up = 0; up < 30; up++)
      for (let neutral = 0; neutral < 30; neutral++)
        for (const down of [0, 1, 7, 29]) {
          const total = up + neutral + down;
          if (total === 0) continue;
          const s = sentimentShares({ cntUp: up, cntNeutral: neutral, cntDown: down });
          expect(s.bullish + s.neutral + s.bearish).toBe(100);
          for (const [share, count] of [
            [s.bullish, up],
            [s.neutral, neutral],
            [s.bearish, down],
          ] as const) {
            expect(Math.abs(share - Math.round((count / total) * 100))).toBeLessThanOrEqual(1);
            if (count === 0) expect(share).toBe(0);
          }
        }
  });

  it('is 0 everywhere for an empty total, and treats missing counts as 0', () => {
    expect(sentimentShares({ cntUp: 0, cntNeutral: 0, cntDown: 0 })).toEqual({ bullish: 0, neutral: 0, bearish: 0 });
    expect(sentimentShares(null)).toEqual({ bullish: 0, neutral: 0, bearish: 0 });
    expect(sentimentShares({ cntUp: 3 })).toEqual({ bullish: 100, neutral: 0, bearish: 0 });
  });
});
