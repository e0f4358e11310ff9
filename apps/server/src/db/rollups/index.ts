/**
 * The rollups: tables derived from posts (and accounts and KOL groups) that triggers keep exact on
 * every write, so reports, rankings and statistics read pre-summed rows. One file per family
 * holds its current tables, functions and triggers, and says which write fires what:
 * opinion.ts (coin and event opinion reports), ranking.ts (hot-coin ranking), statistics.ts
 * (administrator statistics); membership.ts is the KOL-group rule they share with the
 * repositories, shared.ts the SQL pieces every family writes the same way.
 *
 * How they are applied: migration 0022 (0021, 0019 and 0013 before it) runs `rollupsSql()`: it drops every rollup function (with
 * its triggers) and every derived table (a family's `CREATE TABLE`; tables written by services
 * are `CREATE TABLE IF NOT EXISTS` and kept), applies each family's SQL, then recounts each family
 * from the stored rows. The recount is what makes a database upgraded from any earlier version
 * identical to a new one (on a new database there is nothing to count).
 *
 * Changing a family: edit its file, then add a migration whose SQL is `rollupsSql()` again (after
 * any schema change the new SQL needs), and make the migration that ran it before a no-op
 * comment pointing at the new one: every such migration does all the earlier one did, and a new
 * database must not apply the family before the schema it reads exists. Note splitStatements
 * (db/migrate.ts): statements end with ";" at a line end, and only $$ quotes a body.
 */
import { opinionRecount, opinionSql } from './opinion';
import { rankingRecount, rankingSql } from './ranking';
import { statisticsRecount, statisticsSql } from './statistics';

export const families = [
  { name: 'opinion', sql: opinionSql, recount: opinionRecount },
  { name: 'ranking', sql: rankingSql, recount: rankingRecount },
  { name: 'statistics', sql: statisticsSql, recount: statisticsRecount },
];

/** The functions a family defines. */
export const functionsOf = (sql: string) => [...sql.matchAll(/CREATE OR REPLACE FUNCTION (\w+)/g)].map((m) => m[1]!);
/** The tables a family derives (and may drop): those it creates without IF NOT EXISTS. */
export const derivedTablesOf = (sql: string) =>
  [...sql.matchAll(/CREATE TABLE (?!IF NOT EXISTS)(\w+)/g)].map((m) => m[1]!);

/** Drops and re-creates every rollup family, then recounts them (see above). */
export function rollupsSql(): string {
  const functions = families.flatMap((f) => functionsOf(f.sql));
  const tables = families.flatMap((f) => derivedTablesOf(f.sql));
  return [
    '-- Every rollup function, with the triggers that run it, and every derived table.',
    ...functions.map((f) => `DROP FUNCTION IF EXISTS ${f} CASCADE;`),
    ...tables.map((t) => `DROP TABLE IF EXISTS ${t};`),
    ...families.map((f) => f.sql),
    ...families.map((f) => f.recount),
  ].join('\n');
}
