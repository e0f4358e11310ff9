/**
 * Mindshare (issue 33 §2) at BENCH_N posts (default 1,000,000) on PostgreSQL, in a schema of its
 * own: view/v2/mindshare_detail through the services for all KOLs, the Top Influencers group
 * (its rollup kept, as a mindshare view keeps it) and a narrow follower range, by coin and by
 * sector, over 1d, 1w and 1m (each with the period before): p50 and p95 of ROUNDS reads each.
 * The corpus is bench/support/bulk-corpus.ts (30 days, 20,000 authors, catalogue coins), loaded
 * with triggers off and rolled up with opinion_rebuild(), the code the triggers run.
 * Figures (2026-11-29, 1M posts, load ~14 on 2 cores, ROUNDS 20), p50 / p95 ms:
 *   all KOLs        coin 1d 283 / 403, 1w 148 / 263, 1m 273 / 364; sector 1d 7.5 / 24.6, 1w 6.3 / 44.0, 1m 8.2 / 17.3
 *   Top Influencers coin 1d 46 / 64, 1w 49 / 77, 1m 99 / 222; sector 1d 13.5 / 28.5, 1w 5.6 / 24.0, 1m 12.0 / 28.5
 *   1k-2k followers coin 1d 113 / 223, 1w 145 / 225, 1m 210 / 318; sector 1d 19.1 / 28.8, 1w 11.9 / 27.8, 1m 29.4 / 50.0
 *   Saving a view of a group counted its rollup inside the save then: 7.4 s (Top Influencers), 38 s (the
 *   1k-2k group); now the save only wakes the background count (bench/notes/opinion.md, "Saving a
 *   view of a KOL group"), which this bench runs to the end before reading.
 *   Before the day rows (res 1440), all KOLs 1m by coin was p50 1,447 ms: a month by the half hour.
 *   The rollups from posts (opinion_rebuild) at 1M: 363 s under that load.
 * Figures: bench/README.md. Run: `node bench/run.mjs mindshare` (BENCH_N, BENCH_KEEP=1 keeps the schema, BENCH_ROUNDS).
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
  console.log(`  ${c.label}: view saved in ${Date.now() - t0} ms`);
  // The group's rollup is counted in the background (services/group-rollups.ts): to the end here,
  // so the reads below are of the kept rollup, as once the app has counted it.
  const t1 = Date.now();
  await services.groupRollups.drain();
  console.log(`  ${c.label}: group rollup counted in the background in ${Date.now() - t1} ms`);
  // A group's rollup is new rows: read before autovacuum gets to them, every row is a heap fetch
  // and the planner has no statistics (1m over every coin of the narrow group: 267 ms, 72 ms
  // after). Measured as the app reads them a little later.
  await db.exec('VACUUM ANALYZE group_opinion_counts');
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
