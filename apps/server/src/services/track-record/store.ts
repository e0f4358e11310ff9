/**
 * Keeping track records incrementally (issue 16 §3). After a batch of posts is stored, only the
 * (author, coin) chains those posts are or were in are re-derived, from the earliest touched post
 * on (a chain is anchored on calls, so a post arriving earlier can shift every later call). After
 * candles are stored, only the calls reading a price in the stored span are re-measured. Either
 * way the stats of the authors touched are then recomputed from their calls.
 *
 * Concurrency: a batch locks its authors (advisory, sorted, so two batches cannot
 * deadlock) and holds a shared "prices" lock; a candle update holds that lock exclusively, so it
 * never re-measures calls while a batch measures them from older candles.
 */
import { TRACK_HORIZON_SECONDS, TRACK_HORIZONS } from '@kolscope/contract';
import type { Db, Queryable } from '../../db/db';
import {
  type CallRow,
  type ChainFrom,
  type PostCoinRow,
  type StatsRow,
  trackRecordRepo,
} from '../../db/repos/track-record';
import { type CandlesStoredListener, INTERVAL_SECONDS, MARKET_BASKET } from '../../markets/types';
import {
  benchmarkOf,
  byTime,
  type Candidate,
  candidateOf,
  candleKeys,
  chainCalls,
  type Closes,
  exitTimes,
  outcomeOf,
  type ScoredCall,
  statsOf,
} from './rules';
import { deriveSlice } from './rebuild';
import type { Scheduler } from '../../pipeline/scheduler';

// Any constants: the same in every process that writes track records.
const PRICES_LOCK = 715_302_201;
const AUTHOR_LOCK_SPACE = 715_302_202;

const pairKey = (author: string, coin: string) => `${author}\u0000${coin}`;
const stanceValue = (s: 'bullish' | 'bearish') => (s === 'bullish' ? 1 : -1);
export const stanceOfValue = (v: number) => (v === 1 ? ('bullish' as const) : ('bearish' as const));

/** Loads the closes the rules will read for these calls: entries first, then exits. */
export async function loadCloses(q: Queryable, calls: { coin: string; ct: number }[]): Promise<Closes> {
  const repo = trackRecordRepo(q);
  const known = new Map<string, number>();
  const closes: Closes = { close: (coin, interval, openTime) => known.get(`${coin} ${interval} ${openTime}`) };
  const load = async (points: { coin: string; t: number }[]) => {
    const keys = new Map<string, { coin: string; interval: string; openTime: number }>();
    for (const p of points)
      for (const k of candleKeys(p.coin, p.t)) keys.set(`${k.coin} ${k.interval} ${k.openTime}`, k);
    for (const [k, v] of await repo.closes([...keys.values()])) known.set(k, v);
  };
  await load(calls.flatMap((c) => [c.coin, ...benchmarkOf(c.coin)].map((coin) => ({ coin, t: c.ct }))));
  const exits: { coin: string; t: number }[] = [];
  for (const c of calls) {
    const entry = outcomeOf(closes, c).entryCt;
    if (entry === null) continue;
    for (const t of exitTimes(entry)) for (const coin of [c.coin, ...benchmarkOf(c.coin)]) exits.push({ coin, t });
  }
  await load(exits);
  return closes;
}

/** A stored post's coin as a candidate call, or null (rules.ts candidateOf). */
export function candidateOfRow(row: PostCoinRow): Candidate | null {
  return candidateOf({
    postId: row.post_id,
    authorId: row.author_id,
    ct: Number(row.ct),
    text: row.text,
    refKind: row.ref_kind,
    sentiment: Number(row.sentiment),
    sure: Number(row.sentiment_call) !== 0,
    coin: row.coin,
    coinStance: row.coin_stance === null ? null : Number(row.coin_stance),
  });
}

/** A call measured: its row for track_calls. */
export function measured(closes: Closes, c: Candidate): CallRow {
  const o = outcomeOf(closes, c);
  return {
    post_id: c.postId,
    coin: c.coin,
    author_id: c.authorId,
    ct: c.ct,
    stance: stanceValue(c.stance),
    entry_ct: o.entryCt,
    entry_price: o.entryPrice,
    raw: o.raw,
    excess: o.excess,
  };
}

export const scored = (r: CallRow): ScoredCall => ({
  postId: r.post_id,
  coin: r.coin,
  ct: Number(r.ct),
  stance: stanceOfValue(Number(r.stance)),
  raw: r.raw,
  excess: r.excess,
});

