/**
 * Geometry of the sentiment line chart (spec section 9): one 60 px slot per bucket, at least
 * 300 px wide, 300 px tall. Pure, so the layout is tested without a browser.
 */
import { CHART_HEIGHT_PX, CHART_MIN_WIDTH_PX, CHART_POINT_WIDTH_PX } from '@kolscope/contract';

export interface Bucket {
  ct: number;
  cntUp: number;
  cntNeutral: number;
  cntDown: number;
  /** Still filling (the bucket holding now), and the share of it gone by. */
  partial?: boolean | undefined;
  elapsed?: number | undefined;
}

/** The elapsed share of the last bucket when the server marks it partial, else undefined. */
export function partialElapsedOf(buckets: readonly { partial?: boolean | undefined; elapsed?: number | undefined }[]) {
  const last = buckets.at(-1);
  return last?.partial ? (last.elapsed ?? 0) : undefined;
}

export const SERIES = ['cntUp', 'cntNeutral', 'cntDown'] as const;
export type SeriesKey = (typeof SERIES)[number];

/** Room above the highest line and below the plot for the two-line time labels. */
export const PAD_TOP = 16;
export const PAD_BOTTOM = 40;
export const TICKS = 4;

export function chartWidth(buckets: number): number {
  return Math.max(buckets * CHART_POINT_WIDTH_PX, CHART_MIN_WIDTH_PX);
}

/**
 * The top of the y axis: the smallest "nice" step (1, 2, 2.5 or 5 times a power of ten, at
 * least 1 since counts are whole) times TICKS that reaches `max`. An all-zero chart gets 0..4.
 */
export function niceMax(max: number): number {
  if (!(max > 0)) return TICKS;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  // Fractional steps make fractional ticks; counts are whole.
  return Math.max(1, Math.ceil(step)) * TICKS;
}

export interface ChartLayout {
  width: number;
  height: number;
  /** Width of one bucket's slot: 60 px, or wider when few buckets spread over the minimum width. */
  slot: number;
  /** x of each bucket's point (the middle of its slot). */
  xs: number[];
  /** Tick values from 0 to the top, and their y. */
  ticks: { value: number; y: number }[];
  /** SVG polyline points per series. */
  lines: Record<SeriesKey, string>;
  /** y of a value. */
  y: (value: number) => number;
}

/** The layout of any number of lines over `buckets` slots; `lines[i]` draws `series[i]`. */
export interface LinesLayout extends Omit<ChartLayout, 'lines'> {
  lines: string[];
  /**
   * With a partial last bucket (still filling, issue 12): `lines` stop at the last complete
   * bucket and `partialLines[i]` is the dashed segment from there into the last point; `partialSlot`
   * is the last bucket's slot, shaded. Empty and null when every bucket is complete.
   */
  partialLines: string[];
  partialSlot: { x: number; width: number } | null;
}

export function layoutLines(buckets: number, series: readonly (readonly number[])[], partialLast = false): LinesLayout {
  const width = chartWidth(buckets);
  const height = CHART_HEIGHT_PX;
  const slot = buckets > 0 ? width / buckets : width;
  const xs = Array.from({ length: buckets }, (_, i) => Math.round((i + 0.5) * slot * 10) / 10);
  const top = niceMax(Math.max(0, ...series.flatMap((values) => values.map((v) => v ?? 0))));
  const plot = height - PAD_TOP - PAD_BOTTOM;
  const y = (value: number) => Math.round((PAD_TOP + plot * (1 - Math.max(0, value) / top)) * 10) / 10;
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => {
    const value = (top / TICKS) * i;
    return { value, y: y(value) };
  });
  const points = (values: readonly number[], from: number, to: number) =>
    xs
      .slice(from, to)
      .map((x, i) => `${x},${y(values[from + i] ?? 0)}`)
      .join(' ');
  const partial = partialLast && buckets > 0;
  // The solid line ends at the last complete bucket; the dashed one repeats that point so the two meet.
  const lines = series.map((values) => points(values, 0, partial ? buckets - 1 : buckets));
  const partialLines = partial ? series.map((values) => points(values, Math.max(0, buckets - 2), buckets)) : [];
  const partialSlot = partial ? { x: Math.round((buckets - 1) * slot * 10) / 10, width: slot } : null;
  return { width, height, slot, xs, ticks, y, lines, partialLines, partialSlot };
}

/** The sentiment chart: one line per sentiment. */
export function layoutChart(buckets: readonly Bucket[]): ChartLayout {
  const {
    lines,
    partialLines: _dashed,
    partialSlot: _slot,
    ...layout
  } = layoutLines(
    buckets.length,
    SERIES.map((key) => buckets.map((b) => b[key] ?? 0)),
  );
  return { ...layout, lines: { cntUp: lines[0] ?? '', cntNeutral: lines[1] ?? '', cntDown: lines[2] ?? '' } };
}

/**
 * Width of the tap tip for its longest line: about 6.5 px per Latin character at 11 px and twice
 * that for CJK ones, plus the dot and padding; at least 124 px, at most 220.
 */
export function tipWidth(lines: readonly string[]): number {
  const units = (text: string) => [...text].reduce((n, c) => n + (/[\u2e80-\uffff]/.test(c) ? 2 : 1), 0);
  const longest = Math.max(0, ...lines.map(units));
  return Math.min(220, Math.max(124, Math.ceil(longest * 6.5) + 34));
}

/** The bucket under a tap at `x` (chart coordinates), clamped to the chart. */
export function bucketAt(x: number, layout: Pick<ChartLayout, 'slot' | 'xs'>): number {
  if (layout.xs.length === 0) return -1;
  return Math.min(layout.xs.length - 1, Math.max(0, Math.floor(x / layout.slot)));
}
