/**
 * Geometry of the "follow the group" chart (issue 33 §4): the group's curve and BTC's, returns
 * since the first entry, on one time axis and one return axis that always holds 0 (the start).
 * The report's LineChart draws counts on a scale starting at 0; returns go below it, so this
 * small chart has its own scale, in the way of the call cards' sparkline (sparkline.ts). Pure.
 */
export interface FollowChartPoint {
  ct: number;
  equity: number;
  btc: number | null;
}

export interface FollowChartShape {
  width: number;
  height: number;
  /** SVG polyline points of the group's curve and of BTC ('' when BTC has under two points). */
  equity: string;
  btc: string;
  /** y of the 0 line, and the axis' bottom and top values with their y. */
  zeroY: number;
  ticks: { value: number; y: number }[];
}

const round = (n: number) => Math.round(n * 10) / 10;

export function followChartShape(
  points: readonly FollowChartPoint[],
  width: number,
  height: number,
  pad = { top: 8, bottom: 8, left: 4, right: 4 },
): FollowChartShape {
  const values = points.flatMap((p) => (p.btc === null ? [p.equity] : [p.equity, p.btc]));
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const t0 = points[0]?.ct ?? 0;
  const t1 = points.at(-1)?.ct ?? t0;
  const x = (ct: number) => round(pad.left + ((ct - t0) / Math.max(1, t1 - t0)) * (width - pad.left - pad.right));
  // A flat chart (every value 0) draws its line in the middle.
  const y = (v: number) =>
    round(hi === lo ? height / 2 : pad.top + (1 - (v - lo) / (hi - lo)) * (height - pad.top - pad.bottom));
  const line = (pts: readonly { ct: number; v: number }[]) =>
    pts.length < 2 ? '' : pts.map((p) => `${x(p.ct)},${y(p.v)}`).join(' ');
  return {
    width,
    height,
    equity: line(points.map((p) => ({ ct: p.ct, v: p.equity }))),
    btc: line(points.flatMap((p) => (p.btc === null ? [] : [{ ct: p.ct, v: p.btc }]))),
    zeroY: y(0),
    ticks: [...new Set([hi, lo])].map((value) => ({ value, y: y(value) })),
  };
}
