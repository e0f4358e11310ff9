/**
 * The mindshare screen's pure state and figures (issue 33 §2): the load (query.ts transitions),
 * shares as percent, the change in share points, the bars' widths and the stacked chart's areas.
 * The server's `share` (0..1, 4 decimals) is shown as it is, never recomputed, so the screen and
 * the API agree to the digit.
 */
import type { MindshareData } from '@kolscope/contract';

export interface MindshareState {
  requestId: number;
  loading: boolean;
  data: MindshareData | null;
  error: string | null;
}

export const initialMindshare: MindshareState = { requestId: 0, loading: true, data: null, error: null };

export const startLoad = (s: MindshareState, silent: boolean): MindshareState => ({
  ...s,
  requestId: s.requestId + 1,
  loading: silent ? s.loading : true,
  error: silent ? s.error : null,
});

export const loaded = (s: MindshareState, requestId: number, data: MindshareData): MindshareState =>
  requestId === s.requestId ? { ...s, loading: false, data, error: null } : s;

/** A silent failure keeps what is shown; a visible one shows its message instead. */
export const failed = (s: MindshareState, requestId: number, error: string, silent: boolean): MindshareState => {
  if (requestId !== s.requestId) return s;
  return silent && s.data ? { ...s, loading: false } : { ...s, loading: false, error, data: silent ? s.data : null };
};

/** A share (0..1) in percent with one decimal: 0.3333 → "33.3%". */
export function percent(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

/** A change of share (0..1 points) in percentage points, one decimal, with its direction. */
export function points(change: number | null): { text: string; dir: 'up' | 'down' | 'flat' } | null {
  if (change === null) return null;
  const tenths = Math.round(change * 1000);
  if (tenths === 0) return { text: '0.0', dir: 'flat' };
  const text = (Math.abs(tenths) / 10).toFixed(1);
  return tenths > 0 ? { text: `+${text}`, dir: 'up' } : { text: `−${text}`, dir: 'down' };
}

/** Each bar's width in percent of the row: the highest share fills it. */
export function barWidths(shares: readonly number[]): number[] {
  const top = Math.max(0, ...shares);
  return shares.map((s) => (top > 0 ? Math.round((s / top) * 1000) / 10 : 0));
}

export interface StackLayout {
  /** The y axis top, in percent: a multiple of 10 reaching the highest stack. */
  top: number;
  /** x of each bucket (0..width). */
  xs: number[];
  /** One closed polygon per series, bottom series first. */
  areas: string[];
  /** Per bucket, each series' share of the bucket's posts (0..1). */
  shares: number[][];
  y: (pct: number) => number;
}

/**
 * The stacked areas: per bucket, each charted series' share of that bucket's posts naming a coin
 * (0 for a bucket without such posts), stacked in list order. Shares of posts overlap (a post
 * names several coins), so a stack may pass 100 %; the axis then goes past it.
 */
export function stackAreas(
  chart: MindshareData['chart'],
  width: number,
  height: number,
  pad = { top: 8, bottom: 4 },
): StackLayout {
  const n = chart.buckets.length;
  const xs = chart.buckets.map((_, i) => (n > 1 ? Math.round(((i * width) / (n - 1)) * 10) / 10 : width / 2));
  const shares = chart.series.map((s) => chart.buckets.map((b, i) => (b.posts > 0 ? (s.counts[i] ?? 0) / b.posts : 0)));
  const stacks: number[][] = [];
  let below = chart.buckets.map(() => 0);
  for (const row of shares) {
    const above = below.map((v, i) => v + (row[i] ?? 0));
    stacks.push(above);
    below = above;
  }
  const highest = Math.max(0, ...below) * 100;
  const top = Math.max(10, Math.ceil(highest / 10) * 10);
  const plot = height - pad.top - pad.bottom;
  const y = (pct: number) => Math.round((pad.top + plot * (1 - pct / top)) * 10) / 10;
  const line = (values: readonly number[]) => values.map((v, i) => `${xs[i]},${y(v * 100)}`);
  const areas = stacks.map((upper, k) => {
    const lower = k === 0 ? chart.buckets.map(() => 0) : stacks[k - 1]!;
    return [...line(upper), ...line(lower).reverse()].join(' ');
  });
  return { top, xs, areas, shares, y };
}
