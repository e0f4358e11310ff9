import { expect } from 'vitest';
import type { Db } from '../../src/db/db';
import { splitStatements } from '../../src/db/migrate';
import { derivedTablesOf, families } from '../../src/db/rollups/index';

/** Every rollup table's rows, in key order, and the rollup functions and triggers. */
export async function snapshot(db: Db) {
  const tables = [
    ...families.flatMap((f) => derivedTablesOf(f.sql)),
    'event_views',
    'event_patterns',
    'event_counts',
    'opinion_groups',
  ];
  const rows: Record<string, unknown[]> = {};
  // The opinion triggers leave a row at zero where a delta cancels it out (readers sum, so it
  // counts nothing); a recount writes none.
  const counted = (t: string) =>
    t.includes('opinion') || t.startsWith('event_') ? 'WHERE (up, neutral, down) <> (0, 0, 0)' : '';
  for (const t of tables)
    rows[t] = await db.query(`SELECT * FROM ${t} ${t.endsWith('counts') ? counted(t) : ''} ORDER BY ${t}`);
  const unqualified = (sql: string) => `replace(${sql}, current_schema() || '.', '')`;
  const functions = await db.query(
    `SELECT ${unqualified('pg_get_functiondef(p.oid)')} AS def FROM pg_proc p
     WHERE p.pronamespace = current_schema()::regnamespace ORDER BY p.proname`,
  );
  const triggers = await db.query(
    `SELECT t.tgname, ${unqualified('pg_get_triggerdef(t.oid)')} AS def FROM pg_trigger t
     JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal ORDER BY t.tgname`,
  );
  return { rows, functions, triggers };
}

/** The rollups as kept, then as a recount in one go gives them back from the posts: they must be equal. */
export async function expectEqualToRebuild(db: Db) {
  const kept = await snapshot(db);
  await db.transaction(async (tx) => {
    for (const f of families)
      for (const statement of splitStatements(f.rebuild))
        if (statement.replace(/--.*$/gm, '').trim()) await tx.query(statement);
  });
  expect(await snapshot(db)).toEqual(kept);
  return kept;
}
