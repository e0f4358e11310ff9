/**
 * Migration 0023: copies folded before the anchor rule (domain/text-fingerprint.ts) into a leader
 * about other coins are leaders again, and the reports count them (the posts triggers move the
 * counts, and the recount of 0029 after); true copies stay folded. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/db';
import { splitStatements } from '../../src/db/migrate';
import { rollupsSql } from '../../src/db/rollups/index';
import { migrateAndRecount, migrateBefore } from '../support/migrate-before';
import { closeTestDb, openTestDb } from '../support/test-app';
import { storeAs } from './support';

const T0 = 1_764_000_000;
const UPGRADE = 'Upgrade scheduled for next week. Node operators, update your clients before the fork';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  await migrateBefore(db, '0023_copies_same_coins');
  // 0022 applied the rollups when it was the newest to carry them (0029 does now): as it left them.
  for (const statement of splitStatements(rollupsSql()))
    if (statement.replace(/--.*$/gm, '').trim()) await db.query(statement);
  // The posts below are stored by today's pipeline, which also writes 0024's and 0025's columns
  // (both migrations add them only if missing).
  await db.query('ALTER TABLE posts ADD COLUMN sentiment_confidence real, ADD COLUMN sentiment_call smallint');
  await db.query(
    `ALTER TABLE posts ADD COLUMN links jsonb NOT NULL DEFAULT '[]', ADD COLUMN card jsonb,
       ADD COLUMN unknown_counts text[] NOT NULL DEFAULT '{}'`,
  );
});
afterAll(() => closeTestDb(db, drop));

const copyOf = async () =>
  Object.fromEntries(
    (await db.query<{ id: string; copy_of: string | null }>('SELECT id, copy_of FROM posts ORDER BY id')).map((r) => [
      r.id,
      r.copy_of,
    ]),
  );
const postsCounted = async (coin: string) =>
  Number(
    (
      await db.query<{ n: string }>(
        'SELECT coalesce(sum(up + neutral + down), 0) AS n FROM opinion_counts WHERE coin = $1 AND res = 1',
        [coin],
      )
    )[0]!.n,
  );

describe('migration 0023: copies about other coins', () => {
  it('unfolds copies whose coins differ from their leader, and the reports count them', async () => {
    await storeAs(db, [
      { id: 'sol1', author: 'alpha', text: `$SOL ${UPGRADE}`, coins: ['SOL'], ct: T0 },
      { id: 'sol2', author: 'bravo', text: `$SOL ${UPGRADE} 🚀`, coins: ['SOL'], ct: T0 + 60 },
      { id: 'xrp1', author: 'charlie', text: `$XRP ${UPGRADE}`, coins: ['XRP'], ct: T0 + 120 },
    ]);
    // As the fingerprint without anchors had folded them.
    await db.query("UPDATE posts SET copy_of = 'sol1' WHERE id = 'xrp1'");
    expect(await copyOf()).toEqual({ sol1: null, sol2: 'sol1', xrp1: 'sol1' });
    expect(await postsCounted('XRP')).toBe(0);

    await migrateAndRecount(db);
    expect(await copyOf()).toEqual({ sol1: null, sol2: 'sol1', xrp1: null });
    expect(await postsCounted('XRP')).toBe(1);
    expect(await postsCounted('SOL')).toBe(1);
  });
});
