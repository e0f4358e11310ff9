/**
 * KOL track records at scale on PostgreSQL (issue 16 §3): BENCH_POSTS posts (default 10,000,000)
 * of the shared bulk corpus (support/bulk-corpus.ts: 30 days, 20,000 authors, the catalogue's
 * coins, 40 % bullish and 25 % bearish, 8 % reposts and quotes), with hourly candles for every
 * coin over the corpus span (a seeded random walk per coin), then the track records derived from
 * scratch: set-based as `kolscope track-rebuild` does (BENCH_REBUILD=setbased, the default;
 * BENCH_SLICE persons a transaction, default 500), or author by author through the incremental
 * store (BENCH_REBUILD=incremental). Prints the build time and posts/s; `kol/track_record` and `kol/leaderboard` (a large group, all
 * coins and one coin) p50/p95 through the services over a bounded number of calls (target p95
 * < 100 ms); and what the incremental update adds to ingestion: 20,000 new posts in batches of
 * 500 through saveBatch with and without the track-record step, in µs a post.
 *
 * Run: `npm run bench -- track-record` (BENCH_POSTS; BENCH_DATABASE_URL; BENCH_KEEP=1 keeps the
 * loaded schema and reuses it next time; BENCH_LOAD_ONLY=1 stops after loading posts and candles;
 * BENCH_REBUILD_ONLY=1 stops after the build).
 */
import { COINS } from '../apps/server/src/domain/coins/catalogue';
import { loadavg } from 'node:os';
import { saveBatch } from '../apps/server/src/pipeline/store';
import { rebuildTrackRecords } from '../apps/server/src/services/track-record/store';
import { followGroup } from '../apps/server/src/services/track-record/follow';
import { systemClock } from '../apps/server/src/domain/clock';
import { storeHooks } from '../apps/server/src/services/store-hooks';
import type { Enrichment, RawPost } from '../apps/server/src/pipeline/types';
import { benchServices, benchUser, percentile } from './support/bench-services';
import { loadBulkCorpus, openBenchSchema } from './support/bulk-corpus';

const N = Number(process.env.BENCH_POSTS ?? 10_000_000);
const AUTHORS = 20_000;
const DAYS = 30;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const KEEP = process.env.BENCH_KEEP === '1';
const schema = `benchtrack_${N}`;
const HOUR = 3600;

const fmt = (n: number) => n.toLocaleString('en-US');
const secondsSince = (t0: number) => ((Date.now() - t0) / 1000).toFixed(0);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, KEEP);
// A kept schema keeps the time it was loaded at: the corpus and its candles end there.
const now = reuse
  ? Number((await db.query<{ t: string }>('SELECT max(ct) AS t FROM posts'))[0]!.t)
  : Math.floor(Date.now() / 1000);
const symbols = COINS.map((c) => c.symbol);
console.log(`Track-record benchmark: ${fmt(N)} posts over ${DAYS} days, ${fmt(AUTHORS)} authors, PostgreSQL`);

if (!reuse) {
  await loadBulkCorpus(PG_URL, schema, { posts: N, authors: AUTHORS, days: DAYS, now, symbols });
  const t0 = Date.now();
  // Hourly candles for every coin from the corpus start to its end: a random walk of ±1 % an
  // hour around a per-coin base price (the close; open is the previous close).
  await db.query(
    `INSERT INTO candles (coin, interval, open_time, open, high, low, close, volume, source)
     SELECT coin, '1h', t, o, greatest(o, c) * 1.003, least(o, c) * 0.997, c, 1000, 'bench'
     FROM (SELECT coin, t, c, coalesce(lag(c) OVER (PARTITION BY coin ORDER BY t), c) AS o
           FROM (SELECT coin, t, base * exp(sum((random() - 0.5) * 0.02) OVER (PARTITION BY coin ORDER BY t)) AS c
                 FROM (SELECT coin, power(10, random() * 6 - 2) AS base FROM unnest($1::text[]) coin) b
                 CROSS JOIN generate_series($2::bigint, $3::bigint, ${HOUR}) t) w) x`,
    [symbols, Math.floor((now - DAYS * 86_400) / HOUR) * HOUR - HOUR, Math.floor(now / HOUR) * HOUR],
  );
  const [c] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM candles');
  console.log(`  ${fmt(c!.n)} hourly candles for ${symbols.length} coins in ${secondsSince(t0)} s`);
  await db.exec('VACUUM ANALYZE');
}
if (process.env.BENCH_LOAD_ONLY === '1') {
  await db.close();
  await admin.close();
  process.exit(0);
}

