/**
 * The rollups are the same whichever way a database got to the current version (db/rollups/,
 * applied by migration 0029, and 0027, 0022, 0021, 0019 and 0013 before it): a new database given posts,
 * and databases that stored posts at older versions (before 0005, 0009, 0013 and 0022, the last
 * with copy-paste copies the rollups skip) and were migrated on from there, end with the same
 * rollup rows and the same rollup functions and triggers once the background recount is done.
 * And applying the rollups again over a populated database (with a KOL group's rollup and an
 * event view halfway through counting its history) changes nothing: every recount equals what
 * the triggers and the history count kept.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { migrate, splitStatements } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations/index';
import { opinionRepo } from '../../src/db/repos/opinion';
import { rollupsSql } from '../../src/db/rollups/index';
import { migrateBefore } from '../support/migrate-before';
import { snapshot } from '../support/rollup-snapshot';
import { keepGroupRollups } from '../support/group-rollups';
import { eventHistory } from '../../src/services/event-history';
import { localBus } from '../../src/services/events/local';
import { rollupRecount } from '../../src/services/rollup-recount';
import { openTestDb } from '../support/test-app';

// Each database applies every migration: a busy machine makes it slower, never wrong.
const BUDGET_MS = 60_000 + 20_000 * migrations.length;
const T0 = 1_763_337_600;

const ACCOUNTS = [
  { id: 'a1', followers: 5_000, blue: true, type: 'blue', tracked: true },
  { id: 'a2', followers: 200, blue: false, type: 'business', tracked: true },
  { id: 'a3', followers: 50_000, blue: false, type: 'none', tracked: false },
];

interface Post {
  id: string;
  author: (typeof ACCOUNTS)[number];
  ct: number;
  coins: string[];
  sentiment: number;
  stances?: number[];
  text: string;
  likes: number;
  /** The cluster's leader, for a near-duplicate (column from 0020 on). */
  copyOf?: string;
}

/** Three batches, written at the versions before 0005, before 0009 and before 0013. */
const BATCHES: Post[][] = [0, 1, 2].map((b) =>
  Array.from({ length: 12 }, (_, i) => ({
    id: `p${b}-${i}`,
    author: ACCOUNTS[(i + b) % 3]!,
    ct: T0 + b * 86_400 + i * 1_900,
    coins: [['BTC'], ['ETH', 'SOL'], [], ['BTC', 'ETH']][i % 4]!,
    sentiment: (i % 3) - 1,
    // Per-coin stances exist from 0012 on.
    stances: b === 2 && i % 4 === 1 ? [1, -1] : undefined,
    text: i % 2 ? 'ETF approval soon' : 'gm',
    likes: i * 3,
  })),
);

/**
 * Copies (posts.copy_of, from 0020 on) of batch `b`'s ETF posts by the next account, a minute later:
 * counted nowhere in opinion reports and the ranking, everywhere in statistics.
 */
const copiesOf = (b: number): Post[] =>
  BATCHES[b]!.filter((p) => p.text !== 'gm').map((p) => ({
    ...p,
    id: `${p.id}-copy`,
    author: ACCOUNTS[(ACCOUNTS.indexOf(p.author) + 1) % 3]!,
    ct: p.ct + 60,
    copyOf: p.id,
  }));

async function saveAccounts(db: Db) {
  for (const a of ACCOUNTS)
    await db.query(
      `INSERT INTO x_accounts (id, username, followers_count, is_blue_verified, verified_type, tracked, source, created_at, updated_at)
       VALUES ($1, $1, $2, $3, $4, $5, 'test', now(), now())`,
      [a.id, a.followers, a.blue, a.type, a.tracked],
    );
}

/**
 * Posts in the columns of the database's version. From 0006 on the author snapshot is written as
 * the ranking trigger of that version wrote it (the slimmed migrations no longer carry it).
 */
async function savePosts(db: Db, posts: Post[], version: '0004' | '0008' | 'current') {
  for (const p of posts) {
    const cols = ['id', 'author_id', 'text', 'ct', 'coins', 'sentiment', 'like_count', 'categories'];
    const values: unknown[] = [p.id, p.author.id, p.text, p.ct, p.coins, p.sentiment, p.likes, ['defi/lending']];
    if (version !== '0004') {
      cols.push('author_followers', 'author_verified');
      values.push(p.author.followers, p.author.blue || p.author.type !== 'none');
    }
    if (version === 'current') {
      cols.push('coin_stances');
      values.push(p.stances ?? null);
    }
    if (p.copyOf) {
      // Copies are written at 0021, whose database has no rollup triggers (0022 brings them), so
      // no snapshot trigger fills the person either: as it would have.
      cols.push('copy_of', 'person_id');
      values.push(p.copyOf, p.author.id);
    }
    await db.query(
      `INSERT INTO posts (${cols.join(', ')}, metrics_updated_at, source, ingested_at)
       VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}, now(), 'test', now())`,
      values,
    );
  }
}

