/**
 * The price worker against a scripted source: backfill then catch-up, the checkpoint after a
 * crash mid-page, rate-limit waits, the stored-candles listener. Driven by rounds and counts,
 * with a hand-moved clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/db/db';
import { priceStateRepo } from '../../src/db/repos/price-state';
import { type Candle, PriceRateLimited, type PriceSource } from '../../src/markets/types';
import { formatPriceStatus } from '../../src/markets/status';
import { type PriceRound, runPriceRound, startPriceWorker } from '../../src/markets/worker';
import { storePosts } from '../support/store-posts';
import { closeTestDb, openMigratedDb } from '../support/test-app';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));
beforeEach(async () => {
  await db.exec('DELETE FROM candles; DELETE FROM price_state; DELETE FROM posts');
});

const H = 3600;
const DAY = 86_400;
const T0 = 1_767_225_600 + 30 * 60; // 2026-01-01 00:30 UTC
let nowS = T0;
const clock = { now: () => new Date(nowS * 1000) };
const signal = new AbortController().signal;

/** Candles whose close is a function of the open time; BTC and SOL only; pages of `pageSize`. */
function fakeSource(opts: { pageSize?: number; before?: (coin: string, interval: string, from: number) => void } = {}) {
  const calls: { coin: string; interval: string; from: number; to: number }[] = [];
  const source: PriceSource = {
    name: 'binance',
    supports: (coin) => coin === 'BTC' || coin === 'SOL',
    async candles(coin, interval, from, to) {
      calls.push({ coin, interval, from, to });
      opts.before?.(coin, interval, from);
      const step = interval === '5m' ? 300 : H;
      const candles: Candle[] = [];
      let t = from;
      for (; t < to && candles.length < (opts.pageSize ?? 1000); t += step) {
        const close = (coin === 'BTC' ? 100_000 : 200) + t / H;
        candles.push({ coin, interval, openTime: t, open: close, high: close, low: close, close, volume: 1 });
      }
      return { candles, next: t < to ? t : null };
    },
  };
  return { source, calls };
}

const stored = async (coin: string, interval: string) =>
  (
    await db.query<{ n: number; lo: number; hi: number }>(
      'SELECT count(*) AS n, min(open_time) AS lo, max(open_time) AS hi FROM candles WHERE coin = $1 AND interval = $2',
      [coin, interval],
    )
  ).map((r) => ({ n: Number(r.n), lo: Number(r.lo), hi: Number(r.hi) }))[0]!;
const logs: string[] = [];
const log = (l: string) => void logs.push(l);
const opts = (source: PriceSource, more = {}) => ({ db, clock, log, source, ...more });

