/**
 * Administrator statistics (migration 0009) on PostgreSQL: what its triggers cost ingestion, how
 * large its rollups grow per post, and how long admin/stat answers take.
 * 1. The same enriched demo posts (30 days, BENCH_N, default 200,000) are saved in batches of
 *    500, as the runner does, into two fresh schemas: one with the statistics triggers disabled,
 *    one with them on. The difference is their cost.
 * 2. Rows in the rollups per post stored.
 * 3. Every metric × allowed period/interval × (all sources, one source), 20 times each, through
 *    the service (no HTTP): p50 / p95 / max. An answer reads one row per bucket (per category),
 *    so its cost follows the buckets asked for, not the posts stored.
 * Run: `npm run bench -- statistics` (BENCH_DATABASE_URL, default the local test database).
 */
import { STAT_INTERVALS_BY_PERIOD, STAT_PERIODS, STAT_TYPES } from '@kolscope/contract';
import { type Db, openPostgres } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { statistics } from '../apps/server/src/services/statistics';
import { enrichedDemoPosts, saveInBatches } from './support/demo-corpus';

const N = Number(process.env.BENCH_N ?? 200_000);
const BATCH = 500;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const end = Date.now();

const corpus = await enrichedDemoPosts(9, N, end);
const posts = corpus.posts;
console.log(`statistics benchmark: ${posts.length} enriched demo posts over 30 days, batches of ${BATCH}`);

const ingest = (db: Db): Promise<number> => saveInBatches(db, corpus, BATCH, 'demo');

const admin = await openPostgres(PG_URL, { max: 1 });
const schemas = [`bench_stat_off_${process.pid}`, `bench_stat_on_${process.pid}`];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
try {
  const rates: number[] = [];
  for (const [i, schema] of schemas.entries()) {
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    const db = await openPostgres(PG_URL, { searchPath: schema });
    await migrate(db);
    if (i === 0) {
      for (const op of ['insert', 'update', 'delete'])
        await db.exec(`ALTER TABLE posts DISABLE TRIGGER posts_stat_${op}`);
    }
    rates.push(await ingest(db));
    console.log(`  ingest, statistics triggers ${i === 0 ? 'off' : 'on '}  ${fmt(rates[i]!).padStart(7)} posts/s`);
    if (i === 1) {
      const sizes = await db.query<{ name: string; n: number }>(
        `SELECT 'stat_counts' AS name, count(*)::int AS n FROM stat_counts
         UNION ALL SELECT 'stat_category_counts', count(*)::int FROM stat_category_counts
         UNION ALL SELECT 'stat_authors', count(*)::int FROM stat_authors`,
      );
      for (const s of sizes)
        console.log(
          `  ${s.name.padEnd(22)} ${fmt(s.n).padStart(9)} rows (${(s.n / posts.length).toFixed(2)} per post)`,
        );
      await db.exec('VACUUM ANALYZE');
      const service = statistics({ db, clock: { now: () => new Date(end) } });
      const times: number[] = [];
      for (const statType of STAT_TYPES)
        for (const period of STAT_PERIODS)
          for (const interval of STAT_INTERVALS_BY_PERIOD[period])
            for (const fromAcntName of ['', 'demo'])
              for (let r = 0; r < 20; r++) {
                const t0 = process.hrtime.bigint();
                await service.stat({ statType, fromAcntName, period, interval }, 'en');
                times.push(Number(process.hrtime.bigint() - t0) / 1e6);
              }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
      console.log(
        `  admin/stat (service), ${times.length} answers: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
      );
    }
    await db.close();
  }
  console.log(`  trigger cost: ${((1 - rates[1]! / rates[0]!) * 100).toFixed(0)} % of the ingest rate`);
} finally {
  for (const schema of schemas) await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.close();
}