const services = benchServices(db, { feedCacheMs: 0 });
const store = services.trackRecord.store;

// From scratch, as `kolscope track-rebuild` derives them (BENCH_REBUILD=setbased, the default:
// set-based SQL, slices of BENCH_SLICE persons, one transaction each), or through the incremental
// store's own path (BENCH_REBUILD=incremental: every post of a set of authors "stored" again, so
// each of their chains is derived from its first post). The records left by a kept schema are
// dropped first.
const MODE = process.env.BENCH_REBUILD ?? 'setbased';
const SLICE = Number(process.env.BENCH_SLICE ?? 500);
await db.query('TRUNCATE track_calls, track_stats');
const [candidates] = await db.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM posts WHERE coins <> '{}' AND sentiment <> 0`,
);
let t0 = Date.now();
let built = candidates!.n;
if (MODE === 'setbased') {
  console.log(`  set-based rebuild, slices of ${fmt(SLICE)} persons (load average ${loadAverage()})`);
  const persons = await rebuildTrackRecords(
    db,
    (line) => {
      const done = Number(line.match(/(\d+) accounts/)?.[1] ?? 0);
      if (done % (SLICE * 10) === 0) console.log(`  ${line} (${secondsSince(t0)} s)`);
    },
    SLICE,
  );
  console.log(`  set-based: ${fmt(persons)} persons in ${secondsSince(t0)} s (load average ${loadAverage()})`);
} else {
  built = await incrementalBuild();
}
const buildSeconds = (Date.now() - t0) / 1000;
const [sizes] = await db.query<{ calls: number; stats: number; authors: number }>(
  `SELECT (SELECT count(*)::int FROM track_calls) AS calls, (SELECT count(*)::int FROM track_stats) AS stats,
          (SELECT count(DISTINCT author_id)::int FROM track_calls) AS authors`,
);
console.log(
  `  track records built from scratch (${MODE}) in ${buildSeconds.toFixed(0)} s: ${fmt(Math.round(N / buildSeconds))} posts/s ` +
    `(${((buildSeconds * 1e6) / Math.max(1, built)).toFixed(0)} µs a bullish or bearish post with coins); ` +
    `${fmt(sizes!.calls)} calls of ${fmt(sizes!.authors)} authors, ${fmt(sizes!.stats)} stats rows`,
);
await db.exec('VACUUM ANALYZE track_calls');
await db.exec('VACUUM ANALYZE track_stats');
if (process.env.BENCH_REBUILD_ONLY === '1') {
  await db.close();
  if (!KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
  process.exit(0);
}

/** The incremental store's own path over every author (BENCH_REBUILD=incremental). */
async function incrementalBuild(): Promise<number> {
  // Sets of about BUILD_POSTS posts, at most BUILD_AUTHORS authors, one transaction each.
  const BUILD_POSTS = 50_000;
  // Each author is one advisory lock of the transaction: PostgreSQL's lock table holds ~64 a connection.
  const BUILD_AUTHORS = 200;
  const authors = await db.query<{ a: string; n: number }>(
    `SELECT author_id AS a, count(*)::int AS n FROM posts WHERE coins <> '{}' AND sentiment <> 0 GROUP BY author_id ORDER BY author_id`,
  );
  const started = Date.now();
  let built = 0;
  for (let i = 0; i < authors.length; ) {
    const set: string[] = [];
    let n = 0;
    while (
      i < authors.length &&
      (set.length === 0 || (n + authors[i]!.n <= BUILD_POSTS && set.length < BUILD_AUTHORS))
    ) {
      set.push(authors[i]!.a);
      n += authors[i]!.n;
      i++;
    }
    const ids = await db.query<{ id: string }>(
      `SELECT id FROM posts WHERE author_id = ANY($1::text[]) AND coins <> '{}' AND sentiment <> 0`,
      [set],
    );
    await store.postsStored(ids.map((r) => r.id));
    built += ids.length;
    if (i === authors.length || Math.floor(built / 1_000_000) > Math.floor((built - ids.length) / 1_000_000))
      console.log(`  derived from ${fmt(built)} bullish or bearish posts with coins (${secondsSince(started)} s)`);
  }
  return built;
}

const TARGET_MS = 100;
const CALLS = 100;
async function time(
  label: string,
  run: (i: number) => Promise<unknown>,
  target: number | null = TARGET_MS,
  calls = CALLS,
) {
  for (let i = 0; i < 5; i++) await run(i);
  const t: number[] = [];
  for (let i = 0; i < calls; i++) {
    const s = process.hrtime.bigint();
    await run(i);
    t.push(Number(process.hrtime.bigint() - s) / 1e6);
  }
  t.sort((a, b) => a - b);
  const p95 = percentile(t, 95);
  const f = (v: number) => v.toFixed(1).padStart(6);
  const verdict = target === null ? '' : p95 < target ? 'met' : 'NOT met';
  console.log(`  ${label.padEnd(58)} p50 ${f(percentile(t, 50))}  p95 ${f(p95)} ms  ${verdict}`);
}

const user = await benchUser(services, 'track-bench');
const groups = await services.kolGroups.list(user.id, 'en');
const all = groups.find((g) => g.defaultRole === 'all')!;
const top = groups.find((g) => g.defaultRole === 'top')!;
// The most prolific callers (the longest records) and a spread of ordinary ones.
const busiest = await db.query<{ a: string }>(
  `SELECT author_id AS a FROM track_stats WHERE coin = '' AND horizon = '24h' ORDER BY calls DESC LIMIT 10`,
);
const spread = await db.query<{ a: string }>(
  `SELECT DISTINCT author_id AS a FROM track_calls WHERE ct % 97 = 0 LIMIT 40`,
);
const sample = [...busiest, ...spread].map((r) => r.a);
const horizons = ['1h', '24h', '7d', '30d'] as const;
const oneCoin = symbols[0]!;
const trackRecord = (i: number, nextCb = '') =>
  services.trackRecord.trackRecord({
    twitterUserId: sample[i % sample.length]!,
    horizon: horizons[i % horizons.length]!,
    nextCb,
  });
const board = (group: string, coin: string, nextCb = '') =>
  services.trackRecord.leaderboard(user.id, { kolGroupId: group, coin, horizon: '24h', nextCb });

console.log(`${CALLS} calls each after 5 warm-ups, through the services (target p95 < ${TARGET_MS} ms):`);
await time(`kol/track_record, ${sample.length} authors (10 busiest), every horizon`, (i) => trackRecord(i));
await time('kol/track_record, the busiest author, second page', async () => {
  const first = await trackRecord(0);
  return trackRecord(0, first.nextCb);
});
await time(`kol/leaderboard, ${all.name} (${fmt(all.kolCnt)} KOLs), all coins`, () => board(all.id, ''));
await time(`kol/leaderboard, ${all.name}, ${oneCoin}`, () => board(all.id, oneCoin));
const page1 = await board(all.id, '');
await time(`kol/leaderboard, ${all.name}, all coins, second page`, () => board(all.id, '', page1.nextCb));
await time(`kol/leaderboard, ${top.name} (${fmt(top.kolCnt)} KOLs), all coins`, () => board(top.id, ''));
await time(`kol/leaderboard, ${top.name}, ${oneCoin}`, () => board(top.id, oneCoin));
// Follow the group (issue 33 §4): every call of the group's members in the last 90 days summed
// per hour of exit (kol/follow: computed, without its cache; then as served, the cache holding
// each rule and horizon for 5 minutes), and its calls newest first (kol/follow_calls); 20 calls each.
const followBody = (group: string, i: number) => ({ kolGroupId: group, horizon: horizons[i % horizons.length]! });
const uncached = followGroup({ db, clock: systemClock, kolGroups: services.kolGroups, followCacheMs: 0 });
for (const g of [all, top, { id: 'all', name: 'every tracked KOL', kolCnt: all.kolCnt }]) {
  await time(
    `kol/follow, ${g.name} (${fmt(g.kolCnt)} KOLs), every horizon, computed`,
    (i) => uncached.follow(user.id, followBody(g.id, i)),
    TARGET_MS,
    20,
  );
  await time(
    `kol/follow, ${g.name}, as served (cached)`,
    (i) => services.trackRecord.follow(user.id, followBody(g.id, i)),
    TARGET_MS,
    20,
  );
  await time(
    `kol/follow_calls, ${g.name}, first page`,
    (i) => services.trackRecord.followCalls(user.id, { ...followBody(g.id, i), nextCb: '' }),
    TARGET_MS,
    20,
  );
}
await time(
  'kol/profile (the same authors)',
  (i) => services.kolProfile.profile(user.id, sample[i % sample.length]!, 'en'),
  null,
);
await time(
  'kol/posts, first page (the same authors)',
  (i) => services.kolProfile.posts(user.id, sample[i % sample.length]!, '', 'en'),
  null,
);

// What the incremental step adds to ingestion: INGEST_POSTS new posts in batches of 500 through
// saveBatch with every posts trigger on (opinion, ranking, statistics), without the track-record
// step and then with it (other posts, the same mix: one or two coins, 40 % bullish, 25 % bearish).
const INGEST_POSTS = Number(process.env.BENCH_INGEST ?? 20_000);
const BATCH = 500;
const labels = ['bullish', 'bearish', 'neutral'] as const;
function batch(run: string, round: number): { posts: RawPost[]; enrichments: Enrichment[] } {
  const posts = Array.from({ length: BATCH }, (_, i): RawPost => {
    const author = 1 + ((round * 7919 + i * 104_729) % AUTHORS);
    return {
      id: `${run}-${round}-${i}`,
      text: 'bench ingest',
      createdAt: now - 600 + ((round * BATCH + i) % 600),
      lang: 'en',
      author: {
        id: String(author),
        username: `kol_${author}`,
        name: 'KOL',
        icon: '',
        followersCount: 1000,
        isBlueVerified: false,
        verifiedType: 'none',
      },
      medias: [],
      metrics: { likeCount: 1, retweetCount: 0, replyCount: 0, quoteCount: 0, impressionCount: 100 },
    };
  });
  const enrichments = posts.map((_, i): Enrichment => {
    const k = round * BATCH + i;
    const c1 = symbols[Math.floor(symbols.length * ((k * 0.618) % 1) ** 2.5)]!;
    const coins = k % 4 === 0 ? [c1, symbols[k % 50]!].filter((c, j, a) => a.indexOf(c) === j) : [c1];
    const m = (k * 0.381) % 1;
    return {
      coins,
      categories: [],
      sentiment: { label: labels[m < 0.4 ? 0 : m < 0.65 ? 1 : 2]!, score: 0, cues: [] },
      lang: 'en',
    };
  });
  return { posts, enrichments };
}
async function ingest(run: string, withTracks: boolean): Promise<number> {
  const start = process.hrtime.bigint();
  // Without the step: the services' hooks with the track records left out.
  const hooks = withTracks ? storeHooks : { ...storeHooks, postsStored: async () => {} };
  for (let round = 0; round < INGEST_POSTS / BATCH; round++) {
    await saveBatch(db, { source: 'bench', ...batch(run, round), cursor: null, rejected: 0, now: new Date() }, hooks);
  }
  return Number(process.hrtime.bigint() - start) / 1e3 / INGEST_POSTS;
}
console.log(`ingestion, ${fmt(INGEST_POSTS)} new posts in batches of ${BATCH}, every posts trigger on:`);
t0 = Date.now();
const without = await ingest(`plain-${t0}`, false);
console.log(
  `  without the track-record step: ${without.toFixed(0)} µs a post (${fmt(Math.round(1e6 / without))} posts/s)`,
);
const withStep = await ingest(`tracked-${t0}`, true);
console.log(
  `  with the track-record step:    ${withStep.toFixed(0)} µs a post (${fmt(Math.round(1e6 / withStep))} posts/s)`,
);
console.log(`  the step adds ${(withStep - without).toFixed(0)} µs a post`);

await db.close();
if (!KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
await admin.close();