describe('price worker', () => {
  it('backfills 1h over the posts and 5m over 2 days, then only catches up', async () => {
    nowS = T0;
    // A SOL post five days back: the history reaches it.
    await storePosts(db, [{ text: '$SOL to the moon', ct: T0 - 5 * DAY, coins: ['SOL'], sentiment: 'bullish' }]);
    const { source, calls } = fakeSource({ pageSize: 50 });
    const first = await runPriceRound(opts(source), signal);
    expect(first.errors).toBe(0);
    const hourStart = Math.floor((T0 - 5 * DAY) / H) * H;
    const lastClosedHour = Math.floor(T0 / H) * H - H;
    expect(await stored('SOL', '1h')).toEqual({
      n: (lastClosedHour - hourStart) / H + 1,
      lo: hourStart,
      hi: lastClosedHour,
    });
    const fiveStart = Math.ceil((T0 - 2 * DAY) / 300) * 300;
    const lastClosedFive = Math.floor(T0 / 300) * 300 - 300;
    expect(await stored('SOL', '5m')).toEqual({
      n: (lastClosedFive - fiveStart) / 300 + 1,
      lo: fiveStart - 0,
      hi: lastClosedFive,
    });
    // BTC, in the basket, is kept too; coins the source cannot price are skipped.
    expect((await stored('BTC', '1h')).n).toBeGreaterThan(0);
    expect(calls.some((c) => c.coin === 'ETH')).toBe(false);

    // An hour later: only the new candles are asked for.
    calls.length = 0;
    nowS = T0 + H;
    const second = await runPriceRound(opts(source), signal);
    expect(second.candles).toBe(2 * (1 + 12));
    expect(calls.every((c) => c.from >= lastClosedHour)).toBe(true);
    const states = await priceStateRepo(db).list('binance');
    const sol = states.find((s) => s.coin === 'SOL' && s.interval === '1h')!;
    expect(sol.covered_to).toBe(lastClosedHour + 2 * H);
    expect(sol.candles_count).toBe((await stored('SOL', '1h')).n);
    // `kolscope prices` shows the span and the watermark of each row.
    const lines = formatPriceStatus('binance', states);
    expect(lines[0]).toBe('price source: binance');
    expect(lines.find((l) => l.startsWith('binance\tSOL\t1h\t'))).toContain(
      `\t${new Date(sol.covered_to! * 1000).toISOString()}\t${sol.candles_count}\t0\t`,
    );
    expect(formatPriceStatus('none', [])).toEqual(['price source: none', '(no candles stored yet)']);
  });

  it('backfills history that grew backward, in chunks that join the stored span', async () => {
    nowS = T0;
    const { source } = fakeSource();
    await runPriceRound(opts(source), signal);
    const before = await stored('BTC', '1h');
    // Older posts arrive (a source loading history backward): 10 more days.
    await storePosts(db, [{ text: 'old $BTC post', ct: T0 - 12 * DAY, coins: ['BTC'], sentiment: 'neutral' }]);
    const round = await runPriceRound(opts(source, { chunkCandles: 48 }), signal);
    expect(round.errors).toBe(0);
    const after = await stored('BTC', '1h');
    expect(after.lo).toBe(Math.floor((T0 - 12 * DAY) / H) * H);
    expect(after.hi).toBe(before.hi);
    expect(after.n).toBe((after.hi - after.lo) / H + 1);
    const state = (await priceStateRepo(db).list()).find((s) => s.coin === 'BTC' && s.interval === '1h')!;
    expect(state.covered_from).toBe(after.lo);
    expect(state.candles_count).toBe(after.n);
  });

  it('resumes from the checkpoint after a crash mid-page: nothing lost, nothing twice', async () => {
    nowS = T0;
    await storePosts(db, [{ text: '$SOL', ct: T0 - 3 * DAY, coins: ['SOL'], sentiment: 'neutral' }]);
    // The database fails while writing the checkpoint of SOL's third hourly page: its candles
    // are stored, the checkpoint still ends after the second page, as in a crash right there.
    let pages = 0;
    let failed = false;
    const crashing: Db = Object.assign(Object.create(db) as Db, {
      query: (async (sql: string, params?: unknown[]) => {
        if (sql.includes('INSERT INTO price_state') && params?.[1] === 'SOL' && params[2] === '1h' && ++pages === 3) {
          failed = true;
          throw new Error('connection lost');
        }
        return db.query(sql, params);
      }) as Queryable['query'],
    });
    const { source, calls } = fakeSource({ pageSize: 24 });
    const crashed = await runPriceRound({ ...opts(source), db: crashing }, signal);
    expect(failed).toBe(true);
    expect(crashed.errors).toBe(1);
    const kept = await stored('SOL', '1h');
    expect(kept.n).toBe(72); // three pages of candles
    const state = (await priceStateRepo(db).list()).find((s) => s.coin === 'SOL' && s.interval === '1h')!;
    expect(state.last_error).toContain('connection lost');
    expect(state.covered_to).toBe(kept.lo + 48 * H); // the checkpoint of two

    // The restart asks from the checkpoint, and the span ends whole and single.
    calls.length = 0;
    await runPriceRound(opts(source), signal);
    const solCalls = calls.filter((c) => c.coin === 'SOL' && c.interval === '1h');
    expect(solCalls[0]!.from).toBe(kept.lo + 48 * H);
    const all = await stored('SOL', '1h');
    expect(all.n).toBe((all.hi - all.lo) / H + 1);
    const after = (await priceStateRepo(db).list()).find((s) => s.coin === 'SOL' && s.interval === '1h')!;
    expect(after.candles_count).toBe(all.n);
  });

  it('waits when rate limited, then carries on', async () => {
    nowS = T0;
    let thrown = 0;
    const { source } = fakeSource({
      before: (coin, interval) => {
        if (coin === 'SOL' && interval === '5m' && thrown === 0) {
          thrown++;
          throw new PriceRateLimited(20);
        }
      },
    });
    logs.length = 0;
    const round = await runPriceRound(opts(source), signal);
    expect(thrown).toBe(1);
    expect(round.errors).toBe(0);
    expect(logs.some((l) => l.includes('binance asks to wait'))).toBe(true);
    expect((await stored('SOL', '5m')).n).toBe(576);
  });

  it("spaces its calls to the source's stated rate", async () => {
    nowS = T0;
    // A clock that moves only by the worker's own waits, and by 30 ms a call (the call's cost).
    let nowMs = 0;
    const pacingClock = {
      now: () => nowMs,
      sleep: async (ms: number) => {
        nowMs += ms;
      },
    };
    const at: number[] = [];
    const { source } = fakeSource({
      before: () => {
        at.push(nowMs);
        nowMs += 30;
      },
    });
    // 600 calls a minute: 100 ms from one call to the next, whatever the calls cost.
    const round = await runPriceRound(opts({ ...source, callsPerMinute: 600 }, { pacingClock }), signal);
    expect(round.pages).toBe(4);
    expect(at).toEqual([0, 100, 200, 300]);
  });

  it('gives up on a coin after repeated rate limits, and records why', async () => {
    nowS = T0;
    const { source } = fakeSource({
      before: (coin) => {
        if (coin === 'SOL') throw new PriceRateLimited(1);
      },
    });
    const round = await runPriceRound(opts(source, { maxRateLimitWaits: 2 }), signal);
    expect(round.errors).toBe(2);
    const sol = (await priceStateRepo(db).list()).filter((s) => s.coin === 'SOL');
    expect(sol.map((s) => s.error_count)).toEqual([1, 1]);
    expect(sol[0]!.last_error).toMatch(/rate limited/);
    expect((await stored('BTC', '5m')).n).toBe(576);
  });

  it('tells the listener each stored page with its first and last open time', async () => {
    nowS = T0;
    const told: { coin: string; interval: string; from: number; to: number }[] = [];
    const { source } = fakeSource({ pageSize: 500 });
    await runPriceRound(opts(source, { listener: async (s: (typeof told)[number]) => void told.push(s) }), signal);
    const btc5 = told.filter((s) => s.coin === 'BTC' && s.interval === '5m');
    const span = await stored('BTC', '5m');
    expect(btc5).toEqual([
      { coin: 'BTC', interval: '5m', from: span.lo, to: span.lo + 499 * 300 },
      { coin: 'BTC', interval: '5m', from: span.lo + 500 * 300, to: span.hi },
    ]);
  });

  it('tells the listener again after it failed: at least once per span', async () => {
    nowS = T0;
    const told: string[] = [];
    let failures = 0;
    const listener = async (s: { coin: string; interval: string; from: number; to: number }) => {
      if (s.coin === 'SOL' && s.interval === '1h' && failures++ === 0) throw new Error('track records busy');
      told.push(`${s.coin}/${s.interval}/${s.from}/${s.to}`);
    };
    const { source } = fakeSource();
    const first = await runPriceRound(opts(source, { listener }), signal);
    expect(first.errors).toBe(1);
    expect(told.some((t) => t.startsWith('SOL/1h/'))).toBe(false);
    await runPriceRound(opts(source, { listener }), signal);
    const span = await stored('SOL', '1h');
    expect(told.filter((t) => t.startsWith('SOL/1h/'))).toEqual([`SOL/1h/${span.lo}/${span.hi}`]);
    const state = (await priceStateRepo(db).list()).find((s) => s.coin === 'SOL' && s.interval === '1h')!;
    expect(state.candles_count).toBe(span.n);
    expect(state.last_error).toBe('track records busy');
  });

  it('runs rounds until stopped, holding the lease', async () => {
    nowS = T0;
    const { source } = fakeSource();
    const rounds: number[] = [];
    let resolveFirst!: () => void;
    const first = new Promise<void>((r) => (resolveFirst = r));
    const worker = startPriceWorker({
      ...opts(source),
      liveIntervalMs: 10,
      onRound: (r) => {
        rounds.push(r.candles);
        if (rounds.length === 2) resolveFirst();
      },
    });
    await first;
    // Another worker process cannot take the source while this one runs, and can once it stops.
    const later = new Date(clock.now().getTime() + 60_000);
    expect(await priceStateRepo(db).lease('binance', 'other', clock.now(), later)).toBe(false);
    await worker.stop();
    expect(await priceStateRepo(db).lease('binance', 'other', clock.now(), later)).toBe(true);
    expect(rounds[0]).toBeGreaterThan(0);
    expect(rounds[1]).toBe(0); // the clock did not move: nothing new
  });

  it('prices coins first seen at once, then waits for the live interval', async () => {
    nowS = T0;
    await db.exec('DELETE FROM price_lease'); // the lease test above left another owner's lease
    const { source } = fakeSource();
    const rounds: PriceRound[] = [];
    let secondRound: () => void = () => {};
    const second = new Promise<void>((r) => {
      secondRound = r;
    });
    // An hour between rounds: only the "first seen" rule can bring the second round.
    const worker = startPriceWorker({
      ...opts(source),
      liveIntervalMs: 3_600_000,
      onRound: (r) => {
        rounds.push(r);
        if (rounds.length === 2) secondRound();
      },
    });
    await second;
    await worker.stop();
    expect(rounds[0]!.firstSpans).toBeGreaterThan(0);
    expect(rounds[1]).toMatchObject({ firstSpans: 0, candles: 0 });
  });
});
