/**
 * Saving a coin opinion or mindshare view of a KOL group, and the administrator's KOL merge, at
 * BENCH_N posts (default 220,000, the security probe's size, issue 34 item 5) on PostgreSQL and
 * on the embedded PGlite. Before, the save counted the group's whole history inside the request
 * (`group_opinion_recount`, timed here on its own as "before") and a merge recounted every kept
 * group (`person_groups_recount()`): the probe saw ~10 s and 503 at the 10 s statement bound. Now
 * the save and the merge write no rollup row, and the background (services/group-rollups.ts)
 * counts the group in slices: timed here are the calls, the background count to done (slices,
 * longest slice) and a report read while the group is pending (its members' per-author rows)
 * and once it is counted (its own rollup).
 * The corpus is bench/support/bulk-corpus.ts (30 days, 20,000 authors, catalogue coins), loaded
 * with triggers off and rolled up with opinion_rebuild(), the code the triggers run.
 * Run: `node bench/run.mjs coin-view-save` (BENCH_N; BENCH_DB=pg|pglite|both, default both;
 * BENCH_DATABASE_URL; BENCH_MERGE_BEFORE=0 skips timing the old merge recount). Figures: bench/notes/opinion.md, "Saving a view of a KOL group".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openPglite } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { COINS } from '../apps/server/src/domain/coins/catalogue';
import { benchServices, benchUser, percentile } from './support/bench-services';
import { bulkLoad, loadBulkCorpus, openBenchSchema } from './support/bulk-corpus';

const N = Number(process.env.BENCH_N ?? 220_000);
const WHICH = process.env.BENCH_DB ?? 'both';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const KEEP = process.env.BENCH_KEEP === '1';
const AUTHORS = 20_000;
const DAYS = 30;
const now = Math.floor(Date.now() / 1000);
const corpus = { posts: N, authors: AUTHORS, days: DAYS, now, symbols: COINS.map((c) => c.symbol) };
const fmt = (n: number) => n.toLocaleString('en-US');

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const s = performance.now();
  const out = await fn();
  return [out, performance.now() - s];
}

async function readP50(fn: () => Promise<unknown>, rounds = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push((await timed(fn))[1]);
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

async function measure(label: string, db: Db) {
  console.log(
    `${label}: ${fmt(N)} posts, ${fmt(AUTHORS)} authors, load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const services = benchServices(db);
  const user = await benchUser(services, 'coinview');
  const groups = await services.kolGroups.list(user.id, 'en');
  const all = groups.find((g) => g.defaultRole === 'all')!;
  const top = groups.find((g) => g.defaultRole === 'top')!;
  await services.kolGroups.add(
    user.id,
    { name: 'narrow', twitterUserFans: [1_000, 2_000], whiteTwitterUserIds: [], blackTwitterUserIds: [] },
    'en',
  );
  await services.kolGroups.add(
    user.id,
    { name: 'listed', twitterUserFans: [0, 0], whiteTwitterUserIds: ['5', '7'], blackTwitterUserIds: [] },
    'en',
  );
  const mine = await services.kolGroups.list(user.id, 'en');
  const narrow = mine.find((g) => g.name === 'narrow')!;
  const listed = mine.find((g) => g.name === 'listed')!;

  // Before: what the save ran inside the request, the All KOLs group's whole history in one go.
  const [, before] = await timed(() =>
    db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO opinion_groups (group_id) VALUES ($1)', [Number(all.id)]);
        await tx.query('SELECT group_opinion_recount($1)', [Number(all.id)]);
        throw new Error('rolled back');
      })
      .catch(() => undefined),
  );
  console.log(`  before: the All KOLs group counted inside the save (group_opinion_recount): ${before.toFixed(0)} ms`);

  const [list, add] = await timed(() => services.opinion.coin.add(user.id, { coin: 'BTC', kolGroupId: all.id }, 'en'));
  const viewId = list.find((v) => v.viewId === 'coin_opinion')!.subs!.at(-1)!.viewId;
  console.log(`  coin_opinion_add, All KOLs (${fmt(all.kolCnt)} KOLs): ${add.toFixed(0)} ms`);
  const [, mind] = await timed(() =>
    services.mindshare.add(user.id, { name: 'narrow', kolGroupId: narrow.id, period: '1w' }, 'en'),
  );
  console.log(`  mindshare_add, 1k-2k followers (${fmt(narrow.kolCnt)} KOLs): ${mind.toFixed(0)} ms`);
  await services.opinion.coin.add(user.id, { coin: 'ETH', kolGroupId: listed.id }, 'en');
  await services.groupRollups.adopt();
  const q = { viewId, period: '1m' as const, interval: '1d' as const };
  const pendingRead = await readP50(() => services.opinion.coin.detail(user.id, q));
  console.log(
    `  coin_opinion_detail 1m/1d while All KOLs is pending (members' rows): p50 ${pendingRead.toFixed(0)} ms`,
  );

  const slices: number[] = [];
  const [, drained] = await timed(async () => {
    for (let i = 0; i < 100_000; i++) {
      const [step, ms] = await timed(() => services.groupRollups.step());
      if (!step) break;
      slices.push(ms);
    }
  });
  slices.sort((a, b) => a - b);
  console.log(
    `  background count of 3 groups to done: ${(drained / 1000).toFixed(1)} s, ${slices.length} slices ` +
      `(50,000 per-author rows each), p50 ${percentile(slices, 50).toFixed(0)} ms, longest ${slices.at(-1)!.toFixed(0)} ms`,
  );
  const keptRead = await readP50(() => services.opinion.coin.detail(user.id, q));
  console.log(`  coin_opinion_detail 1m/1d once counted (its rollup): p50 ${keptRead.toFixed(0)} ms`);

  // Update the view to another group: before, the old group's rows went inside the save too.
  const [, update] = await timed(() =>
    services.opinion.coin.update(user.id, { viewId, coin: 'BTC', kolGroupId: top.id }),
  );
  console.log(`  coin_opinion_update, All KOLs to Top Influencers: ${update.toFixed(0)} ms`);

  // The merge: before, every kept group was recounted in its transaction.
  const [, mergeBefore] = await timed(() =>
    db
      .transaction(async (tx) => {
        await tx.query('SELECT person_groups_recount()');
        throw new Error('rolled back');
      })
      .catch(() => undefined),
  );
  console.log(`  before: a merge's person_groups_recount() over the kept groups: ${mergeBefore.toFixed(0)} ms`);
  const [, merge] = await timed(() => services.persons.merge(['5', '6']));
  console.log(`  admin kol_merge of 2 accounts (one whitelisted in a kept group): ${merge.toFixed(0)} ms`);
  const [, after] = await timed(() => services.groupRollups.drain());
  console.log(
    `  background after the update and the merge (release All KOLs, count Top, recount listed): ${(after / 1000).toFixed(1)} s`,
  );
}

if (WHICH !== 'pglite') {
  const schema = `benchcv_${N}`;
  const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, KEEP);
  if (!reuse) {
    await loadBulkCorpus(PG_URL, schema, corpus);
    const [, ms] = await timed(() => db.query('SELECT opinion_rebuild()'));
    console.log(`  PostgreSQL: opinion rollups built in ${(ms / 1000).toFixed(0)} s`);
    await db.exec('VACUUM ANALYZE');
  }
  await measure('PostgreSQL', db);
  await db.close();
  if (!KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
}
if (WHICH !== 'pg') {
  const dir = mkdtempSync(join(tmpdir(), 'kolscope-coinview-'));
  const db = await openPglite(dir);
  await migrate(db);
  await bulkLoad(db, corpus);
  const [, ms] = await timed(() => db.query('SELECT opinion_rebuild()'));
  console.log(`  PGlite: opinion rollups built in ${(ms / 1000).toFixed(0)} s`);
  await db.exec('VACUUM ANALYZE');
  await measure('PGlite', db);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
