import { describe, expect, it } from 'vitest';
import { shapeStat, summaryKind, tableScrolls, visibleLines } from './series';

const T = 1_763_337_600;
const table = (tableName: string, cnts: number[], start = T) => ({
  tableName,
  tableList: cnts.map((cnt, i) => ({ ct: start + i * 3600, cnt })),
});

describe('statistics series', () => {
  it('gives each table a line on the shared buckets, with a colour, its latest value and total', () => {
    const model = shapeStat([table('DeFi', [1, 0, 4]), table('AI', [0, 2, 3])], 'count_category_tweet');
    expect(model.cts).toEqual([T, T + 3600, T + 7200]);
    expect(model.lines.map((l) => [l.name, l.tone, l.values, l.latest, l.summary])).toEqual([
      ['DeFi', 's0', [1, 0, 4], 4, 5],
      ['AI', 's1', [0, 2, 3], 3, 5],
    ]);
  });

  it('show the peak, not a sum, for distinct accounts', () => {
    expect(summaryKind('count_account')).toBe('peak');
    expect(summaryKind('count_crypto_account')).toBe('peak');
    expect(summaryKind('count_interaction')).toBe('total');
    expect(shapeStat([table('Accounts', [3, 7, 5])], 'count_account').lines[0]!.summary).toBe(7);
    expect(shapeStat([table('Posts', [3, 7, 5])], 'count_tweet').lines[0]!.summary).toBe(15);
  });

  it('align tables with different buckets, missing ones as zeros', () => {
    const model = shapeStat([table('a', [1, 1]), table('b', [2, 2], T + 3600)], 'count_category_tweet');
    expect(model.cts).toEqual([T, T + 3600, T + 7200]);
    expect(model.lines.map((l) => l.values)).toEqual([
      [1, 1, 0],
      [0, 2, 2],
    ]);
  });

  it('cycle twelve colours and keep keys unique', () => {
    const lines = shapeStat(
      Array.from({ length: 13 }, (_, i) => table(i === 12 ? 'n0' : `n${i}`, [i])),
      'count_category_tweet',
    ).lines;
    expect(lines[12]!.tone).toBe('s0');
    expect(new Set(lines.map((l) => l.key)).size).toBe(13);
  });

  it('show nothing for no tables', () => {
    expect(shapeStat([], 'count_tweet')).toEqual({ cts: [], lines: [] });
  });

  it('are keyed by name, so a focus survives a refresh that reorders them', () => {
    const before = shapeStat([table('a', [1]), table('b', [2])], 'count_category_tweet').lines;
    const after = shapeStat([table('b', [5]), table('a', [1])], 'count_category_tweet').lines;
    expect(visibleLines(after, before[1]!.key).map((l) => l.name)).toEqual(['b']);
  });

  it('draw all lines, or only the one picked in the table', () => {
    const { lines } = shapeStat([table('a', [1]), table('b', [2])], 'count_category_tweet');
    expect(visibleLines(lines, null)).toBe(lines);
    expect(visibleLines(lines, lines[1]!.key)).toEqual([lines[1]]);
    expect(visibleLines(lines, 'gone')).toBe(lines);
  });

  it('scroll the table from 4 series on', () => {
    expect(tableScrolls(3)).toBe(false);
    expect(tableScrolls(4)).toBe(true);
    expect(tableScrolls(12)).toBe(true);
  });
});

describe('the partial last bucket', () => {
  it('is taken from the server mark on the last bucket, and absent without it', () => {
    const plain = table('Posts', [3, 7, 1]);
    const marked = {
      ...plain,
      tableList: plain.tableList.map((b, i) => (i === 2 ? { ...b, partial: true, elapsed: 0.25 } : b)),
    };
    expect(shapeStat([marked], 'count_tweet').partialElapsed).toBe(0.25);
    expect(shapeStat([table('Posts', [3, 7, 1])], 'count_tweet').partialElapsed).toBeUndefined();
  });
});
