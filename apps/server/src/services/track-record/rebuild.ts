/**
 * Track records derived from scratch, set-based (issue 32 §3): `kolscope track-rebuild` and the
 * pass after a history backfill. Deriving author by author through the incremental store ran at
 * ~2,000 posts/s (10M posts: ~50 min); here each slice of persons is a few statements over all
 * their posts and candles at once (db/repos/track-rebuild.ts). The incremental store stays for
 * live batches and candle updates; both give the same rows (test/track-record/set-based.test.ts).
 */
import { CALL_WINDOW_SECONDS, TRACK_HORIZON_SECONDS, TRACK_HORIZONS, TRACK_MIN_CALLS } from '@kolscope/contract';
import type { Queryable } from '../../db/db';
import { type RebuildRules, trackRebuildRepo } from '../../db/repos/track-rebuild';
import { STABLECOINS } from '../../domain/coins/stablecoins';
import { benchmarkOf, WILSON_Z } from './rules';

const others = benchmarkOf('*');
const btc = benchmarkOf('BTC');

/** rules.ts's constants, as the statements take them. */
export const REBUILD_RULES: RebuildRules = {
  stablecoins: [...STABLECOINS],
  callWindowSeconds: CALL_WINDOW_SECONDS,
  horizons: [...TRACK_HORIZONS],
  horizonSeconds: TRACK_HORIZONS.map((h) => TRACK_HORIZON_SECONDS[h]),
  // Every coin but BTC is measured against BTC; BTC against the rest of the basket, in order.
  benchmarkOf: [...others.map(() => '*'), ...btc.map(() => 'BTC')],
  benchmarkCoin: [...others, ...btc],
  minCalls: TRACK_MIN_CALLS,
  z: WILSON_Z,
};

/**
 * Derives these persons' calls and stats from scratch in the caller's transaction (which holds
 * the prices lock exclusively: no batch or candle update measures meanwhile).
 */
export async function deriveSlice(tx: Queryable, persons: string[]): Promise<void> {
  if (persons.length === 0) return;
  const repo = trackRebuildRepo(tx);
  await repo.settings();
  await repo.loadCandidates(persons, REBUILD_RULES);
  await repo.findCalls(REBUILD_RULES);
  await repo.clear(persons);
  await repo.storeCalls(REBUILD_RULES);
  await repo.storeStats(persons, REBUILD_RULES);
}
