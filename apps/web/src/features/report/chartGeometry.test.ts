import { describe, expect, it } from 'vitest';
import {
  type Bucket,
  bucketAt,
  chartWidth,
  layoutChart,
  layoutLines,
  niceMax,
  PAD_BOTTOM,
  PAD_TOP,
  tipWidth,
} from './chartGeometry';

const bucket = (i: number, up: number, neutral = 0, down = 0): Bucket => ({
  ct: 1_700_000_000 + i * 3600,
  cntUp: up,
  cntNeutral: neutral,
  cntDown: down,
});

describe('chart size', () => {
  it.each([
    [0, 300],
    [4, 300],
    [5, 300],
    [6, 360],
    [24, 1440],
  ])('is 60 px per bucket, at least 300 px: %d buckets are %d px', (buckets, width) => {
    expect(chartWidth(buckets)).toBe(width);
  });

  it('is 300 px tall', () => {
    expect(layoutChart([bucket(0, 1)]).height).toBe(300);
  });
});

describe('y axis', () => {
  it.each([
    [0, 4],
    [1, 4],
    [4, 4],
    [5, 8],
    [7, 8],
    [100, 100],
    [101, 200],
    [1234, 2000],
  ])('rounds the top up to a nice step times four: %d to %d', (max, top) => {
    expect(niceMax(max)).toBe(top);
  });

  it('never goes below the highest count', () => {
    for (const max of [3, 9, 17, 33, 99, 250, 999, 12_345]) expect(niceMax(max)).toBeGreaterThanOrEqual(max);
  });

  it('maps 0 to the plot bottom and the top to the plot top', () => {
    const layout = layoutChart([bucket(0, 8), bucket(1, 0)]);
    expect(layout.y(0)).toBe(300 - PAD_BOTTOM);
    expect(layout.y(8)).toBe(PAD_TOP);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8]);
  });
});

describe('points', () => {
  it('sit in the middle of 60 px slots when there are enough buckets', () => {
    const layout = layoutChart(Array.from({ length: 10 }, (_, i) => bucket(i, i)));
    expect(layout.width).toBe(600);
    expect(layout.xs.slice(0, 3)).toEqual([30, 90, 150]);
    expect(layout.xs.at(-1)).toBe(570);
  });

  it('spread over the minimum width when there are few', () => {
    const layout = layoutChart([bucket(0, 1), bucket(1, 2)]);
    expect(layout.slot).toBe(150);
    expect(layout.xs).toEqual([75, 225]);
  });

  it('draw one line per sentiment from the counts', () => {
    const layout = layoutChart([bucket(0, 4, 2, 0), bucket(1, 0, 2, 4)]);
    const y = layout.y;
    expect(layout.lines.cntUp).toBe(`75,${y(4)} 225,${y(0)}`);
    expect(layout.lines.cntNeutral).toBe(`75,${y(2)} 225,${y(2)}`);
    expect(layout.lines.cntDown).toBe(`75,${y(0)} 225,${y(4)}`);
  });

  it('finds the bucket under a tap, clamped to the chart', () => {
    const layout = layoutChart(Array.from({ length: 10 }, (_, i) => bucket(i, 1)));
    expect(bucketAt(0, layout)).toBe(0);
    expect(bucketAt(59, layout)).toBe(0);
    expect(bucketAt(60, layout)).toBe(1);
    expect(bucketAt(10_000, layout)).toBe(9);
    expect(bucketAt(-5, layout)).toBe(0);
    expect(bucketAt(10, layoutChart([]))).toBe(-1);
  });
});

describe('any number of lines', () => {
  it('draws one polyline per series, scaled to the highest value of all', () => {
    const layout = layoutLines(2, [
      [1, 2],
      [8, 0],
      [0, 0],
      [3, 3],
    ]);
    expect(layout.lines).toHaveLength(4);
    expect(layout.ticks.at(-1)!.value).toBe(8);
    expect(layout.lines[1]).toBe(`75,${PAD_TOP} 225,${300 - PAD_BOTTOM}`);
  });

  it('draws nothing but the axis without series or buckets', () => {
    const layout = layoutLines(0, []);
    expect(layout.lines).toEqual([]);
    expect(layout.width).toBe(300);
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives the sentiment chart the same lines as before', () => {
    const buckets = [bucket(0, 4, 2, 0), bucket(1, 0, 2, 4)];
    const general = layoutLines(2, [
      [4, 0],
      [2, 2],
      [0, 4],
    ]);
    expect(Object.values(layoutChart(buckets).lines)).toEqual(general.lines);
  });
});

describe('tip width', () => {
  it('fits the longest line, wider for Chinese, within 124..220 px', () => {
    expect(tipWidth(['Bullish 3'])).toBe(124);
    expect(tipWidth(['Likes, replies, reposts and quotes 1.2w'])).toBe(220);
    // 15 characters; 7 Chinese ones count twice.
    expect(tipWidth(['Trading & TA 12'])).toBe(132);
    expect(tipWidth(['交易与技术分析 12'])).toBe(145);
    expect(tipWidth([])).toBe(124);
  });
});

describe('a partial last bucket', () => {
  const values = [100, 200, 40];

  it('ends the solid line at the last complete bucket and dashes the segment into the last point', () => {
    const layout = layoutLines(3, [values], true);
    const [x0, x1, x2] = layout.xs;
    expect(layout.lines).toEqual([`${x0},${layout.y(100)} ${x1},${layout.y(200)}`]);
    expect(layout.partialLines).toEqual([`${x1},${layout.y(200)} ${x2},${layout.y(40)}`]);
    expect(layout.partialSlot).toEqual({ x: 200, width: 100 });
  });

  it('is drawn whole, with no dashes, when every bucket is complete', () => {
    const layout = layoutLines(3, [values]);
    expect(layout.lines[0]!.split(' ')).toHaveLength(3);
    expect(layout.partialLines).toEqual([]);
    expect(layout.partialSlot).toBeNull();
  });

  it('is only a dashed point when it is the only bucket', () => {
    const layout = layoutLines(1, [[5]], true);
    expect(layout.lines).toEqual(['']);
    expect(layout.partialLines).toEqual([`${layout.xs[0]},${layout.y(5)}`]);
    expect(layout.partialSlot).toEqual({ x: 0, width: 300 });
  });
});
