/**
 * The price worker (issue 16 §1): keeps candles for every coin of the stored posts plus the
 * market basket. Per coin, hourly candles reach back over the collected history (the oldest
 * post, at most 400 days) and 5-minute candles over the last 2 days; both are then kept current.
 * Only closed candles are asked for, so a stored candle never changes afterwards.
 *
 * The checkpoint is price_state's stored span per (source, coin, interval), moved only after a
 * page's candles are stored and the listener told; forward pages grow the span page by page, and
 * history older than the span (posts loaded backward) is fetched in chunks that join the span
 * once whole. A crash therefore loses nothing, and the pages asked again are upserted by key, so
 * nothing is duplicated. One worker process holds the source's lease (price_lease).
 */
import type { Db } from '../db/db';
import { candlesRepo } from '../db/repos/candles';
import { priceStateRepo, priceWorkRepo } from '../db/repos/price-state';
import { isDeadLocalOwner, leaseOwner } from '../pipeline/lease-owner';
import { backoffMs, sleep } from '../pipeline/runner';
import type { Scheduler } from '../pipeline/scheduler';
import { type Clock as PacingClock, systemClock } from './sources/http';
import { redact } from '../security/redact';
import { type Clock, epochSeconds } from '../domain/clock';
import {
  type CandlesStoredListener,
  INTERVAL_SECONDS,
  MARKET_BASKET,
  PriceRateLimited,
  type PriceSource,
} from './types';

export interface PriceWorkerOptions {
  db: Db;
  source: PriceSource;
  clock: Clock;
  log: (line: string) => void;
  /** Told after each stored page (the track records). */
  listener?: CandlesStoredListener;
  /**
   * The process's background scheduler: each page is cut to what one slice can store and
   * re-measure, and stored in its turn, after the app's requests.
   */
  scheduler?: Scheduler;
  owner?: string;
  leaseMs?: number;
  /** Longest wait a rate limit may impose before the coin is left for the next round (default 5 min). */
  maxRateLimitWaitMs?: number;
  /** Rate-limit waits in a row before the coin is left for the next round (default 5). */
  maxRateLimitWaits?: number;
  /** Wait between rounds once caught up (default 60 s). */
  liveIntervalMs?: number;
  /** Candles per chunk of history older than the stored span (default 1000). */
  chunkCandles?: number;
  /** Renews this worker's lease; false when lost (set by startPriceWorker). */
  renewLease?: () => Promise<boolean>;
  /** The clock calls are spaced by (the adapters' own; tests pass one that moves only when told). */
  pacingClock?: PacingClock;
  /** Called after each round, with what it stored (logs at debug level; tests wait on it). */
  onRound?: (round: PriceRound) => void;
}

export interface PriceRound {
  pages: number;
  candles: number;
  errors: number;
  /** (coin, interval) pairs priced for the first time: coins first seen in posts. */
  firstSpans: number;
}

/** The scheduler's job of the price pages; a slice holds 12 candles at least, 1,000 at most. */
const PRICES_JOB = 'prices';
const SLICE_CANDLES = { min: 12, max: 1000 } as const;

const HISTORY_DAYS = 400;
const RECENT_5M_DAYS = 2;
const DAY_S = 86_400;

