/**
 * Mindshare (issue 33 §2) at BENCH_N posts (default 1,000,000) on PostgreSQL, in a schema of its
 * own: view/v2/mindshare_detail through the services for all KOLs, the Top Influencers group
 * (its rollup kept, as a mindshare view keeps it) and a narrow follower range, by coin and by
 * sector, over 1d, 1w and 1m (each with the period before): p50 and p95 of ROUNDS reads each.
 * The corpus is bench/support/bulk-corpus.ts (30 days, 20,000 authors, catalogue coins), loaded
 * with triggers off and rolled up with opinion_rebuild(), the code the triggers run.
 * Run: `node bench/run.mjs mindshare` (BENCH_N, BENCH_KEEP=1 keeps the schema, BENCH_ROUNDS).
 */
import { REPORT_PERIODS } from '@kolscope/contract';
import { COINS } from '../apps/server/src/domain/coins/catalogue';
import { benchServices, benchUser, percentile } from './support/bench-services';
import { loadBulkCorpus, openBenchSchema } from './support/bulk-corpus';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const AUTHORS = 20_000;
const DAYS = 30;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const KEEP = process.env.BENCH_KEEP === '1';
const schema = `benchmind_${N}`;
const now = Math.floor(Date.now() / 1000);
const fmt = (n: number) => n.toLocaleString('en-US');

const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, KEEP);
console.log(`Mindshare benchmark: ${fmt(N)} posts over ${DAYS} days, ${fmt(AUTHORS)} authors, PostgreSQL`);
if (!reuse) {
  await loadBulkCorpus(PG_URL, schema, {
    posts: N,
    authors: AUTHORS,
    days: DAYS,
    now,
    symbols: COINS.map((c) => c.symbol),
  });
  const t1 = Date.now();
  await db.query('SELECT opinion_rebuild()');
  console.log(`  opinion rollups built in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
  await db.exec('VACUUM ANALYZE');
}

const services = benchServices(db);
const user = await benchUser(services, 'mind');
const groups = await services.kolGroups.list(user.id, 'en');
const top = groups.find((g) => g.defaultRole === 'top')!;
await services.kolGroups.add(
  user.id,
  { name: 'narrow', twitterUserFans: [1_000, 2_000], whiteTwitterUserIds: [], blackTwitterUserIds: [] },
  'en',
);
const narrow = (await services.kolGroups.list(user.id, 'en')).find((g) => g.name === 'narrow')!;

const [sizes] = await db.query<{ counts: number; groups: number }>(
  `SELECT (SELECT count(*)::int FROM opinion_counts) AS counts, (SELECT count(*)::int FROM group_opinion_counts) AS groups`,
);
console.log(`  opinion_counts ${fmt(sizes!.counts)} rows before the groups' rollups`);

for (const c of [
  { label: 'all KOLs', id: '' },
  { label: 'Top Influencers', id: top.id },
  { label: 'followers 1,000..2,000', id: narrow.id },
]) {
  const t0 = Date.now();
  const list = await services.mindshare.add(user.id, { name: c.label, kolGroupId: c.id, period: '1d' }, 'en');
  const viewId = list.filter((v) => v.viewType === 'mindshare').at(-1)!.viewId;
  console.log(`  ${c.label}: view saved (group rollup counted) in ${Date.now() - t0} ms`);
  for (const period of REPORT_PERIODS) {
    for (const by of ['coin', 'sector'] as const) {
      const times: number[] = [];
      let answer = await services.mindshare.detail(user.id, { viewId, by, period });
      for (let i = 0; i < ROUNDS; i++) {
        const s = performance.now();
        answer = await services.mindshare.detail(user.id, { viewId, by, period });
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${c.label.padEnd(22)} ${period} by ${by.padEnd(6)}: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
          `p95 ${percentile(times, 95).toFixed(1)} ms (${fmt(answer.posts)} posts naming a coin, first ${answer.list[0]?.key} ${((answer.list[0]?.share ?? 0) * 100).toFixed(1)} %)`,
      );
    }
  }
}

await db.close();
if (!KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
await admin.close();
