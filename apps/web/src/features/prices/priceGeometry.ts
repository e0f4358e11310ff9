/**
 * The price line of the report chart (issue 16 §2): prices on the report's buckets, on an axis of
 * their own at the right. The sentiment lines keep their scale (chartGeometry.ts): the price axis
 * only reuses the same plot box and the same TICKS grid lines, with its own values on them.
 */
import type { PricePoint } from '@kolscope/contract';
import { PAD_BOTTOM, PAD_TOP, TICKS } from '../report/chartGeometry';

/** A coin's value per bucket of the report, null where the bucket has no candle. */
export type BucketValues = (number | null)[];

/** The prices on the report's buckets: a point whose ct is not a bucket start is left out. */
export function alignPrices(cts: readonly number[], points: readonly PricePoint[]): BucketValues {
  const byCt = new Map(points.map((p) => [p.ct, p.price]));
  return cts.map((ct) => byCt.get(ct) ?? null);
}

/**
 * Each value as a change from the coin's first priced bucket (0.05 = +5 %): several coins of very
 * different prices then share one axis and compare at a glance.
 */
export function changeFromFirst(values: BucketValues): BucketValues {
  const first = values.find((v): v is number => v !== null && v !== 0);
  return values.map((v) => (v === null || first === undefined ? null : v / first - 1));
}

/** 1, 2, 2.5 or 5 times a power of ten: the smallest that is at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw * (1 - 1e-12)) ?? raw;
}

export interface ValueScale {
  /** The value at the bottom of the plot and the value between grid lines. */
  low: number;
  step: number;
  /** The TICKS + 1 values on the grid lines, bottom first. */
  ticks: number[];
}

/**
 * An axis of TICKS nice steps that holds every value: the lowest tick at or below the minimum,
 * the highest at or above the maximum. A flat series gets a band of ±1 % around its value (or
 * ±1 around 0), so one price reads as one price, in the middle.
 */
export function valueScale(values: readonly number[]): ValueScale | null {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return null;
  let min = Math.min(...finite);
  let max = Math.max(...finite);
  if (max - min <= Math.abs(max) * 1e-9) {
    const pad = max === 0 ? 1 : Math.abs(max) * 0.01;
    min -= pad;
    max += pad;
  }
  let step = niceStep((max - min) / TICKS);
  let low = Math.floor(min / step) * step;
  // Flooring the bottom may push the top below the maximum: the next nice step then (bounded).
  for (let i = 0; i < 8 && low + step * TICKS < max; i++) {
    step = niceStep(step * 1.01);
    low = Math.floor(min / step) * step;
  }
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => clean(low + step * i));
  return { low, step, ticks };
}

/** 0.1 + 0.2 style noise off a tick value. */
function clean(v: number): number {
  return Number(v.toPrecision(12));
}

export interface OverlayLine {
  key: string;
  /** The y of each bucket's value, null where there is none. */
  ys: (number | null)[];
  /** SVG polyline points through the buckets that have a value (gaps are bridged). */
  points: string;
}

export interface OverlayLayout {
  scale: ValueScale;
  /** The grid lines' y, bottom first, as the sentiment axis has them. */
  tickYs: number[];
  lines: OverlayLine[];
  y: (value: number) => number;
}

/**
 * Lays the price lines into the sentiment chart's plot box (`height` tall, points at `xs`): the
 * scale's bottom on the plot's bottom, its top on the plot's top. Null when no bucket has a value.
 */
export function layoutOverlay(
  xs: readonly number[],
  height: number,
  series: readonly { key: string; values: BucketValues }[],
): OverlayLayout | null {
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const scale = valueScale(all);
  if (!scale) return null;
  const plot = height - PAD_TOP - PAD_BOTTOM;
  const span = scale.step * TICKS;
  const y = (value: number) => Math.round((PAD_TOP + plot * (1 - (value - scale.low) / span)) * 10) / 10;
  const lines = series.map(({ key, values }) => {
    const ys = xs.map((_, i) => {
      const v = values[i];
      return v === null || v === undefined ? null : y(v);
    });
    const points = xs
      .map((x, i) => (ys[i] === null ? null : `${x},${ys[i]}`))
      .filter((p) => p !== null)
      .join(' ');
    return { key, ys, points };
  });
  return { scale, tickYs: scale.ticks.map(y), lines, y };
}
