/**
 * The distinct-author indicators (kol_count, verified_kol_count, kol_score) equal a direct count
 * of the posts, for windows of every shape: ending now (the histogram of db/rollups/ranking.ts, with
 * posts of the last seconds and from the future to take back) and ending long ago (the
 * per-hour rows), through new posts, re-sent posts, moved posts and deletes. Runs on PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { AUTHORS_NOW_MAX_AGE, type CoinAuthors, rankingRepo, type Window } from '../../src/db/repos/ranking';
import { closeTestDb, openMigratedDb } from '../support/test-app';
import { prng } from '../support/prng';
import { type RankPost, savePosts } from './support';

let db: Db;
let drop: () => Promise<void>;
const NOW = 1_763_000_000 - (1_763_000_000 % 60) + 37;

/**
 * Straight from posts: the pairs with a post in [start, end); verification and followers are
 * those of the pair's latest post of all (what the histogram keeps; of several at that second,
 * the most followers and verified if any is).
 */
async function direct(w: Window): Promise<CoinAuthors[]> {
  const rows = await db.query<{ coin: string; kols: number; verified_kols: number; kol_score: number }>(
    `WITH pairs AS (
       SELECT DISTINCT c.coin, p.author_id FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
       WHERE p.ct >= $1 AND p.ct < $2
     ), at_latest AS (
       SELECT c.coin, p.author_id, p.ct, p.author_followers, p.author_verified,
              max(p.ct) OVER (PARTITION BY c.coin, p.author_id) AS latest_ct
       FROM posts p CROSS JOIN LATERAL unnest(p.coins) AS c(coin)
     ), latest AS (
       SELECT coin, author_id, max(author_followers) AS author_followers, bool_or(author_verified) AS author_verified
       FROM at_latest WHERE ct = latest_ct GROUP BY coin, author_id
     )
     SELECT coin, count(*)::float8 AS kols, (count(*) FILTER (WHERE l.author_verified))::float8 AS verified_kols,
            sum(round(log(1 + l.author_followers::float8) * 1e6))::float8 / 1e6 AS kol_score
     FROM pairs JOIN latest l USING (coin, author_id) GROUP BY coin`,
    [w.start, w.end],
  );
  return rows.map((r) => ({ coin: r.coin, kols: r.kols, verifiedKols: r.verified_kols, kolScore: r.kol_score }));
}

const byCoin = (xs: CoinAuthors[]) =>
  [...xs].sort((a, b) => (a.coin < b.coin ? -1 : 1)).map((x) => ({ ...x, kolScore: Number(x.kolScore.toFixed(6)) }));

/** A window ending at `end` with the given length, asked at NOW (so the recent path for recent ends). */
async function expectCounts(start: number, end: number) {
  const w = { start, end };
  const got = await rankingRepo(db).authors(w, NOW);
  const want = await direct(w);
  if (NOW - end <= AUTHORS_NOW_MAX_AGE) {
    expect(byCoin(got)).toEqual(byCoin(want));
  } else {
    // Older windows count an author with the most followers seen in the window: compare counts.
    const counts = (xs: CoinAuthors[]) => byCoin(xs).map(({ coin, kols }) => ({ coin, kols }));
    expect(counts(got)).toEqual(counts(want));
  }
}

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

describe('distinct authors per coin in a window', () => {
  it('equal a direct count through a random mix of writes, for windows ending now and long ago', async () => {
    const rnd = prng(7);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const coins = ['BTC', 'ETH', 'SOL', 'PEPE'];
    const authors = ['a', 'b', 'c', 'd', 'e', 'f'];
    const followers: Record<string, number> = { a: 10, b: 5000, c: 90_000, d: 0, e: 1_000_000, f: 42 };
    const verified = new Set(['c', 'e']);
    const ids: { id: string; post: RankPost }[] = [];
    const end = NOW - (NOW % 60);
    for (let round = 0; round < 8; round++) {
      const batch: RankPost[] = Array.from({ length: 30 }, () => {
        const author = pick(authors);
        // Mostly the last two days; some in the current minute (after the window's end) and a
        // few from the future (a wrong clock at the source).
        const r = rnd();
        const ct =
          r < 0.1 ? end + Math.floor(rnd() * 40) : r < 0.13 ? NOW + 3600 : NOW - Math.floor(rnd() * 2 * 86_400);
        return {
          ct,
          coins: [...new Set([pick(coins), ...(rnd() < 0.3 ? [pick(coins)] : [])])],
          author,
          followers: followers[author],
          verified: verified.has(author),
        };
      });
      const again = ids.filter(() => rnd() < 0.1).map(({ id, post }) => ({ ...post, id, likes: 7 }));
      const saved = await savePosts(db, [...batch, ...again]);
      for (const [i, post] of batch.entries()) ids.push({ id: saved[i]!, post });
      followers[pick(authors)]! += 1000;
      if (round % 2 === 1) {
        const victim = pick(ids);
        await db.query('UPDATE posts SET coins = $2::text[], ct = ct - 5400 WHERE id = $1', [victim.id, [pick(coins)]]);
        await db.query('DELETE FROM posts WHERE id = $1', [pick(ids).id]);
      }
      for (const length of [86_400, 3600, 5400, 600, 61]) {
        await expectCounts(end - length, end);
      }
      // The previous window of a 24 h ranking, and one that ends mid-hour a day ago.
      await expectCounts(end - 2 * 86_400, end - 86_400);
      await expectCounts(end - 86_400 - 7200 - 59, end - 86_400 + 1234);
    }
  });

  it('drop an author whose last post about the coin is deleted, and fall back to their earlier one', async () => {
    const end = NOW - (NOW % 60) + 86_400 * 10;
    const at = (ct: number, author: string, coins = ['DOGE']) => ({ ct, coins, author, followers: 100 });
    const [early, late] = await savePosts(db, [at(end - 50_000, 'g'), at(end - 100, 'g')]);
    const now = end + 10;
    const count = async (start: number) =>
      (await rankingRepo(db).authors({ start, end }, now)).find((x) => x.coin === 'DOGE')?.kols ?? 0;
    expect(await count(end - 1000)).toBe(1);
    await db.query('DELETE FROM posts WHERE id = $1', [late]);
    expect(await count(end - 1000)).toBe(0);
    expect(await count(end - 86_400)).toBe(1);
    await db.query('DELETE FROM posts WHERE id = $1', [early]);
    expect(await count(end - 86_400)).toBe(0);
    expect(await db.query("SELECT * FROM ranking_author_last WHERE coin = 'DOGE'")).toEqual([]);
    expect(await db.query("SELECT * FROM ranking_last_counts WHERE coin = 'DOGE'")).toEqual([]);
  });
});
