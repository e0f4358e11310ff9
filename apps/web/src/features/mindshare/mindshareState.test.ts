import type { MindshareData } from '@kolscope/contract';
import { describe, expect, it } from 'vitest';
import { barWidths, failed, initialMindshare, loaded, percent, points, stackAreas, startLoad } from './mindshareState';

const chart: MindshareData['chart'] = {
  buckets: [
    { ct: 0, posts: 10 },
    { ct: 3600, posts: 0 },
    { ct: 7200, posts: 4, partial: true, elapsed: 0.5 },
  ],
  series: [
    { key: 'BTC', counts: [5, 0, 2] },
    { key: 'ETH', counts: [4, 0, 3] },
  ],
};

describe('mindshare figures', () => {
  it('show shares as percent and changes as signed points', () => {
    expect(percent(0.3333)).toBe('33.3%');
    expect(percent(0)).toBe('0.0%');
    expect(percent(1)).toBe('100.0%');
    expect(points(0.0123)).toEqual({ text: '+1.2', dir: 'up' });
    expect(points(-0.05)).toEqual({ text: '−5.0', dir: 'down' });
    expect(points(0.0004)).toEqual({ text: '0.0', dir: 'flat' });
    expect(points(null)).toBeNull();
  });

  it('fill the row with the highest share', () => {
    expect(barWidths([0.5, 0.25, 0])).toEqual([100, 50, 0]);
    expect(barWidths([0, 0])).toEqual([0, 0]);
  });

  it('stack each series as its share of the bucket, past 100 % when posts name several', () => {
    const s = stackAreas(chart, 300, 108, { top: 8, bottom: 0 });
    expect(s.shares).toEqual([
      [0.5, 0, 0.5],
      [0.4, 0, 0.75],
    ]);
    // The highest stack is 125 %: the axis reaches 130.
    expect(s.top).toBe(130);
    expect(s.xs).toEqual([0, 150, 300]);
    expect(s.areas).toHaveLength(2);
    // The first area sits on the axis; the second on the first.
    expect(s.areas[0]!.split(' ').slice(3)).toEqual([`300,${s.y(0)}`, `150,${s.y(0)}`, `0,${s.y(0)}`]);
    expect(s.areas[1]!.split(' ')[2]).toBe(`300,${s.y(125)}`);
  });

  it('keep what is shown when a silent refresh fails, and drop stale answers', () => {
    const first = startLoad(initialMindshare, false);
    const data = { posts: 1 } as MindshareData;
    const shown = loaded(first, first.requestId, data);
    expect(shown).toMatchObject({ loading: false, data, error: null });
    const silent = startLoad(shown, true);
    expect(failed(silent, silent.requestId, 'offline', true)).toMatchObject({ data, error: null });
    const visible = startLoad(shown, false);
    expect(failed(visible, visible.requestId, 'offline', false)).toMatchObject({ data: null, error: 'offline' });
    expect(loaded(visible, first.requestId, data)).toBe(visible);
  });
});
