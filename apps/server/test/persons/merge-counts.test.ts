/**
 * Persons (migration 0019, db/repos/persons.ts): merging accounts from several networks into one
 * KOL, and splitting them again, leaves every rollup equal to a recount from the stored posts,
 * even while posts of those accounts are being stored; distinct-author counts count the person,
 * and KOL-group ranges and lists apply to the person. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { memberCondition } from '../../src/db/repos/kol-groups';
import { groupRollupsRepo } from '../../src/db/repos/group-rollups';
import { personsRepo } from '../../src/db/repos/persons';
import { systemClock } from '../../src/domain/clock';
import { persons } from '../../src/services/persons';
import { countGroupRollups, keepGroupRollups } from '../support/group-rollups';
import { expectEqualToRebuild } from '../support/rollup-snapshot';
import { storePosts } from '../support/store-posts';
import { closeTestDb, openMigratedDb } from '../support/test-app';

const T0 = 1_763_337_600;
const X = '1001';
const TG = 'tg:alpha_calls';
const BSKY = 'bsky:did:plc:alpha';
const ACCOUNTS = [
  { id: X, username: 'alpha', followers: 5_000 },
  { id: TG, username: 'alpha_calls', followers: 90_000 },
  { id: BSKY, username: 'alpha.bsky.social', followers: 200 },
];

let db: Db;
let drop: () => Promise<void>;
let seq = 0;
/** The group whose whitelist names the X account. */
let listedId: number;

/** `n` BTC posts per account, a minute apart, from `at`. */
function posts(n: number, at: number) {
  return ACCOUNTS.flatMap((a, k) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${a.id}/p${seq++}`,
      text: `$BTC ${i % 2 ? 'bullish' : 'bearish'} take ${seq}`,
      ct: at + i * 60 + k,
      authorId: a.id,
      username: a.username,
      followers: a.followers,
      coins: ['BTC'],
      sentiment: (i % 2 ? 'bullish' : 'bearish') as 'bullish' | 'bearish',
    })),
  );
}

/** Every rollup equal to a recount, once the background has counted the groups the change restarted. */
const expectExact = async () => {
  await countGroupRollups(db);
  return expectEqualToRebuild(db);
};

async function members(rule: Parameters<typeof memberCondition>[0]) {
  const params: unknown[] = [];
  const rows = await db.query<{ id: string }>(
    `SELECT a.id FROM x_accounts a WHERE ${memberCondition(rule, (v) => `$${params.push(v)}`)} ORDER BY a.id`,
    params,
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  ({ db, drop } = await openMigratedDb());
  const [user] = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, invite_code, created_at, updated_at)
     VALUES ('p@example.com', 'p', 'x', 'INVP', now(), now()) RETURNING id`,
  );
  await storePosts(db, posts(3, T0));
  // A range group only the Telegram channel reaches, and a whitelist naming the X account.
  const [big] = await db.query<{ id: number }>(
    `INSERT INTO kol_groups (user_id, name, fans_min, fans_max, created_at, updated_at)
     VALUES ($1, 'big', 50000, 0, now(), now()) RETURNING id`,
    [user!.id],
  );
  const [listed] = await db.query<{ id: number }>(
    `INSERT INTO kol_groups (user_id, name, fans_min, fans_max, use_fans, created_at, updated_at)
     VALUES ($1, 'listed', 0, 0, false, now(), now()) RETURNING id`,
    [user!.id],
  );
  await db.query(`INSERT INTO kol_group_accounts (group_id, account_id, list) VALUES ($1, $2, 'white')`, [
    listed!.id,
    X,
  ]);
  listedId = listed!.id;
  await keepGroupRollups(db, user!.id, [big!.id, listed!.id]);
});
afterAll(() => closeTestDb(db, drop));

