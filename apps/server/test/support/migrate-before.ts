import type { Db } from '../../src/db/db';
import { migrate, splitStatements } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations/index';
import { rollupRecount } from '../../src/services/rollup-recount';

/**
 * A database as it was before migration `id`: the earlier migrations applied and recorded, as
 * `migrate` would have (it then applies the rest). Rows written at that version use only the
 * columns that version had.
 */
export async function migrateBefore(db: Db, id: string): Promise<void> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  for (const m of migrations.filter((m) => m.id < id && !done.has(m.id))) {
    for (const statement of splitStatements(m.sql))
      if (statement.replace(/--.*$/gm, '').trim()) await db.query(statement);
    await db.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
  }
}

/**
 * Applies the migrations left, then runs to its end the rollups' recount one of them may start,
 * as the app does in the background after it starts (services/rollup-recount.ts).
 */
export async function migrateAndRecount(db: Db): Promise<void> {
  await migrate(db);
  await rollupRecount({ db, log: () => {} }).drain();
}
