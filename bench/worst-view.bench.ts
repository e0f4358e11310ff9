/**
 * The worst view a user may save (VIEW_LIMITS) at 1,000,000 posts on PostgreSQL: view/v2/tweets
 * through the feed service (page cache off), first pages and the pages after them, p50/p95/max.
 * Target: p95 < 300 ms. Run: `node bench/run.mjs worst-view` (BENCH_N posts, default 1,000,000;
 * BENCH_DATABASE_URL). The filled schema `bench_worst_view` is kept, so a rerun starts at once;
 * BENCH_REFILL=1 fills it again.
 */
import { loadavg } from 'node:os';
import { VIEW_LIMITS } from '@kolscope/contract';
import { openPostgres } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { KEYWORD_SCAN_POSTS } from '../apps/server/src/services/feed';
import { fillWithDemoPosts } from './support/fill-demo';
import { benchServices, benchUser } from './support/bench-services';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SCHEMA = 'bench_worst_view';
const FIRST_RUNS = Number(process.env.BENCH_RUNS ?? 30);
const NEXT_PAGES = 10;

// Words of the trade that the demo posts do not use, so the phrases made of them match nothing.
const WORDS = (
  'liquidity staking validator rollup sequencer oracle governance proposal treasury multisig ' +
  'custody tokenomics vesting emission hashrate difficulty mempool orderbook perpetual basis ' +
  'arbitrage collateral rehypothecation slashing restaking attestation checkpoint finality'
).split(' ');
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
/** A phrase of `length` characters (exactly: the limit) from WORDS. */
function phrase(length: number): string {
  let p = '';
  while (p.length < length) p += `${p ? ' ' : ''}${WORDS[Math.floor(random() * WORDS.length)]}`;
  return `${p.slice(0, length - 1).trimEnd()}x`.padEnd(length, 'x');
}

const keywordGroups = (groups: number, perGroup: number) =>
  Array.from({ length: groups }, () => ({
    type: 'keywords',
    rules: Array.from({ length: perGroup }, () => ({ value: phrase(VIEW_LIMITS.keywordLength) })),
  }));

const { groups: G, keywords: K } = VIEW_LIMITS;
const VIEWS: { name: string; rules: ReturnType<typeof keywordGroups> }[] = [
  { name: `1 group x ${K} keywords x ${VIEW_LIMITS.keywordLength} chars, no match`, rules: keywordGroups(1, K) },
  {
    name: `${G} groups x ${K / G} keywords x ${VIEW_LIMITS.keywordLength} chars, no match`,
    rules: keywordGroups(G, K / G),
  },
  (() => {
    // One keyword of the 100 matches about 1 post in 700 ("subnet launch" in the demo stream).
    const rules = keywordGroups(1, K);
    rules[0]!.rules[K - 1] = { value: 'subnet launch' };
    return { name: `1 group x ${K} keywords, one matching sparsely`, rules };
  })(),
  (() => {
    // An attack on the pre-filter: "oin" is inside most posts ("coin", "Bitcoin") but never a
    // word, so the LIKE lets nearly every post through and the regex must say no to each.
    const rules = keywordGroups(1, K);
    rules[0]!.rules[K - 1] = { value: 'oin' };
    return { name: `1 group x ${K} keywords, one a common non-word ("oin")`, rules };
  })(),
  // Not a worst case: the feed benchmark's four groups, to show what a common view costs now.
  {
    name: 'for comparison: feed.bench.ts four groups (coins, categories, fans, 6 keywords)',
    rules: [
      { type: 'coins', rules: ['BTC', 'ETH', 'SOL', 'XRP'].map((value) => ({ value })) },
      { type: 'crypto_types', rules: ['trading', 'derivatives', 'regulation-macro'].map((value) => ({ value })) },
      { type: 'fans', rules: [{ data: { minFans: 1000, maxFans: 0 } }] },
      { type: 'keywords', rules: ['breakout', 'support', 'long', 'short', '突破', 'ETF'].map((value) => ({ value })) },
    ] as never,
  },
];

function stats(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const p95 = at(0.95);
  console.log(
    `    ${label}: ${times.length} pages, p50 ${at(0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms — p95 < 300 ms: ${p95 < 300 ? 'met' : 'NOT met'}`,
  );
}

const admin = await openPostgres(PG_URL, { max: 1 });
const filled =
  !process.env.BENCH_REFILL &&
  (await admin.query(`SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = 'bench_filled'`, [SCHEMA])).length >
    0;
if (!filled) await admin.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
const db = await openPostgres(PG_URL, { searchPath: SCHEMA, max: 4 });
if (filled) {
  await migrate(db);
  const [row] = await db.query<{ posts: number }>('SELECT posts FROM bench_filled');
  console.log(`worst-view: reusing ${SCHEMA} (${row?.posts.toLocaleString('en-US')} posts)`);
} else {
  console.log(`worst-view: filling ${SCHEMA} with ${N.toLocaleString('en-US')} demo posts`);
  await fillWithDemoPosts(db, N);
  await db.exec('CREATE TABLE bench_filled (posts int NOT NULL); INSERT INTO bench_filled SELECT count(*) FROM posts');
}
console.log(
  `  limits: ${G} groups, ${K} keywords, ${VIEW_LIMITS.keywordLength} characters; a page looks at ${KEYWORD_SCAN_POSTS.toLocaleString('en-US')} posts at most`,
);

const services = benchServices(db, { feedCacheMs: 0 });
const user = await benchUser(services, 'worst');
// BENCH_VIEWS=0,4 measures only those views (by their order above).
const only = process.env.BENCH_VIEWS?.split(',').map(Number);
for (const v of VIEWS.filter((_, i) => !only || only.includes(i))) {
  const items = await services.views.add(
    user.id,
    { name: 'worst', viewType: 'content_feed', matchingRules: v.rules as never },
    'en',
  );
  const viewId = items.at(-1)!.viewId;
  const page = (nextCb: string) => services.feed.tweets(user.id, { viewId, nextCb, tradingTrend: '' }, 'en');
  await page('');
  const first: number[] = [];
  const next: number[] = [];
  let found = 0;
  let pages = 0;
  for (let run = 0; run < FIRST_RUNS; run++) {
    const t0 = performance.now();
    let p = await page('');
    first.push(performance.now() - t0);
    // The pages after the first, as a client scrolling on (each looks at the next posts).
    if (run < 3) {
      for (let d = 0; d < NEXT_PAGES && p.more; d++) {
        const t1 = performance.now();
        p = await page(p.nextCb);
        next.push(performance.now() - t1);
        found += p.list.length;
        pages++;
      }
    }
  }
  console.log(`  ${v.name} (load average ${loadavg()[0]!.toFixed(1)})`);
  stats('first page', first);
  stats('next pages', next);
  console.log(`    ${found} posts found in ${pages} next pages`);
}
await db.close();
await admin.close();
