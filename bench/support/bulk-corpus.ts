/**
 * The 10M-post corpus of the PostgreSQL benches (ranking, track-record), loaded in bulk: `posts`
 * posts over the `days` before `now` (evenly spread, in time order, as they arrive) by `authors`
 * authors (power-law followers, 15 % blue, 2 % gold; activity skewed to a few), about `symbols`
 * (Zipf-like: the first ~8 % of mentions; 70 % of posts name one coin, 25 % two, 5 % none), with
 * heavy-tailed engagement, a sentiment label (40 % bullish, 25 % bearish) and a reference kind
 * (5 % reposts, 3 % quotes, 10 % replies). Triggers are off while loading (superuser), so each
 * bench builds its rollups once afterwards, as a migration builds them over existing posts.
 */
import { openPostgres, type PostgresOptions, type Queryable } from '../../apps/server/src/db/db';
import { migrate } from '../../apps/server/src/db/migrate';

export interface BulkCorpus {
  posts: number;
  authors: number;
  days: number;
  /** Unix seconds: the corpus ends here. */
  now: number;
  symbols: string[];
}

const CHUNK = 250_000;
const fmt = (n: number) => n.toLocaleString('en-US');

/** Loads the corpus into `schema` (migrated, empty) over its own connection; logs progress. */
export async function loadBulkCorpus(url: string, schema: string, c: BulkCorpus): Promise<void> {
  const loader = await openPostgres(url, { searchPath: schema, max: 1 });
  await bulkLoad(loader, c);
  await loader.close();
}

/**
 * Loads the corpus over `loader`, one session (a PostgreSQL connection of its own, or PGlite, whose
 * one session is the database's), with triggers off while it loads and back on after.
 */
export async function bulkLoad(loader: Queryable, c: BulkCorpus): Promise<void> {
  await loader.query('SET session_replication_role = replica');
  await loader.query(
    // Triggers are off (replica role): each account is its own person (migration 0019) by hand.
    `INSERT INTO x_accounts (id, username, name, icon, followers_count, is_blue_verified, verified_type, source, created_at, updated_at,
                             person_id, person_followers)
     SELECT g::text, 'kol_' || g, 'KOL ' || g, '/demo-media/avatar/' || g || '.svg',
            f, random() < 0.15,
            CASE WHEN random() < 0.02 THEN 'business' ELSE 'none' END, 'bench', now(), now(), g::text, f
     FROM (SELECT g, floor(300 / power(random(), 1.4))::bigint AS f FROM generate_series(1, $1::int) g) x`,
    [c.authors],
  );
  const t0 = Date.now();
  for (let from = 0; from < c.posts; from += CHUNK) {
    const to = Math.min(c.posts, from + CHUNK);
    await loader.query(
      `INSERT INTO posts (id, author_id, text, ct, lang, like_count, retweet_count, reply_count, quote_count,
                          impression_count, metrics_updated_at, coins, sentiment, ref_kind, source, ingested_at,
                          author_followers, author_verified, person_id)
       SELECT 'b' || s.g, a.id, 'bench post ' || s.g, s.ct, 'en', s.likes, s.retweets, s.replies, s.quotes,
              s.impressions, now(),
              CASE WHEN s.r < 0.05 THEN '{}'::text[]
                   WHEN s.r < 0.30 AND s.c1 <> s.c2 THEN ($4::text[])[s.c1 + 1:s.c1 + 1] || ($4::text[])[s.c2 + 1:s.c2 + 1]
                   ELSE ($4::text[])[s.c1 + 1:s.c1 + 1] END,
              CASE WHEN s.m < 0.40 THEN 1 WHEN s.m < 0.65 THEN -1 ELSE 0 END::smallint,
              CASE WHEN s.k < 0.05 THEN 'repost' WHEN s.k < 0.08 THEN 'quote' WHEN s.k < 0.18 THEN 'reply' ELSE '' END,
              'bench', now(), a.followers_count, a.is_blue_verified OR a.verified_type <> 'none', a.id
       FROM (SELECT g, $3::bigint + (g * ${c.days * 86_400}::bigint) / $5::bigint AS ct, random() AS r,
                    random() AS m, random() AS k,
                    floor(${c.symbols.length} * power(random(), 2.5))::int AS c1,
                    floor(${c.symbols.length} * power(random(), 2.5))::int AS c2,
                    1 + floor(${c.authors} * power(random(), 2))::int AS author,
                    floor(200 * power(random(), 4))::bigint AS replies,
                    floor(300 * power(random(), 4))::bigint AS retweets,
                    floor(30 * power(random(), 4))::bigint AS quotes,
                    floor(200000 * power(random(), 3))::bigint AS impressions,
                    floor(2000 * power(random(), 4))::bigint AS likes
             FROM generate_series($1::bigint, $2::bigint - 1) g) s
       JOIN x_accounts a ON a.id = s.author::text`,
      [from, to, c.now - c.days * 86_400, c.symbols, c.posts],
    );
    if ((to / CHUNK) % 8 === 0 || to === c.posts)
      console.log(`  loaded ${fmt(to)} posts (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await loader.query('SET session_replication_role = origin');
}

/**
 * The bench's schema, migrated: a fresh one, or with `keep` (BENCH_KEEP=1) the one a previous run
 * kept (`reuse`: its corpus is loaded already). `admin` drops it at the end unless kept. `options`
 * are the bench's pool (4 connections unless it says otherwise).
 */
export async function openBenchSchema(
  url: string,
  schema: string,
  keep: boolean,
  options: Omit<PostgresOptions, 'searchPath'> = { max: 4 },
) {
  const admin = await openPostgres(url, { max: 1 });
  const exists =
    (await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1', [schema]))[0]!
      .n > 0;
  const reuse = keep && exists;
  if (!reuse) await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { ...options, searchPath: schema });
  await migrate(db);
  return { admin, db, reuse };
}
