/**
 * A call's price path for its small chart: the price from entry to 30 days after (or now), at
 * most PATH_POINTS points, read by the same rule as entries and exits (rules.ts priceAt).
 */
import type { Queryable } from '../../db/db';
import { trackRecordRepo } from '../../db/repos/track-record';
import { candleKeys, type Closes } from './rules';

export const PATH_POINTS = 32;
const PATH_SECONDS = 30 * 86_400;

/** Evenly spaced times from entry to entry + 30 days (or now, if sooner), entry first. */
export function pathTimes(entryCt: number, now: number): number[] {
  const end = Math.min(entryCt + PATH_SECONDS, now);
  if (end <= entryCt) return [entryCt];
  const step = (end - entryCt) / (PATH_POINTS - 1);
  return Array.from({ length: PATH_POINTS }, (_, k) => Math.min(end, entryCt + Math.round(k * step)));
}

/** The closes the path points read, in one query. */
export async function loadPathCloses(q: Queryable, points: { coin: string; t: number }[]): Promise<Closes> {
  const keys = points.flatMap((p) => candleKeys(p.coin, p.t));
  const known = await trackRecordRepo(q).closes(keys);
  return { close: (coin, interval, openTime) => known.get(`${coin} ${interval} ${openTime}`) };
}