/**
 * Every stats row of these authors, from their calls: per coin and for all coins ('') per horizon;
 * with `wanted` (pairKey of author and coin), only those rows (scoring every pair of a long
 * history to keep a few was most of a batch's track-record time).
 */
export function statsRows(calls: CallRow[], wanted?: Set<string>): StatsRow[] {
  const groups = new Map<string, { author: string; coin: string; calls: ScoredCall[] }>();
  for (const r of calls) {
    for (const coin of [r.coin, '']) {
      const k = pairKey(r.author_id, coin);
      if (wanted && !wanted.has(k)) continue;
      const g = groups.get(k) ?? { author: r.author_id, coin, calls: [] };
      g.calls.push(scored(r));
      groups.set(k, g);
    }
  }
  const rows: StatsRow[] = [];
  for (const g of groups.values()) {
    for (const h of TRACK_HORIZONS) {
      const s = statsOf(g.calls, h);
      rows.push({
        author_id: g.author,
        coin: g.coin,
        horizon: h,
        calls: s.calls,
        pending: s.pending,
        hits: s.hits,
        raw_hits: s.rawHits,
        hit_rate_low: s.hitRateLow,
        sort_low: s.hitRateLow ?? -1,
        median_excess: s.medianExcess,
        median_raw: s.medianRaw,
        best_post_id: s.best?.postId ?? null,
        best_coin: s.best?.coin ?? null,
        worst_post_id: s.worst?.postId ?? null,
        worst_coin: s.worst?.coin ?? null,
      });
    }
  }
  return rows;
}

/**
 * Recomputes the stats rows of these (author, coin) pairs and of their authors' all-coins rows;
 * with `allCoins`, every row of the authors (accounts merged or rebuilt).
 */
async function refreshStats(tx: Queryable, pairs: { author: string; coin: string }[], allCoins = false): Promise<void> {
  if (pairs.length === 0) return;
  const repo = trackRecordRepo(tx);
  const authors = [...new Set(pairs.map((p) => p.author))];
  const calls = await repo.callsOfAuthors(authors);
  if (allCoins) return repo.replaceStats(authors, statsRows(calls));
  const wanted = new Set([...pairs.map((p) => pairKey(p.author, p.coin)), ...authors.map((a) => pairKey(a, ''))]);
  const keys = [...wanted].map((k) => {
    const [author, coin] = k.split('\u0000') as [string, string];
    return { author, coin };
  });
  await repo.replaceStatsOf(keys, statsRows(calls, wanted));
}

/** A stable 32-bit key for an author's advisory lock. */
function authorLockKey(author: string): number {
  let h = 0;
  for (let i = 0; i < author.length; i++) h = (Math.imul(h, 31) + author.charCodeAt(i)) | 0;
  return h;
}

/** Takes the prices lock shared, then the authors' locks in a fixed order (no deadlock between batches). */
async function lockAuthors(tx: Queryable, authors: string[]) {
  const repo = trackRecordRepo(tx);
  await repo.lockPrices(PRICES_LOCK, 'shared');
  await repo.lockKeys(AUTHOR_LOCK_SPACE, [...new Set(authors.map(authorLockKey))]);
}

/** Re-derives these chains from their `from` on, measures the calls, and refreshes the authors' stats. */
async function rederive(tx: Queryable, chains: ChainFrom[]): Promise<void> {
  if (chains.length === 0) return;
  const repo = trackRecordRepo(tx);
  const anchors = await repo.anchors(chains);
  const before = await repo.callsFrom(chains);
  const byChain = new Map<string, Candidate[]>();
  for (const row of await repo.chainPosts(chains)) {
    const c = candidateOfRow(row);
    if (!c) continue;
    const k = pairKey(c.authorId, c.coin);
    byChain.set(k, [...(byChain.get(k) ?? []), c]);
  }
  const calls: Candidate[] = [];
  for (const [k, cands] of byChain) calls.push(...chainCalls(cands.sort(byTime), anchors.get(k) ?? null));
  // Only what changed is written and measured: a chain re-derived from an early post keeps most
  // of its later calls (backfill goes back in time), and measuring reads many candles.
  const callKey = (postId: string, coin: string) => `${postId}\u0000${coin}`;
  const kept = new Map(before.map((b) => [callKey(b.post_id, b.coin), b]));
  const changed = calls.filter((c) => {
    const b = kept.get(callKey(c.postId, c.coin));
    return !b || b.author_id !== c.authorId || Number(b.ct) !== c.ct || Number(b.stance) !== stanceValue(c.stance);
  });
  const now = new Set(calls.map((c) => callKey(c.postId, c.coin)));
  const gone = before.filter((b) => !now.has(callKey(b.post_id, b.coin)));
  await repo.deleteCalls(gone.map((b) => ({ postId: b.post_id, coin: b.coin })));
  const closes = await loadCloses(tx, changed);
  await repo.upsertCalls(changed.map((c) => measured(closes, c)));
  // Most posts are no new call (the author called the coin days ago): their stats stay as they are.
  await refreshStats(tx, [
    ...changed.map((c) => ({ author: c.authorId, coin: c.coin })),
    ...gone.map((b) => ({ author: b.author_id, coin: b.coin })),
  ]);
}

