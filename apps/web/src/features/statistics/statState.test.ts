import { describe, expect, it } from 'vitest';
import { failStat, initialStat, receiveStat, startStatLoad, statDisplay } from './statState';

const tables = [{ tableName: 'Posts', tableList: [{ ct: 1, cnt: 2 }] }];

describe('statistics loading', () => {
  it('shows a spinner first, then the chart', () => {
    const started = startStatLoad(initialStat, false);
    expect(statDisplay(started)).toBe('spinner');
    expect(started.loading).toBe(true);
    const loaded = receiveStat(started, started.requestId, tables, 1000);
    expect(statDisplay(loaded)).toBe('chart');
    expect(loaded).toMatchObject({ loading: false, updatedAt: 1000 });
  });

  it('gives an empty chart when a visible load fails', () => {
    const loaded = receiveStat(startStatLoad(initialStat, false), 1, tables, 1000);
    const again = startStatLoad(loaded, false);
    const failed = failStat(again, again.requestId, false);
    expect(statDisplay(failed)).toBe('empty');
    expect(failed.tables).toBeNull();
    // The next success shows the chart again.
    const next = startStatLoad(failed, false);
    expect(statDisplay(receiveStat(next, next.requestId, tables, 2000))).toBe('chart');
  });

  it('keeps the chart when the silent refresh fails, and shows no spinner for it', () => {
    const loaded = receiveStat(startStatLoad(initialStat, false), 1, tables, 1000);
    const silent = startStatLoad(loaded, true);
    expect(silent.loading).toBe(false);
    expect(failStat(silent, silent.requestId, true)).toBe(silent);
  });

  it('drops answers to an older request', () => {
    const first = startStatLoad(initialStat, false);
    const second = startStatLoad(first, false);
    expect(receiveStat(second, first.requestId, tables, 1)).toBe(second);
    expect(failStat(second, first.requestId, false)).toBe(second);
  });

  it('shows an empty chart for an answer without series', () => {
    const s = startStatLoad(initialStat, false);
    expect(statDisplay(receiveStat(s, s.requestId, [], 1))).toBe('empty');
  });
});
