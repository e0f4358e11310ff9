/**
 * Ingestion throughput: enriched posts saved in batches (accounts, posts and the cursor in one
 * transaction each, exactly as the runner does) into PGlite on disk and into PostgreSQL.
 * Target: >= 2,000 posts/s on both. Run: `node bench/run.mjs ingest`
 * (BENCH_N posts, default 100,000; BENCH_DATABASE_URL, default the local test database).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { enrichedDemoPosts, saveInBatches } from './support/demo-corpus';

const N = Number(process.env.BENCH_N ?? 100_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

const corpus = await enrichedDemoPosts(5, N, Date.UTC(2026, 10, 1));
console.log(`ingestion benchmark: ${corpus.posts.length} enriched demo posts in batches of ${BATCH}`);

async function measure(label: string, db: Db) {
  await migrate(db);
  const rate = await saveInBatches(db, corpus, BATCH, 'bench');
  const seconds = corpus.posts.length / rate;
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM posts')) as [{ n: number }];
  console.log(
    `  ${label.padEnd(24)} ${Math.round(rate).toLocaleString('en-US').padStart(8)} posts/s  (${n} rows in ${seconds.toFixed(1)} s) ${rate >= 2000 ? 'target met' : 'target NOT met'}`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'kolscope-bench-'));
const pglite = await openPglite(dir);
await measure('PGlite (on disk)', pglite);
await pglite.close();
rmSync(dir, { recursive: true, force: true });

const schema = `bench_${process.pid}`;
try {
  const admin = await openPostgres(PG_URL, { max: 1 });
  await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  const pg = await openPostgres(PG_URL, { searchPath: schema });
  await measure('PostgreSQL', pg);
  await pg.close();
  await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
} catch (err) {
  console.log(`  PostgreSQL               skipped: ${(err as Error).message}`);
}
