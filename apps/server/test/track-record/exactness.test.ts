/**
 * The incremental track records equal a direct recomputation: random posts (inserts, updates,
 * deletions) and candles (new and rewritten, hourly and 5-minute), fed in random order and random
 * batches. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { saveResolvedHandles } from '../../src/pipeline/store';
import { reclassify } from '../../src/pipeline/reclassify';
import { storeHooks } from '../../src/services/store-hooks';
import type { SentimentClassifier, SentimentLabel } from '../../src/pipeline/types';
import { rebuildTrackRecords, trackRecordStore } from '../../src/services/track-record/store';
import { rawPost } from '../support/posts';
import { prng } from '../support/prng';
import { closeTestDb, openMigratedDb } from '../support/test-app';
import {
  type CandleSpec,
  directRecords,
  savePosts,
  storeCandles,
  storedRecords,
  type TrackPost,
  clearTrackData,
} from './support';

const D = 86_400;
const T0 = 1_700_006_400; // a whole hour
const COINS = ['BTC', 'ETH', 'SOL', 'XRP', 'PEPE'];
const LABELS: SentimentLabel[] = ['bullish', 'bearish', 'neutral'];

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

async function reset() {
  await clearTrackData(db);
}

function shuffle<T>(rand: () => number, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

function randomPost(rand: () => number, id: string): TrackPost {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const coins = [...new Set([pick(COINS), ...(rand() < 0.3 ? [pick(COINS)] : [])])];
  const stances = rand() < 0.3 ? Object.fromEntries(coins.map((c) => [c, pick(LABELS)])) : undefined;
  return {
    id,
    authorId: String(1 + Math.floor(rand() * 3)),
    // Clustered in 40 days so 7-day windows overlap often.
    ct: T0 + Math.floor(rand() * 40 * D),
    coins,
    sentiment: pick(LABELS),
    ...(stances ? { coinStances: stances } : {}),
    // Some readings are too unsure to be calls (issue 30): their posts must not count.
    ...(rand() < 0.2 ? { unsure: true } : {}),
    refKind: rand() < 0.1 ? pick(['repost', 'quote', 'reply'] as const) : '',
    ...(rand() < 0.05 ? { text: 'RT @someone: pumping' } : {}),
  };
}

/** Chunks of hourly candles over 75 days (10 % missing) and a few 5-minute hours, per coin. */
function randomCandles(rand: () => number): CandleSpec[][] {
  const chunks: CandleSpec[][] = [];
  for (const coin of COINS) {
    let price = 10 + rand() * 100;
    let chunk: CandleSpec[] = [];
    for (let h = 0; h < 75 * 24; h++) {
      price *= 1 + (rand() - 0.5) * 0.04;
      if (rand() < 0.9) chunk.push({ coin, interval: '1h', openTime: T0 + h * 3600, close: price });
      if (chunk.length && rand() < 0.01) {
        chunks.push(chunk);
        chunk = [];
      }
      if (rand() < 0.02) {
        chunks.push(
          Array.from({ length: 12 }, (_, k) => ({
            coin,
            interval: '5m' as const,
            openTime: T0 + h * 3600 + k * 300,
            close: price * (1 + (rand() - 0.5) * 0.01),
          })),
        );
      }
    }
    if (chunk.length) chunks.push(chunk);
  }
  return chunks;
}