describe('rollups after an upgrade', () => {
  it('match a new database whatever version the posts were stored at', { timeout: BUDGET_MS }, async () => {
    const fresh = await openTestDb();
    const old = await openTestDb();
    try {
      await migrate(fresh.db);
      await saveAccounts(fresh.db);
      for (const batch of BATCHES) await savePosts(fresh.db, batch, 'current');
      await savePosts(fresh.db, copiesOf(2), 'current');

      await migrateBefore(old.db, '0005');
      await saveAccounts(old.db);
      await savePosts(old.db, BATCHES[0]!, '0004');
      await migrateBefore(old.db, '0009');
      await savePosts(old.db, BATCHES[1]!, '0008');
      await migrateBefore(old.db, '0013');
      await savePosts(old.db, BATCHES[2]!, 'current');
      await migrateBefore(old.db, '0022');
      await savePosts(old.db, copiesOf(2), 'current');
      await migrate(old.db);
      // The migration starts the recount; the app runs it in the background (services/rollup-recount.ts).
      expect(await rollupRecount({ db: old.db, log: () => {} }).drain(5)).toBeGreaterThan(1);

      const expected = await snapshot(fresh.db);
      expect(expected.rows.opinion_counts!.length).toBeGreaterThan(0);
      expect(expected.rows.ranking_coin_sums!.length).toBeGreaterThan(0);
      expect(expected.rows.stat_counts!.length).toBeGreaterThan(0);
      // Thirteen triggers run on every write to posts.
      expect(expected.triggers.filter((t) => String(t.def).includes(' ON posts ')).length).toBe(13);
      expect(await snapshot(old.db)).toEqual(expected);
    } finally {
      await fresh.db.close();
      await fresh.drop();
      await old.db.close();
      await old.drop();
    }
  });

  it('are unchanged by applying them again over stored data', { timeout: BUDGET_MS }, async () => {
    const { db, drop } = await openTestDb();
    try {
      await migrate(db);
      await saveAccounts(db);
      const [user] = await db.query<{ id: number }>(
        `INSERT INTO users (email, name, password_hash, invite_code, created_at, updated_at)
         VALUES ('a@example.com', 'a', 'x', 'INV1', now(), now()) RETURNING id`,
      );
      const [group] = await db.query<{ id: number }>(
        `INSERT INTO kol_groups (user_id, name, fans_min, fans_max, created_at, updated_at)
         VALUES ($1, 'mid', 1000, 0, now(), now()) RETURNING id`,
        [user!.id],
      );
      await db.query(`INSERT INTO kol_group_accounts (group_id, account_id, list) VALUES ($1, 'a2', 'white')`, [
        group!.id,
      ]);
      const [view] = await db.query<{ id: number }>(
        `INSERT INTO views (user_id, name, view_type, created_at, updated_at)
         VALUES ($1, 'ETF', 'event_opinion', now(), now()) RETURNING id`,
        [user!.id],
      );
      await savePosts(db, BATCHES[0]!, 'current');
      await keepGroupRollups(db, user!.id, [group!.id]);
      await db.transaction(async (tx) => {
        // The event view counts posts from the second day on: a recount from every post would differ.
        await opinionRepo(tx).setEvent(view!.id, group!.id, [['etf']], T0 + 86_400, T0 + 2 * 86_400);
      });
      await savePosts(db, [...BATCHES[1]!, ...BATCHES[2]!, ...copiesOf(1), ...copiesOf(2)], 'current');
      await db.query(`UPDATE x_accounts SET followers_count = 900 WHERE id = 'a1'`);
      // Halfway through its history count: the recount must give back exactly what lies above
      // the watermark (the triggers' posts and the chunks counted so far), and nothing below it.
      const history = eventHistory({ db, events: localBus(), log: () => {}, chunkRows: 8 });
      expect(await history.step()).toMatchObject({ viewId: view!.id });
      expect(await history.step()).toMatchObject({ viewId: view!.id });
      const [state] = await db.query<{ w: string; f: string }>(
        'SELECT history_watermark::text AS w, history_from::text AS f FROM event_views',
      );
      expect(BigInt(state!.w)).toBeGreaterThan(BigInt(state!.f));

      const kept = await snapshot(db);
      expect(kept.rows.group_opinion_counts!.length).toBeGreaterThan(0);
      expect(kept.rows.event_class_counts!.length).toBeGreaterThan(0);
      // Applied again as the migration that carries them (0029) applies them, then recounted in
      // the background; the history count goes on from its watermark after that.
      await db.transaction(async (tx) => {
        for (const statement of splitStatements(rollupsSql()))
          if (statement.replace(/--.*$/gm, '').trim()) await tx.query(statement);
      });
      expect(await rollupRecount({ db, log: () => {} }).drain(7)).toBeGreaterThan(1);
      expect(await snapshot(db)).toEqual(kept);
    } finally {
      await db.close();
      await drop();
    }
  });
});
