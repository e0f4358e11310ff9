/**
 * The ranking rollups stay exactly what a rebuild from posts gives, through every write path:
 * new posts, re-sent posts with grown counts, a changed author snapshot, re-classification,
 * an author merge and deletes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { collectionRepo } from '../../src/db/repos/collection';
import { closeTestDb, openMigratedDb } from '../support/test-app';
import { prng } from '../support/prng';
import { type RankPost, savePosts } from './support';

let db: Db;
let drop: () => Promise<void>;
const T0 = 1_763_000_000 - (1_763_000_000 % 3600);

async function snapshot() {
  const hours = await db.query('SELECT * FROM ranking_coin_sums ORDER BY res, bucket, coin');
  const authors = await db.query('SELECT * FROM ranking_coin_authors ORDER BY hour, coin, author_id');
  const latest = await db.query('SELECT * FROM ranking_author_last ORDER BY coin, author_id');
  const latestByHour = await db.query('SELECT * FROM ranking_last_counts ORDER BY res, bucket_start, coin');
  return { hours, authors, latest, latestByHour };
}

/**
 * The rollups as maintained, then as rebuilt from posts: they must be equal. And they count what
 * the stored posts say, copies (copy_of set) nowhere: posts per coin and (coin, person) pairs.
 */
async function expectExact() {
  const kept = await snapshot();
  const posts = await db.query<{ coins: string[]; person_id: string; copy_of: string | null }>(
    'SELECT coins, person_id, copy_of FROM posts',
  );
  const perCoin: Record<string, number> = {};
  const pairs = new Set<string>();
  for (const p of posts.filter((p) => p.copy_of === null))
    for (const coin of new Set(p.coins)) {
      perCoin[coin] = (perCoin[coin] ?? 0) + 1;
      pairs.add(`${coin}:${p.person_id}`);
    }
  const summed: Record<string, number> = {};
  for (const r of kept.hours.filter((r) => r.res === 86_400))
    summed[r.coin as string] = (summed[r.coin as string] ?? 0) + Number(r.posts);
  expect(summed).toEqual(perCoin);
  expect(kept.latest.map((r) => `${r.coin}:${r.author_id}`).sort()).toEqual([...pairs].sort());
  await db.query('SELECT ranking_rebuild()');
  const rebuilt = await snapshot();
  expect(kept.hours).toEqual(rebuilt.hours);
  expect(kept.authors).toEqual(rebuilt.authors);
  expect(kept.latest).toEqual(rebuilt.latest);
  expect(kept.latestByHour).toEqual(rebuilt.latestByHour);
  return kept;
}

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

