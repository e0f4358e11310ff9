/**
 * The statistics rollups (db/rollups/statistics.ts) stay exactly what a recount from posts gives, through
 * every write path: new posts, re-sent posts with grown counts, re-classification, the same post
 * from a second source, an author merge, deletes, concurrent batches and a long random mix; and
 * posts stored before the migration are counted by it. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { collectionRepo } from '../../src/db/repos/collection';
import { migrateAndRecount, migrateBefore } from '../support/migrate-before';
import { closeTestDb, openMigratedDb, openTestDb } from '../support/test-app';
import { prng, type StatPost, saveOldPosts, saveStatPosts } from './support';

let db: Db;
let drop: () => Promise<void>;
// A Monday 00:00 UTC, so the hour, day and week of T0 all start at T0.
const T0 = 1_763_337_600;
const HOUR = 3600;

async function snapshot(on: Db = db) {
  return {
    counts: await on.query('SELECT * FROM stat_counts ORDER BY res, source, bucket'),
    categories: await on.query('SELECT * FROM stat_category_counts ORDER BY res, source, bucket, category'),
    authors: await on.query('SELECT * FROM stat_authors ORDER BY res, source, bucket, author_id'),
  };
}

/** The rollups as the triggers kept them, then as recounted from posts: they must be equal. */
async function expectExact(on: Db = db) {
  const kept = await snapshot(on);
  await on.query('SELECT stat_rebuild()');
  expect(kept).toEqual(await snapshot(on));
  return kept;
}

/** One figure of stat_counts (0 when the row does not exist). */
async function figure(res: number, source: string, bucket: number, column: string): Promise<number> {
  const rows = await db.query<Record<string, number>>(
    `SELECT ${column} AS v FROM stat_counts WHERE res = $1 AND source = $2 AND bucket = $3`,
    [res, source, bucket],
  );
  return Number(rows[0]?.v ?? 0);
}

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
});
afterAll(() => closeTestDb(db, drop));

const first: StatPost[] = [
  { id: 's1', ct: T0 + 10, source: 'alpha', author: 'ann', coins: ['BTC'], categories: ['defi/lending'], likes: 5 },
  { id: 's2', ct: T0 + 20, source: 'alpha', author: 'ann', categories: ['trading'], replies: 2, quotes: 1 },
  { id: 's3', ct: T0 + 30, source: 'beta', author: 'ann', coins: ['ETH'], retweets: 4 },
  { id: 's4', ct: T0 + HOUR + 5, source: 'beta', author: 'bob', categories: ['defi', 'memecoins'], likes: 1 },
];

