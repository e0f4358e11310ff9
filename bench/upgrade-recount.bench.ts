/**
 * The one-time upgrade recounts at scale on PostgreSQL (issue 32 §3), over BENCH_POSTS posts
 * (default 10,000,000) of the shared bulk corpus (support/bulk-corpus.ts: 30 days, 20,000 authors):
 * 1. The rollups' recount as migrations ran it before 0027: every family from the posts in one
 *    transaction, inside the migration, so the server could not start for as long
 *    (BENCH_OLD=0 skips it).
 * 2. As 0027 runs it: the migration's SQL (rollupsSql(): the families applied again, the cursor
 *    set), then the background recount through the process's scheduler (PostgreSQL budgets) while
 *    BENCH_USERS signed-in users read Hot Coins (cache off) and BTC opinion reports (1 day at 1
 *    minute, 1 week at 5 minutes) through the services, one every BENCH_THINK_MS (1 s) each as a
 *    person reading screens, each read holding the request
 *    gate as the HTTP hook does. Prints the migration's time, the recount's time and posts/s, its
 *    slices, the reads' p50/p95/slowest, and the progress lines it logs; then checks the
 *    totals of every rollup against step 1's.
 * 3. The other one-time fills of earlier migrations, at this size, each in a rolled-back
 *    transaction: 0019's person column and 0023's copy fix-up (BENCH_PAST=0 skips them).
 *
 * BENCH_DB=pglite runs it all on the embedded database instead (in memory; BENCH_POSTS defaults to
 * 200,000 there), with the embedded budgets.
 *
 * Run: `npm run bench -- upgrade-recount` (BENCH_POSTS, BENCH_USERS (2), BENCH_DATABASE_URL,
 * BENCH_KEEP=1 keeps the loaded schema and reuses it next time).
 */
import { loadavg } from 'node:os';
import { type Db, openPglite } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { families, rollupsSql } from '../apps/server/src/db/rollups/index';
import { splitStatements } from '../apps/server/src/db/migrate';
import { COINS } from '../apps/server/src/domain/coins/catalogue';
import { requestGate } from '../apps/server/src/pipeline/request-gate';
import { createScheduler } from '../apps/server/src/pipeline/scheduler';
import { ranking } from '../apps/server/src/services/ranking/index';
import { rollupRecount } from '../apps/server/src/services/rollup-recount';
import { benchServices, benchUser, percentile } from './support/bench-services';
import { bulkLoad, loadBulkCorpus, openBenchSchema } from './support/bulk-corpus';

const EMBEDDED = process.env.BENCH_DB === 'pglite';
const N = Number(process.env.BENCH_POSTS ?? (EMBEDDED ? 200_000 : 10_000_000));
const USERS = Number(process.env.BENCH_USERS ?? 2);
/** A user's pause between reads, as a person reading a screen (BENCH_THINK_MS). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const KEEP = process.env.BENCH_KEEP === '1';
/** Reads per user at most: the loop is bounded whatever the recount's length. */
const MAX_READS = 200_000;
const schema = `benchrecount_${N}`;
const fmt = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const load = () => loadavg()[0]!.toFixed(1);

console.log(
  `Upgrade recount benchmark: ${fmt(N)} posts, ${EMBEDDED ? 'embedded PGlite' : 'PostgreSQL'}, ${USERS} users reading meanwhile (a read every ${THINK_MS} ms each)`,
);
const corpus = {
  posts: N,
  authors: 20_000,
  days: 30,
  now: Math.floor(Date.now() / 1000),
  symbols: COINS.map((c) => c.symbol),
};
let db: Db;
let dropSchema = async () => {};
if (EMBEDDED) {
  db = await openPglite(undefined);
  await migrate(db);
  await bulkLoad(db, corpus);
} else {
  const opened = await openBenchSchema(PG_URL, schema, KEEP, { max: 8 });
  db = opened.db;
  if (!opened.reuse) await loadBulkCorpus(PG_URL, schema, corpus);
  dropSchema = async () => {
    if (!KEEP) await opened.admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await opened.admin.close();
  };
}
await db.exec('VACUUM ANALYZE posts');

/** Every rollup's totals: what both ways of recounting must agree on. */
const TOTALS = `SELECT
  (SELECT coalesce(sum(up + neutral + down), 0) FROM opinion_counts)::text AS opinion,
  (SELECT coalesce(sum(up + neutral + down), 0) FROM opinion_author_counts)::text AS opinion_authors,
  (SELECT coalesce(sum(up + neutral + down), 0) FROM group_opinion_counts)::text AS groups,
  (SELECT coalesce(sum(posts), 0) || '/' || coalesce(sum(influence), 0) FROM ranking_coin_sums)::text AS ranking,
  (SELECT coalesce(sum(posts), 0) || '/' || count(*) FROM ranking_coin_authors)::text AS ranking_authors,
  (SELECT count(*) || '/' || coalesce(sum(score), 0) FROM ranking_author_last)::text AS ranking_last,
  (SELECT coalesce(sum(kols), 0)::text FROM ranking_last_counts) AS ranking_last_counts,
  (SELECT coalesce(sum(posts), 0) || '/' || coalesce(sum(authors), 0) FROM stat_counts)::text AS statistics,
  (SELECT coalesce(sum(posts), 0)::text FROM stat_category_counts) AS categories`;
const totals = async () => (await db.query<Record<string, string>>(TOTALS))[0]!;

