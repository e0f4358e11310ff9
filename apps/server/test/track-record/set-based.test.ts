/**
 * The set-based rebuild (services/track-record/rebuild.ts, `kolscope track-rebuild`) leaves
 * exactly the rows the incremental store keeps: random posts (several coins, own stances,
 * reposts, quotes, "RT @", unsure readings, a stablecoin, ties in time, ids whose order differs
 * between collations) of persons with two accounts, and candles hourly and 5-minute with gaps,
 * stored through the pipeline in random order; then the records rebuilt from scratch in slices,
 * compared row for row, doubles bit for bit. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { personsRepo } from '../../src/db/repos/persons';
import type { SentimentLabel } from '../../src/pipeline/types';
import { rebuildTrackRecords, trackAuthorsChanged, trackRecordStore } from '../../src/services/track-record/store';
import { prng } from '../support/prng';
import { closeTestDb, openMigratedDb } from '../support/test-app';
import { type CandleSpec, savePosts, storeCandles, storedRecords, type TrackPost, clearTrackData } from './support';

const D = 86_400;
const T0 = 1_700_006_400; // a whole hour
// BTC is measured against the basket (six of its coins priced here); USDT is a stablecoin, never a call.
const COINS = ['BTC', 'ETH', 'SOL', 'XRP', 'PEPE', 'USDT'];
const PRICED = ['BTC', 'ETH', 'SOL', 'XRP', 'PEPE', 'BNB', 'DOGE', 'ADA', 'TRX'];
const LABELS: SentimentLabel[] = ['bullish', 'bearish', 'neutral'];
const ACCOUNTS = ['11', '12', '13', '14', '15', '16'];

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

async function reset() {
  await clearTrackData(db);
}

function randomPost(rand: () => number, seed: number, i: number): TrackPost {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const coins = [
    ...new Set([pick(COINS), ...(rand() < 0.35 ? [pick(COINS)] : []), ...(rand() < 0.1 ? [pick(COINS)] : [])]),
  ];
  const stances = rand() < 0.3 ? Object.fromEntries(coins.map((c) => [c, pick(LABELS)])) : undefined;
  return {
    // Upper and lower case: "B" sorts before "a" byte-wise, after it in most locales.
    id: `${seed}${rand() < 0.5 ? 'a' : 'B'}${String(i).padStart(4, '0')}`,
    authorId: pick(ACCOUNTS),
    // A quarter on whole days, so several candidates of a chain share a time.
    ct: T0 + (rand() < 0.25 ? Math.floor(rand() * 45) * D : Math.floor(rand() * 45 * D)),
    coins,
    sentiment: pick(LABELS),
    ...(stances ? { coinStances: stances } : {}),
    ...(rand() < 0.15 ? { unsure: true } : {}),
    refKind: rand() < 0.1 ? pick(['repost', 'quote', 'reply'] as const) : '',
    ...(rand() < 0.05 ? { text: 'RT @someone: pumping' } : {}),
  };
}

/** Hourly candles over 80 days with gaps (10 % missing, and whole missing days), and 5-minute hours. */
function randomCandles(rand: () => number): CandleSpec[][] {
  const chunks: CandleSpec[][] = [];
  for (const coin of PRICED) {
    let price = 10 + rand() * 100;
    const hourly: CandleSpec[] = [];
    const fine: CandleSpec[] = [];
    for (let h = 0; h < 80 * 24; h++) {
      price *= 1 + (rand() - 0.5) * 0.04;
      const dayMissing = Math.floor(h / 24) % 17 === 5;
      if (!dayMissing && rand() < 0.9) hourly.push({ coin, interval: '1h', openTime: T0 + h * 3600, close: price });
      if (rand() < 0.03)
        for (let k = 0; k < 12; k++)
          if (rand() < 0.9)
            fine.push({
              coin,
              interval: '5m',
              openTime: T0 + h * 3600 + k * 300,
              close: price * (1 + (rand() - 0.5) * 0.01),
            });
    }
    for (let i = 0; i < hourly.length; i += 600) chunks.push(hourly.slice(i, i + 600));
    if (fine.length) chunks.push(fine);
  }
  return chunks;
}

/** Posts and candles through the pipeline in random order, then two accounts merged into one person. */
async function storeIncrementally(seed: number) {
  const rand = prng(seed);
  const store = trackRecordStore({ db });
  const steps: (() => Promise<void>)[] = [];
  const posts = Array.from({ length: 220 }, (_, i) => randomPost(rand, seed, i));
  for (let i = 0; i < posts.length; ) {
    const batch = posts.slice(i, i + 1 + Math.floor(rand() * 12));
    i += batch.length;
    steps.push(() => savePosts(db, batch));
  }
  for (const chunk of randomCandles(rand)) steps.push(() => storeCandles(db, store, chunk));
  for (let i = steps.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [steps[i], steps[j]] = [steps[j]!, steps[i]!];
  }
  for (const step of steps) await step();
  // One person, two accounts: the records count the person (as mergeIn in services/persons.ts).
  await db.transaction(async (tx) => {
    const { touched } = await personsRepo(tx).merge(['12', '15']);
    await trackAuthorsChanged(tx, touched);
  });
}

describe('track records rebuilt set-based', () => {
  for (const seed of [21, 22, 23, 24]) {
    it(`equal the incremental store row for row (seed ${seed})`, async () => {
      await reset();
      await storeIncrementally(seed);
      const incremental = await storedRecords(db);
      // The data means something: BTC calls (benchmarks of several basket coins), resolved calls, a rate shown, a merged person.
      expect(incremental.calls.some((c) => c.coin === 'BTC' && c.excess[1] !== null)).toBe(true);
      expect(incremental.calls.filter((c) => c.excess[3] !== null).length).toBeGreaterThan(20);
      expect(incremental.stats.some((s) => s.hit_rate_low !== null)).toBe(true);
      expect(incremental.calls.some((c) => c.entry_ct === null)).toBe(true);
      expect(new Set(incremental.calls.map((c) => c.author_id)).has('15')).toBe(false);

      // From empty tables, in slices of two persons (several transactions).
      await db.query('DELETE FROM track_calls');
      await db.query('DELETE FROM track_stats');
      expect(await rebuildTrackRecords(db, () => {}, 2)).toBe(ACCOUNTS.length - 1);
      expect(await storedRecords(db)).toEqual(incremental);

      // Over the records already there, in one slice: the same again.
      await rebuildTrackRecords(db, () => {});
      expect(await storedRecords(db)).toEqual(incremental);
    });
  }
});
