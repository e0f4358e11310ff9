/**
 * The rollups: tables derived from posts (and accounts and KOL groups) that triggers keep exact on
 * every write, so reports, rankings and statistics read pre-summed rows. One file per family
 * holds its current tables, functions and triggers, and says which write fires what:
 * opinion.ts (coin and event opinion reports), ranking.ts (hot-coin ranking), statistics.ts
 * (administrator statistics); membership.ts is the KOL-group rule they share with the
 * repositories, shared.ts the SQL pieces every family writes the same way.
 *
 * How they are applied: migration 0030 (0029, 0027, 0022, 0021, 0019 and 0013 before it) runs `rollupsSql()`:
 * it drops every rollup function (with its triggers) and every derived table (a family's `CREATE
 * TABLE`; tables written by services are `CREATE TABLE IF NOT EXISTS` and kept), applies each
 * family's SQL, then starts the recount of every family from the stored posts, which runs in the
 * background while the app serves (recount.ts: the cursor rule that keeps the rollups exact
 * meanwhile; services/rollup-recount.ts runs it). The recount is what makes a database upgraded
 * from any earlier version identical to a new one (on a new database there is nothing to count).
 *
 * Changing a family: edit its file, then add a migration whose SQL is `rollupsSql()` again (after
 * any schema change the new SQL needs), and make the migration that ran it before a no-op
 * comment pointing at the new one: every such migration does all the earlier one did, and a new
 * database must not apply the family before the schema it reads exists. Note splitStatements
 * (db/migrate.ts): statements end with ";" at a line end, and only $$ quotes a body.
 */
import { opinionRebuild, opinionSql } from './opinion';
import { rankingRebuild, rankingSql } from './ranking';
import { recountSql, startRecountSql } from './recount';
import { statisticsRebuild, statisticsSql } from './statistics';

/**
 * Each family: its SQL; `countPosts`, its function adding the posts with ct in [lo, hi) (a slice
 * of the background recount); `kept`, its tables kept across applications that the recount
 * starts empty; `rebuild`, a recount in one go (benches that bulk-load with triggers off, tests).
 */
export const families = [
  {
    name: 'opinion',
    sql: opinionSql,
    countPosts: 'opinion_count_posts',
    kept: ['event_counts'],
    rebuild: opinionRebuild,
  },
  { name: 'ranking', sql: rankingSql, countPosts: 'ranking_count_posts', kept: [], rebuild: rankingRebuild },
  { name: 'statistics', sql: statisticsSql, countPosts: 'stat_count_posts', kept: [], rebuild: statisticsRebuild },
];

/** The functions a family defines. */
export const functionsOf = (sql: string) => [...sql.matchAll(/CREATE OR REPLACE FUNCTION (\w+)/g)].map((m) => m[1]!);
/** The tables a family derives (and may drop): those it creates without IF NOT EXISTS. */
export const derivedTablesOf = (sql: string) =>
  [...sql.matchAll(/CREATE TABLE (?!IF NOT EXISTS)(\w+)/g)].map((m) => m[1]!);

const recount = recountSql(families.map((f) => f.countPosts));

/** Drops and re-creates every rollup family, then starts their recount (see above). */
export function rollupsSql(): string {
  const functions = [...functionsOf(recount), ...families.flatMap((f) => functionsOf(f.sql))];
  const tables = families.flatMap((f) => derivedTablesOf(f.sql));
  return [
    '-- Every rollup function, with the triggers that run it, and every derived table.',
    ...functions.map((f) => `DROP FUNCTION IF EXISTS ${f} CASCADE;`),
    ...tables.map((t) => `DROP TABLE IF EXISTS ${t};`),
    recount,
    ...families.map((f) => f.sql),
    startRecountSql(families.flatMap((f) => f.kept)),
  ].join('\n');
}
