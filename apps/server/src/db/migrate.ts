import type { Db } from './db';
import { migrations } from './migrations/index';

// Any constant works: it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 715_302_114;

/**
 * Statements split on semicolons at line ends, so both drivers run them one by one; a
 * $$-quoted body (a plpgsql function) stays whole whatever it holds.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const line of sql.split('\n')) {
    current += `${line}\n`;
    // An odd number of $$ on a line opens or closes a quoted body.
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) quoted = !quoted;
    if (!quoted && /;\s*$/.test(line)) {
      out.push(current.replace(/;\s*$/, ''));
      current = '';
    }
  }
  out.push(current);
  return out;
}

/** Applies the migrations not yet applied; returns their ids. Safe to run from several processes. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      for (const statement of splitStatements(m.sql)) {
        if (statement.replace(/--.*$/gm, '').trim()) await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