describe('statistics rollups', () => {
  it('count posts, interactions, accounts and coin accounts per source and for all', async () => {
    await saveStatPosts(db, first);
    await expectExact();
    expect(await figure(HOUR, 'alpha', T0, 'posts')).toBe(2);
    expect(await figure(HOUR, 'alpha', T0, 'interactions')).toBe(8);
    expect(await figure(HOUR, 'alpha', T0, 'authors')).toBe(1);
    expect(await figure(HOUR, 'alpha', T0, 'crypto_authors')).toBe(1);
    // Ann posted through both sources in that hour: one account for all sources together.
    expect(await figure(HOUR, '', T0, 'posts')).toBe(3);
    expect(await figure(HOUR, '', T0, 'authors')).toBe(1);
    expect(await figure(86_400, '', T0, 'authors')).toBe(2);
    expect(await figure(604_800, '', T0, 'crypto_authors')).toBe(1);
    expect(await figure(0, 'beta', 0, 'authors')).toBe(2);
    const defi = await db.query<{ posts: number }>(
      `SELECT posts FROM stat_category_counts WHERE res = 86400 AND source = '' AND bucket = $1 AND category = 'defi'`,
      [T0],
    );
    expect(Number(defi[0]?.posts)).toBe(2);
  });

  it('follow grown counts and re-classification, and ignore a second source sending the same post', async () => {
    await saveStatPosts(db, [
      { ...first[0]!, likes: 50 },
      { ...first[2]!, coins: [], categories: ['ai'] },
    ]);
    await expectExact();
    expect(await figure(HOUR, 'alpha', T0, 'interactions')).toBe(53);
    expect(await figure(HOUR, 'beta', T0, 'crypto_authors')).toBe(0);
    await saveStatPosts(db, [{ ...first[3]!, source: 'alpha' }]);
    await expectExact();
    expect(await figure(HOUR, 'alpha', T0 + HOUR, 'posts')).toBe(0);
  });

  it('move posts when a handle-only author is merged into their account', async () => {
    await saveStatPosts(db, [
      { id: 'h1', ct: T0 + 40, source: 'rss', authorId: '', author: 'carol', coins: ['SOL'] },
      { id: 'h2', ct: T0 + 50, source: 'rss', author: 'ann' },
    ]);
    expect(await figure(HOUR, 'rss', T0, 'authors')).toBe(2);
    await db.transaction((tx) =>
      collectionRepo(tx).mergeHandleAccount(
        'handle:carol',
        {
          id: 'id-ann',
          username: 'ann',
          name: 'ann',
          icon: '',
          followers_count: 10,
          is_blue_verified: false,
          verified_type: 'none',
        },
        new Date(),
      ),
    );
    await expectExact();
    expect(await figure(HOUR, 'rss', T0, 'authors')).toBe(1);
    expect(await figure(HOUR, 'rss', T0, 'crypto_authors')).toBe(1);
  });

  it('subtract deleted posts and drop rows left empty', async () => {
    await db.query(`DELETE FROM posts WHERE id IN ('s1', 's2')`);
    await expectExact();
    expect(await figure(HOUR, 'alpha', T0, 'posts')).toBe(0);
    const empty = await db.query(`SELECT 1 FROM stat_counts WHERE res = $1 AND source = 'alpha' AND bucket = $2`, [
      HOUR,
      T0,
    ]);
    expect(empty).toEqual([]);
  });

  it('stay exact under concurrent batches touching the same accounts and hours', async () => {
    const batches = Array.from({ length: 6 }, (_, b) =>
      Array.from({ length: 20 }, (_, i) => ({
        ct: T0 + 2 * HOUR + ((b * 20 + i) % 7) * 60,
        source: b % 2 ? 'alpha' : 'beta',
        author: `k${i % 5}`,
        coins: i % 3 ? ['BTC'] : [],
        categories: ['trading'],
        likes: i,
      })),
    );
    await Promise.all(batches.map((posts) => saveStatPosts(db, posts)));
    await expectExact();
    expect(await figure(HOUR, '', T0 + 2 * HOUR, 'posts')).toBe(120);
    expect(await figure(HOUR, '', T0 + 2 * HOUR, 'authors')).toBe(5);
  });

  it('stay exact through a long random mix of writes', async () => {
    const random = prng(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const ids: string[] = [];
    for (let round = 0; round < 8; round++) {
      const fresh = Array.from({ length: 30 }, () => ({
        ct: T0 + Math.floor(random() * 20 * 86_400),
        source: pick(['alpha', 'beta', 'push']),
        author: pick(['a', 'b', 'c', 'd']),
        coins: pick([[], ['BTC'], ['ETH', 'BTC']]),
        categories: pick([[], ['defi/dex'], ['ai', 'trading/ta']]),
        likes: Math.floor(random() * 9),
      }));
      ids.push(...(await saveStatPosts(db, fresh)));
      // Re-send some with other counts, coins, categories and even another time.
      const again = ids.filter(() => random() < 0.2);
      const rows = await db.query<{ id: string; ct: number; source: string; author_id: string }>(
        'SELECT id, ct, source, author_id FROM posts WHERE id = ANY($1::text[])',
        [again],
      );
      await saveStatPosts(
        db,
        rows.map((r) => ({
          id: r.id,
          ct: Number(r.ct),
          source: r.source,
          authorId: r.author_id,
          author: r.author_id.replace(/^id-/, ''),
          coins: pick([[], ['DOGE']]),
          categories: pick([[], ['security']]),
          likes: Math.floor(random() * 99),
          quotes: 1,
        })),
      );
      await db.query(`UPDATE posts SET ct = ct + 7200 WHERE id = ANY($1::text[])`, [ids.filter(() => random() < 0.05)]);
      await db.query('DELETE FROM posts WHERE id = ANY($1::text[])', [ids.filter(() => random() < 0.1)]);
      await expectExact();
    }
  });
});

describe('statistics migration', () => {
  it('counts the posts collected before it', async () => {
    const { db: old, drop: dropOld } = await openTestDb();
    try {
      await migrateBefore(old, '0009');
      await saveOldPosts(old, first);
      await migrateAndRecount(old);
      const rows = await old.query<{ source: string; posts: number; authors: number }>(
        `SELECT source, posts, authors FROM stat_counts WHERE res = 0 ORDER BY source`,
      );
      expect(rows.map((r) => [r.source, Number(r.posts), Number(r.authors)])).toEqual([
        ['', 4, 2],
        ['alpha', 2, 1],
        ['beta', 2, 2],
      ]);
      // And from then on the triggers keep them.
      await saveStatPosts(old, [{ ct: T0, source: 'alpha', author: 'zed' }]);
      await expectExact(old);
    } finally {
      await old.close();
      await dropOld();
    }
  });
});
