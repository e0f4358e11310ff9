/**
 * SQL pieces every rollup family writes the same way (db/rollups/index.ts says how the families
 * are applied).
 */

/**
 * A scratch table for a trigger or a recount: a session-wide temp table, emptied at each commit
 * and again before each use. The one convention for every family: created once per session
 * rather than per transaction (creating and dropping temp tables in every transaction cost a
 * fifth of the ingest rate on PGlite), and emptied with DELETE rather than TRUNCATE (they hold a
 * batch at most, and TRUNCATE makes a new file each time). Its shape lives as long as the
 * session: a family that changes a scratch table's columns gives it a new name.
 */
export function scratch(name: string, columns: string): string {
  return `${scratchTable(name, columns)};
  DELETE FROM ${name}`;
}

/** A scratch table as `scratch` makes it, without emptying it: for rows one trigger leaves to the next. */
export function scratchTable(name: string, columns: string): string {
  return `CREATE TEMP TABLE IF NOT EXISTS ${name} (${columns}) ON COMMIT DELETE ROWS`;
}

/**
 * The tail of an `INSERT INTO <rollup> AS t ...` that adds a delta to the existing row:
 * `ON CONFLICT (key) DO UPDATE SET c = t.c + EXCLUDED.c` for each column.
 */
export function addUp(key: string, columns: string[]): string {
  return `ON CONFLICT (${key}) DO UPDATE
    SET ${columns.map((c) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ')}`;
}

/**
 * The three statement-level triggers `<table>_<name>_insert|update|delete` that run `fn()` with
 * the statement's rows as transition tables new_<rows> and old_<rows>.
 */
export function writeTriggers(table: string, name: string, fn: string, rows: string): string {
  return `CREATE TRIGGER ${table}_${name}_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_${rows} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${table}_${name}_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_${rows} NEW TABLE AS new_${rows} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
CREATE TRIGGER ${table}_${name}_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_${rows} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
}

/** The statement-level trigger `x_accounts_<name>_update`, with old_accounts and new_accounts. */
export function accountsTrigger(name: string, fn: string): string {
  return `CREATE TRIGGER x_accounts_${name}_update AFTER UPDATE ON x_accounts
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
}

/**
 * Which posts opinion reports and the hot-coin ranking count (services/README.md
 * "Near-duplicates"): a near-duplicate of another account's post (`copy_of` set) counts nowhere,
 * its cluster's leader counts once, for the leader's account. The one place the rule is written:
 * every trigger, recount and direct read of posts for those families uses it. Statistics and
 * track records count every post and do not use it. `p` is the posts row's alias.
 */
export const notACopy = (p: string) => `${p}.copy_of IS NULL`;