describe('track records, incrementally', () => {
  for (const seed of [1, 2, 3]) {
    it(`equal a direct recomputation (seed ${seed})`, async () => {
      await reset();
      const rand = prng(seed);
      const store = trackRecordStore({ db });
      const posts = Array.from({ length: 150 }, (_, i) => randomPost(rand, `${seed}${String(i).padStart(4, '0')}`));
      type Step = () => Promise<void>;
      const steps: Step[] = [];
      for (let i = 0; i < posts.length; ) {
        const batch = posts.slice(i, i + 1 + Math.floor(rand() * 8));
        i += batch.length;
        steps.push(() => savePosts(db, batch));
      }
      // Updates: the same post again with another stance and coins (a collector re-sending it).
      for (let k = 0; k < 20; k++) {
        const again = { ...randomPost(rand, posts[Math.floor(rand() * posts.length)]!.id) };
        steps.push(() => savePosts(db, [again]));
      }
      // A handle-only account's posts, merged into account 3 when an X lookup finds it.
      for (let k = 0; k < 12; k++) {
        const p = { ...randomPost(rand, `${seed}h${k}`), authorId: '', handle: 'kol_h' };
        steps.push(() => savePosts(db, [p]));
      }
      steps.push(() =>
        saveResolvedHandles(db, [{ ...rawPost().author, id: '3', username: 'kol_h' }], new Date(), storeHooks),
      );
      // Deletions, told to the store like any other change.
      for (let k = 0; k < 5; k++) {
        const id = posts[Math.floor(rand() * posts.length)]!.id;
        steps.push(async () => {
          await db.query('DELETE FROM posts WHERE id = $1', [id]);
          await store.postsStored([id]);
        });
      }
      const chunks = randomCandles(rand);
      for (const chunk of chunks) steps.push(() => storeCandles(db, store, chunk));
      // A source switch rewrites some candles with other closes.
      for (const chunk of chunks.slice(0, 5)) {
        const rewritten = chunk.map((c) => ({ ...c, close: c.close * 1.01 }));
        steps.push(() => storeCandles(db, store, rewritten));
      }
      for (const step of shuffle(rand, steps)) await step();

      const [stored, direct] = [await storedRecords(db), await directRecords(db)];
      // The data is rich enough to mean something: calls, resolved ones, and a rate shown.
      expect(direct.calls.length).toBeGreaterThan(30);
      expect(direct.calls.some((c) => c.excess[3] !== null)).toBe(true);
      expect(direct.stats.some((s) => s.hit_rate_low !== null)).toBe(true);
      expect(stored.calls).toEqual(direct.calls);
      expect(stored.stats).toEqual(direct.stats);
    });
  }

  it('stays exact when a reclassify pass changes the stances', async () => {
    // The records of the last seeded run are in place; a classifier that flips labels rewrites them.
    const before = await storedRecords(db);
    const flip: SentimentClassifier = {
      name: 'flip',
      classify: async (texts) =>
        texts.map((text) => ({
          label: text.startsWith('bullish') ? 'bearish' : text.startsWith('bearish') ? 'neutral' : 'bullish',
          score: 0,
          cues: [],
          model: 'flip-1',
        })),
    };
    const pass = await reclassify({ db, classifier: flip, hooks: storeHooks, batchSize: 37 });
    expect(pass.changed).toBeGreaterThan(50);
    const [stored, direct] = [await storedRecords(db), await directRecords(db)];
    expect(direct.calls).not.toEqual(before.calls);
    expect(stored).toEqual(direct);
  });

  it('drops the calls whose new reading is unsure (a reclassify with calibrated calls, issue 30)', async () => {
    const unsure: SentimentClassifier = {
      name: 'unsure',
      classify: async (texts) =>
        texts.map((text) => ({
          label: text.startsWith('bearish') ? 'bearish' : 'bullish',
          score: 0,
          cues: [],
          confidence: 0.5,
          // Only readings of posts that start with "bullish" are sure enough.
          call: text.startsWith('bullish') ? 'bullish' : null,
          model: 'unsure-1',
        })),
    };
    await reclassify({ db, classifier: unsure, hooks: storeHooks, batchSize: 41 });
    const [stored, direct] = [await storedRecords(db), await directRecords(db)];
    expect(stored).toEqual(direct);
    expect(direct.calls.length).toBeGreaterThan(0);
    const texts = new Map(
      (await db.query<{ id: string; text: string }>('SELECT id, text FROM posts')).map((r) => [r.id, r.text]),
    );
    for (const c of direct.calls) expect(texts.get(c.post_id)).toMatch(/^bullish/);
  });

  it('rebuilds the same records from scratch (kolscope track-rebuild)', async () => {
    await db.query('DELETE FROM track_calls');
    await db.query('DELETE FROM track_stats');
    // Pages of 2 accounts: the walk crosses several transactions.
    expect(await rebuildTrackRecords(db, () => {}, 2)).toBeGreaterThan(2);
    const [stored, direct] = [await storedRecords(db), await directRecords(db)];
    expect(stored.calls.length).toBeGreaterThan(0);
    expect(stored).toEqual(direct);
  });

  it('stays exact when two batches of the same author and coin are stored at once', async () => {
    await reset();
    const rand = prng(9);
    const store = trackRecordStore({ db });
    await storeCandles(
      db,
      store,
      Array.from({ length: 24 * 60 }, (_, h) => ({
        coin: 'SOL',
        interval: '1h' as const,
        openTime: T0 + h * 3600,
        close: 100 + h,
      })),
    );
    for (let round = 0; round < 5; round++) {
      const batch = () =>
        Array.from({ length: 6 }, (_, i) => ({
          id: `c${round}-${Math.floor(rand() * 1e9)}-${i}`,
          authorId: '7',
          ct: T0 + Math.floor(rand() * 40 * D),
          coins: ['SOL'],
          sentiment: 'bullish' as const,
        }));
      await Promise.all([savePosts(db, batch()), savePosts(db, batch())]);
    }
    const [stored, direct] = [await storedRecords(db), await directRecords(db)];
    expect(direct.calls.length).toBeGreaterThan(3);
    expect(stored).toEqual(direct);
  });
});