describe('ranking rollups', () => {
  it('sum new posts per coin and hour, and per coin, hour and author', async () => {
    await savePosts(db, [
      { ct: T0 + 10, coins: ['BTC', 'ETH'], author: 'alice', followers: 999, replies: 3, retweets: 2, quotes: 1 },
      { ct: T0 + 20, coins: ['BTC'], author: 'bob', followers: 9, verified: true, impressions: 100, likes: 5 },
      { ct: T0 + 3600 + 5, coins: ['BTC'], author: 'alice', followers: 999 },
      { ct: T0 + 30, coins: [], author: 'carol' },
    ]);
    const { hours, authors } = await expectExact();
    const h = T0 / 3600;
    const btc = hours.find((r) => r.res === 3600 && r.bucket === h && r.coin === 'BTC')!;
    expect(btc).toMatchObject({ posts: 2, comments: 3, retweets: 3, impressions: 100, likes: 5 });
    // log10(1 + 999) + log10(1 + 9) = 3 + 1, in millionths
    expect(btc.influence).toBe(4_000_000);
    expect(btc.comments_log).toBe(Math.round(Math.log(4) * 1e6));
    const byRes = (res: number) => hours.filter((r) => r.coin === 'BTC' && r.res === res).map((r) => r.posts);
    expect([byRes(300), byRes(3600), byRes(86_400)]).toEqual([[2, 1], [2, 1], [3]]);
    expect(authors.filter((r) => r.coin === 'BTC' && r.hour === h)).toEqual([
      expect.objectContaining({ author_id: 'id-alice', posts: 1, first_ct: T0 + 10, followers: 999, verified: false }),
      expect.objectContaining({ author_id: 'id-bob', posts: 1, first_ct: T0 + 20, followers: 9, verified: true }),
    ]);
  });

  it('follow grown counts, a new follower snapshot, re-classification and deletes', async () => {
    const [a, b, c] = await savePosts(db, [
      { ct: T0 + 100, coins: ['SOL'], author: 'dave', followers: 50, replies: 1 },
      { ct: T0 + 200, coins: ['SOL'], author: 'dave', followers: 50, replies: 1 },
      { ct: T0 + 300, coins: ['SOL', 'BTC'], author: 'erin', followers: 5000 },
    ]);
    // The same posts again with grown counts and the author's followers grown (metrics refresh).
    await savePosts(db, [
      { id: a, ct: T0 + 100, coins: ['SOL'], author: 'dave', followers: 80, replies: 7, impressions: 1000 },
      { id: c, ct: T0 + 300, coins: ['SOL', 'BTC'], author: 'erin', followers: 5000, retweets: 40 },
    ]);
    let kept = await expectExact();
    const dave = kept.authors.find((r) => r.author_id === 'id-dave' && r.coin === 'SOL')!;
    expect(dave).toMatchObject({ posts: 2, followers: 80 });

    // Re-classification: a post loses a coin and gains another.
    await db.query(`UPDATE posts SET coins = '{ETH}' WHERE id = $1`, [c]);
    kept = await expectExact();
    expect(kept.authors.some((r) => r.author_id === 'id-erin' && r.coin === 'SOL')).toBe(false);

    await db.query('DELETE FROM posts WHERE id = ANY($1::text[])', [[a, b]]);
    kept = await expectExact();
    expect(kept.hours.some((r) => r.coin === 'SOL')).toBe(false);
    expect(kept.authors.some((r) => r.author_id === 'id-dave')).toBe(false);
  });

  it('move an author merged from its handle to the numeric account', async () => {
    await savePosts(db, [
      { ct: T0 + 400, coins: ['DOGE'], author: 'frank', authorId: '', followers: 0 },
      { ct: T0 + 500, coins: ['DOGE'], author: 'frank', authorId: '', followers: 0 },
    ]);
    await db.transaction(async (tx) => {
      await collectionRepo(tx).mergeHandleAccount(
        'handle:frank',
        {
          id: '777',
          username: 'frank',
          name: 'Frank',
          icon: '',
          followers_count: 123_456,
          is_blue_verified: true,
          verified_type: 'blue',
        },
        new Date(),
      );
    });
    const kept = await expectExact();
    expect(kept.authors.filter((r) => r.coin === 'DOGE')).toEqual([
      expect.objectContaining({ author_id: '777', posts: 2, followers: 123_456, verified: true }),
    ]);
  });

  it('stay exact through a long random mix of writes', async () => {
    const rnd = prng(42);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const coins = ['BTC', 'ETH', 'SOL', 'PEPE', 'WIF'];
    const authors = ['u1', 'u2', 'u3', 'u4'];
    const followers: Record<string, number> = { u1: 10, u2: 2000, u3: 70_000, u4: 0 };
    // Copy-paste texts: posted by several authors within minutes they fold into clusters, and an
    // earlier post arriving in a later batch takes the lead (a repoint).
    const waves = [
      'Buy before the listing pump, this one goes to the moon tonight',
      'Massive exchange outflows today, whales are accumulating hard right now',
    ];
    const ids: { id: string; post: RankPost }[] = [];
    for (let round = 0; round < 12; round++) {
      const batch: RankPost[] = Array.from({ length: 25 }, () => {
        const author = pick(authors);
        return {
          ct: T0 + 86_400 + Math.floor(rnd() * 5 * 3600),
          coins: [...new Set([pick(coins), ...(rnd() < 0.3 ? [pick(coins)] : [])])],
          author,
          followers: followers[author],
          replies: Math.floor(rnd() * 20),
          retweets: Math.floor(rnd() * 20),
          impressions: Math.floor(rnd() * 10_000),
          ...(rnd() < 0.3 ? { text: pick(waves) } : {}),
        };
      });
      // Some earlier posts come again, grown, in the same batch (the demo's metric refresh).
      const again = ids
        .filter(() => rnd() < 0.1)
        .map(({ id, post }) => ({ ...post, id, likes: (post.likes ?? 0) + 3 }));
      const saved = await savePosts(db, [...batch, ...again]);
      for (const [i, post] of batch.entries()) ids.push({ id: saved[i]!, post });
      // Follower counts drift between batches.
      followers[pick(authors)]! += 500;
      if (round % 3 === 1) {
        const victim = pick(ids);
        await db.query(`UPDATE posts SET coins = $2::text[], ct = ct + 1800 WHERE id = $1`, [victim.id, [pick(coins)]]);
      }
      if (round % 4 === 3) await db.query('DELETE FROM posts WHERE id = $1', [pick(ids).id]);
    }
    const [folded] = await db.query<{ copies: number; leaders: number }>(
      `SELECT count(*) FILTER (WHERE copy_of IS NOT NULL)::int AS copies,
              count(DISTINCT copy_of)::int AS leaders FROM posts`,
    );
    expect(folded!.copies).toBeGreaterThan(10);
    expect(folded!.leaders).toBeGreaterThan(3);
    await expectExact();
  });
});