/**
 * After posts were stored, updated or deleted: re-derives the chains they are in now and the
 * chains they were calls in, from the earliest of those times. Run it in the transaction that
 * changed them (pipeline/store.ts and reclassify.ts, through services/store-hooks.ts), so posts
 * and records commit together.
 */
export async function trackPostsStored(tx: Queryable, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  const repo = trackRecordRepo(tx);
  await lockAuthors(tx, await repo.authorsOf(postIds));
  const from = new Map<string, ChainFrom>();
  const touch = (author: string, coin: string, ct: number) => {
    const k = pairKey(author, coin);
    const prev = from.get(k);
    if (!prev || ct < prev.from) from.set(k, { author, coin, from: ct });
  };
  for (const c of await repo.callsOfPosts(postIds)) touch(c.author_id, c.coin, Number(c.ct));
  // A post that is no candidate (neutral, a repost) cannot move a chain unless it was a call.
  for (const p of await repo.postCoins(postIds)) if (candidateOfRow(p)) touch(p.author_id, p.coin, Number(p.ct));
  await rederive(tx, [...from.values()]);
}

/**
 * A backfill batch (history older than every stored post, loaded newest first) skips the
 * per-batch derivation: each batch would re-derive every later call of its authors, so loading
 * a month took ever longer per batch (issue 29 §8). The batch that completes the backfill marks
 * every record to be derived once (rebuildTrackRecordsIfNeeded, run after its commit and at the
 * next start should the process stop first). Until then the records cover what live batches
 * brought: the screens say history is still loading.
 */
export async function trackBackfillStored(tx: Queryable, done: boolean): Promise<void> {
  if (done) await trackRecordRepo(tx).rebuildLater();
}

/**
 * Re-derives every chain of these authors from the start: after posts moved between accounts
 * (a handle-only account merged into its X account), or to build the records of a database that
 * had posts before track records existed (`kolscope track-rebuild`).
 */
export async function trackAuthorsChanged(tx: Queryable, authors: string[]): Promise<void> {
  if (authors.length === 0) return;
  await lockAuthors(tx, authors);
  const chains = await trackRecordRepo(tx).chainsOfAuthors(authors);
  await rederive(
    tx,
    chains.map((c) => ({ author: c.author_id, coin: c.coin, from: 0 })),
  );
  // Authors left without any chain (all their posts moved away) keep no stats either.
  await refreshStats(
    tx,
    authors.map((author) => ({ author, coin: '' })),
    true,
  );
}

/**
 * After candles were stored: re-measures the calls reading a price in the span, then their
 * authors' stats. Holds the prices lock exclusively, so no batch measures from older candles
 * meanwhile.
 */
export function trackCandlesStored(db: Db): CandlesStoredListener {
  return (stored) =>
    db.transaction(async (tx) => {
      const repo = trackRecordRepo(tx);
      await repo.lockPrices(PRICES_LOCK, 'exclusive');
      // A BTC price measures every other coin's calls; a basket coin's measures BTC's.
      const coins =
        stored.coin === 'BTC'
          ? null
          : [stored.coin, ...((MARKET_BASKET as readonly string[]).includes(stored.coin) ? ['BTC'] : [])];
      const offsets = TRACK_HORIZONS.map((h) => TRACK_HORIZON_SECONDS[h]);
      const to = stored.to + INTERVAL_SECONDS[stored.interval];
      const rows = await repo.affectedBySpan(coins, stored.from, to, offsets);
      if (rows.length === 0) return;
      const calls = rows.map((r) => ({ ...scored(r), authorId: r.author_id }));
      const closes = await loadCloses(tx, calls);
      await repo.upsertCalls(calls.map((c) => measured(closes, c)));
      await refreshStats(
        tx,
        rows.map((r) => ({ author: r.author_id, coin: r.coin })),
      );
    });
}

