/**
 * The small price chart of a call: its `path` (entry to 30 days after) scaled into a box, and
 * where the entry sits on it. Pure, so the scaling is unit-tested apart from the SVG.
 */
export interface SparkPoint {
  ct: number;
  price: number;
}

export interface SparkShape {
  /** SVG polyline points, "x,y x,y ..."; '' with fewer than two usable points. */
  points: string;
  /** The entry's place on the line (the point at or nearest after entryCt); null without one. */
  entry: { x: number; y: number } | null;
  /** Whether the last price is above the entry price (colours the line). */
  rising: boolean;
}

const round = (n: number) => Math.round(n * 10) / 10;

export function sparkShape(
  path: readonly SparkPoint[],
  entry: { ct: number | null; price: number | null },
  width: number,
  height: number,
  pad = 2,
): SparkShape {
  const pts = path.filter((p) => Number.isFinite(p.price) && Number.isFinite(p.ct));
  if (pts.length < 2) return { points: '', entry: null, rising: false };
  const first = pts[0] as SparkPoint;
  const last = pts[pts.length - 1] as SparkPoint;
  const t0 = first.ct;
  const t1 = last.ct;
  const prices = pts.map((p) => p.price);
  if (entry.price !== null) prices.push(entry.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const x = (ct: number) => round(pad + ((ct - t0) / Math.max(1, t1 - t0)) * (width - 2 * pad));
  // A flat path sits in the middle rather than on an edge.
  const y = (price: number) =>
    round(hi === lo ? height / 2 : pad + (1 - (price - lo) / (hi - lo)) * (height - 2 * pad));
  const points = pts.map((p) => `${x(p.ct)},${y(p.price)}`).join(' ');
  let mark: SparkShape['entry'] = null;
  if (entry.ct !== null && entry.price !== null) {
    const ct = Math.min(Math.max(entry.ct, t0), t1);
    mark = { x: x(ct), y: y(entry.price) };
  }
  const base = entry.price ?? first.price;
  return { points, entry: mark, rising: last.price >= base };
}
