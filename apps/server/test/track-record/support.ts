/** Track-record test helpers: candles and posts written as the workers write them, and a direct recomputation. */
import type { Db } from '../../src/db/db';
import type { CallRow, PostCoinRow, StatsRow } from '../../src/db/repos/track-record';
import { saveBatch } from '../../src/pipeline/store';
import { storeHooks } from '../../src/services/store-hooks';
import type { SentimentLabel } from '../../src/pipeline/types';
import { byTime, type Candidate, chainCalls, type Closes } from '../../src/services/track-record/rules';
import { candidateOfRow, measured, statsRows, type TrackRecordStore } from '../../src/services/track-record/store';
import { rawPost } from '../support/posts';

export interface CandleSpec {
  coin: string;
  interval: '5m' | '1h';
  openTime: number;
  close: number;
}

/** Stores candles (rewriting stored ones) and tells the store, as the price worker does. */
export async function storeCandles(db: Db, store: TrackRecordStore | undefined, candles: CandleSpec[]) {
  if (candles.length === 0) return;
  await db.query(
    `INSERT INTO candles (coin, interval, open_time, open, high, low, close, volume, source)
     SELECT c, i, t, v, v, v, v, 0, 'test' FROM unnest($1::text[], $2::text[], $3::bigint[], $4::float8[]) AS x(c, i, t, v)
     ON CONFLICT (coin, interval, open_time) DO UPDATE SET close = EXCLUDED.close`,
    [
      candles.map((c) => c.coin),
      candles.map((c) => c.interval),
      candles.map((c) => c.openTime),
      candles.map((c) => c.close),
    ],
  );
  const first = candles[0]!;
  const times = candles.map((c) => c.openTime);
  await store?.candlesStored({
    coin: first.coin,
    interval: first.interval,
    from: Math.min(...times),
    to: Math.max(...times),
  });
}

export interface TrackPost {
  id: string;
  authorId: string;
  ct: number;
  coins: string[];
  sentiment: SentimentLabel;
  coinStances?: Record<string, SentimentLabel>;
  /** The reading was not sure enough to be a call (SentimentResult.call null). */
  unsure?: boolean;
  refKind?: '' | 'repost' | 'quote' | 'reply';
  text?: string;
  /** A handle-only author (authorId ''): stored as `handle:<name>` until merged. */
  handle?: string;
}

/**
 * Saves posts as one batch through the pipeline's save (which updates the track records in it);
 * `backfill`: as a history batch loaded newest first (records derived when the backfill ends).
 */
export async function savePosts(db: Db, posts: TrackPost[], backfill?: { done: boolean }) {
  await saveBatch(
    db,
    {
      source: 'test',
      posts: posts.map((p) =>
        rawPost({
          id: p.id,
          text: p.text ?? `${p.sentiment} on ${p.coins.join(' ')}`,
          createdAt: p.ct,
          authorId: p.authorId,
          username: p.handle ?? `u${p.authorId}`,
          ...(p.refKind ? { refKind: p.refKind } : {}),
        }),
      ),
      enrichments: posts.map((p) => ({
        coins: p.coins,
        categories: [],
        sentiment: { label: p.sentiment, score: 0, cues: [], ...(p.unsure ? { call: null, confidence: 0.5 } : {}) },
        lang: 'en',
        ...(p.coinStances ? { coinStances: p.coinStances } : {}),
      })),
      cursor: null,
      rejected: 0,
      now: new Date(),
      ...(backfill ? { backfill } : {}),
    },
    storeHooks,
  );
}

const sortCalls = (rows: CallRow[]) =>
  rows
    .map((r) => ({
      ...r,
      ct: Number(r.ct),
      stance: Number(r.stance),
      entry_ct: r.entry_ct === null ? null : Number(r.entry_ct),
    }))
    .sort((a, b) => (a.post_id + a.coin < b.post_id + b.coin ? -1 : 1));
const sortStats = (rows: StatsRow[]) =>
  rows
    .map((r) => ({ ...r }))
    .sort((a, b) => (`${a.author_id}/${a.coin}/${a.horizon}` < `${b.author_id}/${b.coin}/${b.horizon}` ? -1 : 1));

/** What the incremental store holds. */
export async function storedRecords(db: Db) {
  return {
    calls: sortCalls(await db.query<CallRow>('SELECT * FROM track_calls')),
    stats: sortStats(await db.query<StatsRow>('SELECT * FROM track_stats')),
  };
}

/** The track records computed from scratch from every stored post and candle, by the rules alone. */
export async function directRecords(db: Db) {
  const candles = await db.query<{ coin: string; interval: string; open_time: number; close: number }>(
    'SELECT coin, interval, open_time, close FROM candles',
  );
  const m = new Map(candles.map((c) => [`${c.coin} ${c.interval} ${Number(c.open_time)}`, Number(c.close)]));
  const closes: Closes = { close: (c, i, t) => m.get(`${c} ${i} ${t}`) };
  const rows = await db.query<PostCoinRow>(
    `SELECT p.id AS post_id, p.author_id, p.ct, p.text, p.ref_kind, p.sentiment,
            COALESCE(p.sentiment_call, p.sentiment) AS sentiment_call, s.coin, s.stance AS coin_stance
     FROM posts p CROSS JOIN LATERAL unnest(p.coins, p.coin_stances) AS s(coin, stance) WHERE s.coin IS NOT NULL`,
  );
  const chains = new Map<string, Candidate[]>();
  for (const r of rows) {
    const c = candidateOfRow(r);
    if (c) chains.set(`${c.authorId}/${c.coin}`, [...(chains.get(`${c.authorId}/${c.coin}`) ?? []), c]);
  }
  const calls = [...chains.values()].flatMap((cands) =>
    chainCalls(cands.sort(byTime), null).map((c) => measured(closes, c)),
  );
  return { calls: sortCalls(calls), stats: sortStats(statsRows(calls)) };
}

/** Empties what a track-record test writes: its posts and candles, and the records of them. */
export async function clearTrackData(db: Db): Promise<void> {
  for (const table of ['track_calls', 'track_stats', 'candles', 'posts']) await db.query(`DELETE FROM ${table}`);
}