/** One pass: every coin and interval brought up to the last closed candle. */
export async function runPriceRound(opts: PriceWorkerOptions, signal: AbortSignal): Promise<PriceRound> {
  const { db, source } = opts;
  const work = priceWorkRepo(db);
  const states = new Map(
    (await priceStateRepo(db).list(source.name)).map((s) => [`${s.coin}/${s.interval}`, s] as const),
  );
  // The basket first: every other coin's track record is measured against BTC.
  const coins = [...new Set([...MARKET_BASKET, ...(await work.coinsInPosts())])].filter((c) => source.supports(c));
  const firstCt = await work.firstPostCt();
  const round: PriceRound = { pages: 0, candles: 0, errors: 0, firstSpans: 0 };
  const pace = pacer(source.callsPerMinute, opts.pacingClock ?? systemClock);

  for (const coin of coins) {
    // A long first round outlives the lease: renewed per coin, and given up when another took it.
    if (opts.renewLease && !(await opts.renewLease())) return round;
    for (const interval of ['1h', '5m'] as const) {
      if (signal.aborted) return round;
      const key = { source: source.name, coin, interval };
      const step = INTERVAL_SECONDS[interval];
      const now = epochSeconds(opts.clock.now());
      const end = Math.floor(now / step) * step; // open times before it belong to closed candles
      const recent = now - RECENT_5M_DAYS * DAY_S;
      const from = interval === '5m' ? recent : Math.max(now - HISTORY_DAYS * DAY_S, Math.min(firstCt ?? now, recent));
      const start = Math.floor(from / step) * step;
      const state = states.get(`${coin}/${interval}`);

      const fetchSpan = async (a: number, b: number, joinsSpan: 'page' | 'whole') => {
        let at = a;
        let count = 0;
        let limited = 0;
        while (at < b && !signal.aborted) {
          await pace(signal);
          // A slice's candles: storing them re-measures the track records that read them.
          const upTo = opts.scheduler
            ? Math.min(b, at + opts.scheduler.sliceSize(PRICES_JOB, SLICE_CANDLES) * step)
            : b;
          let page: Awaited<ReturnType<PriceSource['candles']>>;
          try {
            page = await source.candles(coin, interval, at, upTo, signal);
          } catch (err) {
            if (!(err instanceof PriceRateLimited) || ++limited > (opts.maxRateLimitWaits ?? 5)) throw err;
            const wait = Math.min(err.retryAfterMs, opts.maxRateLimitWaitMs ?? 300_000);
            opts.log(`prices: ${source.name} asks to wait ${Math.round(wait / 1000)} s`);
            await sleep(wait, signal);
            continue;
          }
          limited = 0;
          const candles = page.candles.filter(
            (c) =>
              c.coin === coin &&
              c.interval === interval &&
              c.openTime >= at &&
              c.openTime < upTo &&
              c.openTime % step === 0,
          );
          const next = page.next === null ? upTo : Math.min(upTo, page.next);
          // A page that does not move on would loop forever.
          if (next <= at) throw new Error(`${source.name} answered no progress for ${coin} ${interval} at ${at}`);
          count += candles.length;
          const done = next >= b;
          // Candles first, then the listener, then the checkpoint: a crash or a failing listener
          // in between asks the page again (upserted, so stored once) and tells the listener
          // again. The listener is told at least once per span and must be idempotent.
          const store = async () => {
            if (candles.length) await candlesRepo(db).upsert(candles, source.name);
            round.pages++;
            round.candles += candles.length;
            if (candles.length && opts.listener) {
              const first = candles[0]!.openTime;
              await opts.listener({ coin, interval, from: first, to: candles[candles.length - 1]!.openTime });
            }
            const now = opts.clock.now();
            if (joinsSpan === 'page') {
              await priceStateRepo(db).recordPage(key, { from: at, to: next, candles: candles.length, now });
            } else if (done) {
              await priceStateRepo(db).recordPage(key, { from: a, to: b, candles: count, now });
            }
            return true;
          };
          if (opts.scheduler) {
            if (!(await opts.scheduler.slice(PRICES_JOB, candles.length, store, signal))) return;
          } else await store();
          at = next;
        }
      };

      try {
        if (state?.covered_from == null || state.covered_to == null) {
          await fetchSpan(start, end, 'page');
          round.firstSpans++;
        } else {
          // Older history first, newest chunk first, each joining the stored span once whole.
          const chunk = (opts.chunkCandles ?? 1000) * step;
          for (let lo = state.covered_from; lo > start && !signal.aborted; lo -= chunk) {
            await fetchSpan(Math.max(start, lo - chunk), lo, 'whole');
          }
          await fetchSpan(state.covered_to, end, 'page');
        }
      } catch (err) {
        if (signal.aborted) return round;
        round.errors++;
        const message = redact(err instanceof Error ? err.message : String(err));
        opts.log(`prices: ${source.name} ${coin} ${interval}: ${message}`);
        await priceStateRepo(db).recordError(key, message, opts.clock.now());
      }
    }
  }
  return round;
}

/** Spaces calls to the source's stated rate (wall time: it is the API's clock that counts). */
function pacer(callsPerMinute: number | undefined, clock: PacingClock) {
  let last = Number.NEGATIVE_INFINITY;
  const gap = callsPerMinute ? 60_000 / callsPerMinute : 0;
  return async (signal: AbortSignal) => {
    const wait = last + gap - clock.now();
    if (wait > 0) await clock.sleep(wait, signal);
    last = clock.now();
  };
}

/** Runs rounds until stopped: every `liveIntervalMs` (60 s), at once after a round that priced new coins. */
export function startPriceWorker(opts: PriceWorkerOptions) {
  const controller = new AbortController();
  const signal = controller.signal;
  const state = priceStateRepo(opts.db);
  const lease = opts.source.name;
  const owner = opts.owner ?? leaseOwner();
  const leaseMs = opts.leaseMs ?? 120_000;
  const running = (async () => {
    let failures = 0;
    while (!signal.aborted) {
      const now = opts.clock.now();
      const until = new Date(now.getTime() + leaseMs);
      if (!(await state.lease(lease, owner, now, until).catch(() => false))) {
        // A worker of this machine that crashed holding it: no need to wait the lease out.
        const holder = await state.leaseHolder(lease).catch(() => '');
        if (!(isDeadLocalOwner(holder) && (await state.takeOver(lease, holder, owner, until).catch(() => false)))) {
          await sleep(leaseMs / 2, signal);
          continue;
        }
      }
      let wait = opts.liveIntervalMs ?? 60_000;
      try {
        const renewLease = () => {
          const at = opts.clock.now();
          return state.lease(lease, owner, at, new Date(at.getTime() + leaseMs));
        };
        const round = await runPriceRound({ ...opts, renewLease }, signal);
        opts.onRound?.(round);
        failures = round.errors ? failures + 1 : 0;
        if (failures) wait = Math.max(wait, backoffMs(failures, 5000, 600_000));
        // Coins first seen in posts are priced at once (the posts loaded while the round ran may
        // name more); older history and new candles wait for the next round, so a history load
        // is not slowed by rounds back to back (each tells the track records about its span).
        else if (round.firstSpans > 0) wait = 0;
      } catch (err) {
        if (signal.aborted) break;
        failures++;
        opts.log(`prices: ${redact(err instanceof Error ? err.message : String(err))}`);
        wait = backoffMs(failures, 5000, 600_000);
      }
      await sleep(wait, signal);
    }
    await state.release(lease, owner).catch(() => {});
  })();
  opts.log(`prices from ${opts.source.name}`);
  return {
    async stop() {
      controller.abort();
      await running;
    },
  };
}