/**
 * Derives every person's records from scratch, set-based (./rebuild.ts), a slice of persons per
 * transaction: `kolscope track-rebuild`, and the pass after a backfill or an upgrade. Each slice
 * holds the prices lock exclusively, so batches and candle updates wait for it and then update
 * the rebuilt records incrementally. Returns the persons read.
 */
export async function rebuildTrackRecords(
  db: Db,
  log: (line: string) => void,
  pageSize = 500,
  pacing?: Pacing,
): Promise<number> {
  let after = '';
  let done = 0;
  for (;;) {
    // In a serving process each slice is the scheduler's: sized to its time budget, run after the
    // app's requests. Otherwise the server (if any) still answers between two slices: with the
    // embedded database their statements settle as microtasks, and a pass that never waits holds
    // every request for its whole length (a /healthz waited 28 s for one).
    const size = pacing ? pacing.scheduler.sliceSize(REBUILD_JOB, { min: 1, max: pageSize }) : pageSize;
    if (!pacing) await nextTurn();
    const ids = await trackRecordRepo(db).accountsAfter(after, size);
    if (ids.length === 0) break;
    const derive = () =>
      db.transaction(async (tx) => {
        await trackRecordRepo(tx).lockPrices(PRICES_LOCK, 'exclusive');
        await deriveSlice(tx, ids);
        return true;
      });
    // Stopped while waiting for its turn: the flag stays, and the next start derives them all.
    if (pacing) {
      if (!(await pacing.scheduler.slice(REBUILD_JOB, ids.length, derive, pacing.signal))) return done;
    } else await derive();
    done += ids.length;
    after = ids.at(-1)!;
    log(`track-rebuild: ${done} accounts`);
  }
  await trackRecordRepo(db).rebuildDone();
  return done;
}

/** A pass in a serving process: its slices go through the process's scheduler, until the signal. */
export interface Pacing {
  scheduler: Scheduler;
  signal: AbortSignal;
}
const REBUILD_JOB = 'track-records';
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Persons per transaction of a background pass, at most: the scheduler sizes them below it. */
const BACKGROUND_PAGE = 100;
/** Background passes of this process, one after the other (each would redo the other's work). */
let passes: Promise<void> = Promise.resolve();
function background(
  db: Db,
  log: (line: string) => void,
  pacing: Pacing | undefined,
  when: () => Promise<boolean>,
): Promise<void> {
  passes = passes.then(async () => {
    try {
      if (!(await when())) return;
      log('track-rebuild: deriving the track records of the posts stored without them');
      const started = performance.now();
      const accounts = await rebuildTrackRecords(db, () => {}, BACKGROUND_PAGE, pacing);
      log(`track-rebuild: done, ${accounts} accounts in ${Math.round((performance.now() - started) / 1000)} s`);
    } catch (err) {
      log(`track-rebuild: stopped (${err instanceof Error ? err.message : String(err)})`);
    }
  });
  return passes;
}

/**
 * An upgraded database (posts stored before migration 0017), or one whose history backfill ended
 * before a pass finished, gets its records derived once, in the background of the collecting
 * process; the flag survives a restart until a rebuild ends. Posts saved meanwhile keep their own
 * records exact (the rebuild takes the same author locks). `pacing`: the collecting process's
 * scheduler, whose slices go after the app's requests (cli.ts).
 */
export function rebuildTrackRecordsIfNeeded(db: Db, log: (line: string) => void, pacing?: Pacing): Promise<void> {
  return background(db, log, pacing, () => trackRecordRepo(db).rebuildNeeded());
}

/**
 * After the batch that completed a backfill (trackBackfillStored): a pass, whatever the flag says
 * by then (a pass that was running may have cleared it after the batch set it).
 */
export function rebuildTrackRecordsAfterBackfill(db: Db, log: (line: string) => void, pacing?: Pacing): Promise<void> {
  return background(db, log, pacing, async () => true);
}

/** The store's entry points over one database. */
export function trackRecordStore(deps: { db: Db }) {
  return {
    postsStoredIn: trackPostsStored,
    /** trackPostsStored in a transaction of its own (posts changed outside a batch). */
    postsStored: (postIds: string[]) => deps.db.transaction((tx) => trackPostsStored(tx, postIds)),
    authorsChanged: (authors: string[]) => deps.db.transaction((tx) => trackAuthorsChanged(tx, authors)),
    candlesStored: trackCandlesStored(deps.db),
  };
}
export type TrackRecordStore = ReturnType<typeof trackRecordStore>;