describe('persons', () => {
  it('start as one person per account', async () => {
    const before = await expectExact();
    expect(new Set(before.rows.ranking_author_last!.map((r) => (r as { author_id: string }).author_id)).size).toBe(3);
    expect(await members({ useFans: true, min: 50_000, max: 0, white: [], black: [] })).toEqual([TG]);
    expect(await members({ useFans: false, min: 0, max: 0, white: [X], black: [] })).toEqual([X]);
  });

  it('merge while posts of those accounts are stored, and every count stays exact', async () => {
    const merging = persons({ db, clock: systemClock }).merge([X, TG, BSKY]);
    const storing = storePosts(db, posts(4, T0 + 3_600));
    const [merged] = await Promise.all([merging, storing]);
    expect(merged.personId).toBe(TG);
    // The merge did not count the group its whitelist now reaches further: the background does.
    expect(await groupRollupsRepo(db).pending()).toEqual([listedId]);

    const rows = await db.query<{ id: string; person_id: string; person_followers: number }>(
      'SELECT id, person_id, person_followers FROM x_accounts ORDER BY id',
    );
    expect(rows.map((r) => [r.id, r.person_id, Number(r.person_followers)])).toEqual(
      ACCOUNTS.map((a) => [a.id, TG, 90_000]).sort(),
    );
    const [stray] = await db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM posts p JOIN x_accounts a ON a.id = p.author_id WHERE p.person_id <> a.person_id`,
    );
    expect(stray!.n).toBe(0);

    const after = await expectExact();
    // One author per coin now: the person.
    expect(after.rows.ranking_author_last!.map((r) => (r as { author_id: string }).author_id)).toEqual([TG]);
    const authors = after.rows.stat_authors as { author_id: string }[];
    expect(new Set(authors.map((r) => r.author_id))).toEqual(new Set([TG]));
    // The range takes the person's largest audience; the whitelist entry reaches every account.
    expect(await members({ useFans: true, min: 50_000, max: 0, white: [], black: [] })).toEqual([X, BSKY, TG].sort());
    expect(await members({ useFans: false, min: 0, max: 0, white: [X], black: [] })).toEqual([X, BSKY, TG].sort());
    expect(await members({ useFans: true, min: 0, max: 0, white: [], black: [BSKY] })).toEqual([]);
  });

  it('keep one track record per person, whichever network a call was made on', async () => {
    const authors = async () =>
      (await db.query<{ a: string }>('SELECT DISTINCT author_id AS a FROM track_calls ORDER BY 1')).map((r) => r.a);
    const service = persons({ db, clock: systemClock });
    await service.unmerge(X);
    expect(await authors()).toEqual([TG, X].sort());
    await service.merge([X, TG]);
    expect(await authors()).toEqual([TG]);
    // The first call on a coin in 7 days is the person's: the X account's later posts are no call.
    const [calls] = await db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM track_calls WHERE coin = 'BTC' AND ct < ${T0 + 7 * 86_400}`,
    );
    expect(calls!.n).toBeLessThan(ACCOUNTS.length);
    await expectExact();
  });

  it('follow a follower change of any account to the whole person', async () => {
    ACCOUNTS[2]!.followers = 150_000; // what later batches send too
    await storePosts(db, [
      {
        id: `${BSKY}/grow`,
        text: '$BTC up',
        ct: T0 + 9_000,
        authorId: BSKY,
        username: 'alpha.bsky.social',
        followers: 150_000,
        coins: ['BTC'],
      },
    ]);
    const rows = await db.query<{ person_followers: number }>('SELECT DISTINCT person_followers FROM x_accounts');
    expect(rows.map((r) => Number(r.person_followers))).toEqual([150_000]);
    await expectExact();
  });

  it('split an account off again, exactly', async () => {
    const split = db.transaction((tx) => personsRepo(tx).unmerge(TG));
    const storing = storePosts(db, posts(2, T0 + 7_200));
    const [done] = await Promise.all([split, storing]);
    expect(done.sort()).toEqual([BSKY, TG].sort());
    expect((await personsRepo(db).accountsOf(TG)).map((a) => a.id)).toEqual([TG]);
    // The rest keep a person, now named by its most followed account.
    expect((await personsRepo(db).accountsOf(X)).map((a) => [a.id, a.person_id])).toEqual([
      [BSKY, BSKY],
      [X, BSKY],
    ]);
    const after = await expectExact();
    expect(new Set(after.rows.ranking_author_last!.map((r) => (r as { author_id: string }).author_id))).toEqual(
      new Set([TG, BSKY]),
    );
    expect(await members({ useFans: true, min: 100_000, max: 0, white: [], black: [] })).toEqual([BSKY, X].sort());
    expect(await db.transaction((tx) => personsRepo(tx).unmerge(TG))).toEqual([]);
  });
});