async function inOneTransaction(sql: string): Promise<number> {
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    for (const statement of splitStatements(sql))
      if (statement.replace(/--.*$/gm, '').trim()) await tx.query(statement);
  });
  return performance.now() - t0;
}

// The services and a user with a BTC report, made before the recount so no view starts with it.
const services = benchServices(db);
const uncachedRanking = ranking({
  db,
  clock: services.clock,
  views: services.views,
  authorWindows: services.rankingWindows,
  cacheMs: 0,
});
const user = await benchUser(services, 'recount-bench');
const hotCoins = (await services.views.list(user.id, 'en')).find((v) => v.viewType === 'hot_coins')!.viewId;
const btc = (await services.opinion.coin.add(user.id, { coin: 'BTC', kolGroupId: '' }, 'en'))
  .find((v) => v.viewId === 'coin_opinion')!
  .subs.at(-1)!.viewId;

let expected: Record<string, string> | undefined;
if (process.env.BENCH_OLD !== '0') {
  console.log(`\n1. Before 0027: the recount inside the migration, in one transaction (load ${load()})`);
  const ms = await inOneTransaction(families.map((f) => f.rebuild).join('\n'));
  console.log(
    `  ${seconds(ms)} s: the server could not start for this long (${fmt(Math.round(N / (ms / 1000)))} posts/s)`,
  );
  expected = await totals();
}

console.log(`\n2. 0027: the migration, then the recount in the background while ${USERS} users read (load ${load()})`);
const migrationMs = await inOneTransaction(rollupsSql());
console.log(`  the migration's SQL: ${seconds(migrationMs)} s`);

const gate = requestGate();
const scheduler = createScheduler({ gate, db: EMBEDDED ? 'pglite' : 'postgres' });
const recount = rollupRecount({ db, log: (line) => console.log(`  [${load()}] ${line}`) });
const t0 = performance.now();
recount.start({ scheduler });

const reads: { label: string; run: () => Promise<unknown> }[] = [
  { label: 'Hot Coins', run: () => uncachedRanking.list(user.id, { viewId: hotCoins, nextCb: '' }) },
  {
    label: 'BTC 1d at 1m',
    run: () => services.opinion.coin.detail(user.id, { viewId: btc, period: '1d', interval: '1m' }),
  },
  {
    label: 'BTC 1w at 5m',
    run: () => services.opinion.coin.detail(user.id, { viewId: btc, period: '1w', interval: '5m' }),
  },
];
const times = new Map(reads.map((r) => [r.label, [] as number[]]));
let running = true;
async function reader(k: number) {
  for (let i = k; running && i < MAX_READS + k; i++) {
    const read = reads[i % reads.length]!;
    gate.enter();
    const s = performance.now();
    try {
      await read.run();
    } finally {
      gate.leave();
    }
    times.get(read.label)!.push(performance.now() - s);
    await new Promise((resolve) => setTimeout(resolve, THINK_MS));
  }
}
const readers = Array.from({ length: USERS }, (_, k) => reader(k));
while (await recount.status()) await new Promise((resolve) => setTimeout(resolve, 1000));
const recountMs = performance.now() - t0;
running = false;
await Promise.all(readers);
await recount.stop();

const job = scheduler.report()['rollup-recount'];
console.log(
  `  recount: ${seconds(recountMs)} s (${(recountMs / 60_000).toFixed(1)} min), ${fmt(Math.round(N / (recountMs / 1000)))} posts/s, ` +
    `${fmt(job?.slices ?? 0)} slices, average ${job ? Math.round(job.busyMs / job.slices) : 0} ms, longest ${fmt(job?.longestMs ?? 0)} ms, load ${load()}`,
);
console.log('  reads meanwhile (ms):');
for (const [label, t] of times) {
  t.sort((a, b) => a - b);
  console.log(
    `    ${label.padEnd(14)} ${String(t.length).padStart(6)} reads  p50 ${percentile(t, 50).toFixed(0).padStart(5)}  ` +
      `p95 ${percentile(t, 95).toFixed(0).padStart(5)}  slowest ${(t.at(-1) ?? 0).toFixed(0).padStart(6)}`,
  );
}
const after = await totals();
if (expected) {
  const differ = Object.keys(expected).filter((k) => expected[k] !== after[k]);
  console.log(`  totals equal to step 1's: ${differ.length === 0 ? 'yes' : `NO (${differ.join(', ')})`}`);
}

if (process.env.BENCH_PAST !== '0') {
  console.log(`\n3. Earlier one-time fills at this size, each rolled back (load ${load()})`);
  for (const [label, sql] of [
    ['0019 posts.person_id = author_id', 'UPDATE posts SET person_id = author_id'],
    [
      '0023 copies about other coins freed',
      `UPDATE posts c SET copy_of = NULL FROM posts l
       WHERE c.copy_of IS NOT NULL AND l.id = c.copy_of AND NOT (c.coins @> l.coins AND c.coins <@ l.coins)`,
    ],
  ] as const) {
    const s = performance.now();
    await db
      .transaction(async (tx) => {
        // Without the rollup triggers, as those migrations ran (0019 dropped them first).
        await tx.query('SET LOCAL session_replication_role = replica');
        await tx.query(sql);
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
    console.log(`  ${label}: ${seconds(performance.now() - s)} s`);
  }
}

await db.close();
await dropSchema();
