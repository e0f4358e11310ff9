import { describe, expect, it } from 'vitest';
import { historyIncomplete, periodStart, recordsIncomplete, windowCoverage } from './historyState';

const loading = (completeFrom: number | null) => ({
  loading: true,
  percent: 45,
  etaSeconds: 60,
  completeFrom,
  recordsPending: false,
});

describe('historyIncomplete', () => {
  it('flags a window that starts before the complete history, only while it loads', () => {
    const now = 1_750_000_000;
    const dayAgo = periodStart('1d', now);
    expect(dayAgo).toBe(now - 86_400);
    expect(historyIncomplete(loading(now - 3600), dayAgo)).toBe(true);
    expect(historyIncomplete(loading(now - 2 * 86_400), dayAgo)).toBe(false);
    expect(historyIncomplete(loading(now - 2 * 86_400), periodStart('1w', now))).toBe(true);
    expect(historyIncomplete(loading(null), now - 60)).toBe(true);
    expect(historyIncomplete({ ...loading(now), loading: false }, dayAgo)).toBe(false);
    expect(historyIncomplete(undefined, dayAgo)).toBe(false);
  });
});

describe('windowCoverage', () => {
  it('is the share of the window already stored, never 100 while incomplete', () => {
    const now = 1_750_000_000;
    const dayAgo = periodStart('1d', now);
    expect(windowCoverage(loading(now - 6 * 3600), dayAgo, now)).toBe(25);
    expect(windowCoverage(loading(now - 3 * 86_400), periodStart('1w', now), now)).toBe(42);
    expect(windowCoverage(loading(null), dayAgo, now)).toBe(0);
    expect(windowCoverage(loading(dayAgo + 1), dayAgo, now)).toBe(99);
    expect(windowCoverage(loading(now + 60), dayAgo, now)).toBe(0);
  });
});

describe('recordsIncomplete', () => {
  it('flags a track record while history loads, and after until its calls are worked out', () => {
    const now = 1_750_000_000;
    expect(recordsIncomplete(loading(now - 3600))).toBe(true);
    expect(recordsIncomplete({ ...loading(now - 30 * 86_400), loading: false, recordsPending: true })).toBe(true);
    expect(recordsIncomplete({ ...loading(now - 30 * 86_400), loading: false })).toBe(false);
    expect(recordsIncomplete(undefined)).toBe(false);
  });
});
