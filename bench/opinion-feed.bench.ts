/**
 * Related posts of coin opinion views limited to a KOL group (issue 12): view/v2/tweets for ETH
 * with no group, Top Influencers (>= 100k followers), a narrow follower range and a whitelist of
 * one author, on PostgreSQL, first and deeper pages over every trend tab (p50/p95/p99).
 * Target: p95 < 30 ms, as the feed benchmark.
 * Run: `node bench/run.mjs opinion-feed` (BENCH_N posts, default 300,000; BENCH_KEEP=1 keeps the schema).
 */
import type { Db } from '../apps/server/src/db/db';
import { openBenchSchema } from './support/bulk-corpus';
import { fillWithDemoPosts } from './support/fill-demo';
import { benchServices, benchUser, feedLatencyLine, timeFeedPages } from './support/bench-services';

const N = Number(process.env.BENCH_N ?? 300_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

async function measure(db: Db) {
  const services = benchServices(db, { feedCacheMs: 0 });
  const user = await benchUser(services, 'bench');
  const groups = await services.kolGroups.list(user.id, 'en');
  const top = groups.find((g) => g.defaultRole === 'top')!;
  // A narrow range around the median author, and one author with few ETH posts.
  const [median] = await db.query<{ f: number }>(
    `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY followers_count) AS f FROM x_accounts WHERE tracked`,
  );
  const [quiet] = await db.query<{ author_id: string; n: number }>(
    `SELECT author_id, count(*)::int AS n FROM posts WHERE coins && ARRAY['ETH'] GROUP BY 1 ORDER BY 2 LIMIT 1`,
  );
  const f = Number(median!.f);
  await services.kolGroups.add(
    user.id,
    {
      name: 'narrow',
      twitterUserFans: [Math.floor(f * 0.95), Math.ceil(f * 1.05)],
      whiteTwitterUserIds: [],
      blackTwitterUserIds: [],
    },
    'en',
  );
  await services.kolGroups.add(
    user.id,
    {
      name: 'one author',
      twitterUserFans: [1_000_000_000, 0],
      whiteTwitterUserIds: [quiet!.author_id],
      blackTwitterUserIds: [],
    },
    'en',
  );
  const all = await services.kolGroups.list(user.id, 'en');
  const cases = [
    { label: 'no group', id: '' },
    { label: 'Top Influencers', id: top.id },
    {
      label: `followers ${Math.floor(f * 0.95)}..${Math.ceil(f * 1.05)}`,
      id: all.find((g) => g.name === 'narrow')!.id,
    },
    { label: `whitelist of one (${quiet!.n} ETH posts)`, id: all.find((g) => g.name === 'one author')!.id },
  ];
  for (const c of cases) {
    const list = await services.opinion.coin.add(user.id, { coin: 'ETH', kolGroupId: c.id }, 'en');
    const viewId = list.find((v) => v.viewId === 'coin_opinion')!.subs.at(-1)!.viewId;
    const run = await timeFeedPages(services, user.id, viewId, 24, ['', 'bullish', 'neutral', 'bearish']);
    console.log(feedLatencyLine(`ETH, ${c.label}`, 'pages', run, 30));
  }
}

console.log(`opinion related-posts benchmark: ${N.toLocaleString('en-US')} posts, PostgreSQL`);
const schema = process.env.BENCH_KEEP ? 'benchopfeed_kept' : `benchopfeed_${process.pid}`;
const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, Boolean(process.env.BENCH_KEEP));
if (!reuse) await fillWithDemoPosts(db, N);
await measure(db);
await db.close();
if (!process.env.BENCH_KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
await admin.close();
