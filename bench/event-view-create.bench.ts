/**
 * Creating an event opinion view at BENCH_N posts (default 10,000,000) on PostgreSQL, and the
 * background count of its history (issue 18 §3: the create call answers in under 200 ms at 10M).
 * The posts: 40 days before now, evenly spread, 5,000 authors, texts naming "ETF" in ~3 % of
 * posts and "halving" in ~1 %, written in bulk with the triggers off (the event views have none
 * yet, so there is nothing for them to count).
 * Measured: the create call through the service (p50/p95 of BENCH_CREATES creates, default 8,
 * made while another view's history is being counted, as on a busy server), then one view's
 * count alone: chunks, time to done and posts looked at per second.
 * Run: `node bench/run.mjs event-view-create` (BENCH_DATABASE_URL, default the local test
 * database; BENCH_KEEP=1 keeps the schema bench_event_history and reuses its posts next time).
 */
import { openBenchSchema } from './support/bulk-corpus';
import { benchServices, benchUser, percentile } from './support/bench-services';

const N = Number(process.env.BENCH_N ?? 10_000_000);
const CREATES = Number(process.env.BENCH_CREATES ?? 8);
const URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const KEEP = Boolean(process.env.BENCH_KEEP);
const DAYS = 40;
const AUTHORS = 5_000;
const CHUNK = 500_000;
const fmt = (n: number) => n.toLocaleString('en-US');

const { admin, db, reuse } = await openBenchSchema(URL, 'bench_event_history', KEEP);
const now = Math.floor(Date.now() / 1000);

if (!reuse) {
  const t0 = Date.now();
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query(
      `INSERT INTO x_accounts (id, username, name, followers_count, is_blue_verified, verified_type, tracked, source,
                               created_at, updated_at, person_id, person_followers)
       SELECT g::text, 'kol_' || g, 'KOL ' || g, f, random() < 0.15,
              CASE WHEN random() < 0.03 THEN 'business' ELSE 'none' END, true, 'bench', now(), now(), g::text, f
       FROM (SELECT g, floor(300 / power(random(), 1.4))::bigint AS f FROM generate_series(1, $1::int) g) x`,
      [AUTHORS],
    );
  });
  for (let from = 0; from < N; from += CHUNK) {
    const to = Math.min(N, from + CHUNK);
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(
        `INSERT INTO posts (id, author_id, text, ct, lang, metrics_updated_at, coins, sentiment, source, ingested_at,
                            author_followers, author_verified, person_id)
         SELECT 'e' || s.g, s.author::text,
                CASE WHEN s.r < 0.03 THEN 'Spot ETF inflows keep coming, $BTC ' || s.g
                     WHEN s.r < 0.04 THEN 'The halving is near, miners get ready ' || s.g
                     WHEN s.r < 0.50 THEN 'gm, $BTC looking strong into the weekly close ' || s.g
                     ELSE 'Rotating into alts, $SOL and $ETH charts ' || s.g END,
                $3::bigint + (s.g * ${DAYS * 86_400}::bigint) / $4::bigint, 'en', now(), '{BTC}',
                (floor(random() * 3) - 1)::smallint, 'bench', now(), 1000, false, s.author::text
         FROM (SELECT g, random() AS r, 1 + floor(${AUTHORS} * power(random(), 2))::int AS author
               FROM generate_series($1::bigint, $2::bigint - 1) g) s`,
        [from, to, now - DAYS * 86_400, N],
      );
    });
    console.log(`  loaded ${fmt(to)} posts (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await db.exec('VACUUM ANALYZE');
  console.log(`  ${fmt(N)} posts loaded and analysed in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const services = benchServices(db);
const user = await benchUser(services, 'event-history');
const add = (name: string, keywords: string[]) =>
  services.opinion.event.add(
    user.id,
    { name, kolGroupId: '', matchingRules: [{ type: 'keywords', keywords }], coins: [] },
    'en',
  );

// One view counting in the background while the others are created.
await add('ETF', ['ETF']);
const background = services.eventHistory.drain();
const times: number[] = [];
for (let i = 0; i < CREATES; i++) {
  const t0 = performance.now();
  await add(`Halving ${i}`, ['halving', `miners ${i}`]);
  times.push(performance.now() - t0);
}
await background;
times.sort((a, b) => a - b);
console.log(
  `create call at ${fmt(N)} posts (${CREATES} creates, a count running): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
);

// The halving views were counted by the background drain too (views take turns); one more, alone.
const [window] = await db.query<{ n: number }>('SELECT count(*)::float8 AS n FROM posts WHERE ct >= $1', [
  now - 37 * 86_400,
]);
const inWindow = window!.n;
await add('ETF alone', ['ETF', 'inflows']);
const percents: number[] = [];
const off = services.events.subscribe((e) => {
  if (e.type === 'view_history') percents.push(e.percent);
});
const t0 = performance.now();
const chunks = await services.eventHistory.drain();
const seconds = (performance.now() - t0) / 1000;
off();
console.log(
  `history count alone: ${fmt(inWindow)} posts in its 37 days, ${chunks} chunks, done in ${seconds.toFixed(1)} s ` +
    `(${fmt(Math.round(inWindow / seconds))} posts/s; progress ${percents.slice(0, 3).join(', ')} ... ${percents.at(-1)})`,
);

await db.query(`DELETE FROM views WHERE user_id = $1`, [user.id]);
await db.close();
if (!KEEP) await admin.exec('DROP SCHEMA IF EXISTS bench_event_history CASCADE');
await admin.close();
