import { describe, expect, it } from 'vitest';
import { historyIncomplete, periodStart } from './historyState';

const loading = (completeFrom: number | null) => ({ loading: true, percent: 45, etaSeconds: 60, completeFrom });

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
