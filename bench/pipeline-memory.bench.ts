/**
 * Memory over a long run: 1,000,000 posts through the real runner (demo source → enrichment →
 * batched saves with the cursor), sampling heap and RSS every 100,000 posts. Flat means the heap
 * after each sample stays within a small band instead of growing with the posts processed.
 * Run: `node --expose-gc bench/run.mjs pipeline-memory` (BENCH_N, default 1,000,000;
 * BENCH_DB=pglite for the embedded database, default PostgreSQL at BENCH_DATABASE_URL).
 * Target: memory flat.
 *
 * Measured 2026-11-21 on the shared 2-core machine, PostgreSQL, 1,000,947 posts: heap 12.8 MB
 * after 100k, 13.1 MB at the end, max 13.2 MB; RSS 120–146 MB; 8,400–13,600 posts/s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { createEnricher } from '../apps/server/src/pipeline/enrich/index';
import { builtinClassifier } from '../apps/server/src/pipeline/enrich/sentiment/classifier';
import { runOnce } from '../apps/server/src/pipeline/runner';
import { storeHooks } from '../apps/server/src/services/store-hooks';
import { createDemoSource } from '../apps/server/src/pipeline/sources/demo/index';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const usePglite = process.env.BENCH_DB === 'pglite';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const schema = `benchmem_${process.pid}`;
const dir = mkdtempSync(join(tmpdir(), 'kolscope-mem-'));

let db: Db;
let admin: Db | undefined;
if (usePglite) db = await openPglite(dir);
else {
  admin = await openPostgres(PG_URL, { max: 1 });
  await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  db = await openPostgres(PG_URL, { searchPath: schema });
}
await migrate(db);

// A 30-day backfill sized to hold N posts, so the whole run is one continuous backfill.
const source = createDemoSource({ seed: 11, postsPerDay: Math.ceil(N / 29), batchSize: 1000, refreshEveryMs: 0 });
const opts = {
  db,
  enricher: createEnricher(builtinClassifier),
  hooks: storeHooks,
  clock: { now: () => new Date() },
  log: () => {},
};
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
const count = async () => (await db.query<{ n: number }>('SELECT posts_count::int AS n FROM source_state'))[0]?.n ?? 0;

console.log(
  `pipeline memory over ${N.toLocaleString('en-US')} posts on ${usePglite ? 'PGlite' : 'PostgreSQL'}${gc ? '' : ' (run with --expose-gc for exact heap samples)'}`,
);
console.log('  posts        heap MB   rss MB   posts/s');
const heaps: number[] = [];
let next = 100_000;
let last = process.hrtime.bigint();
let done = 0;
const signal = new AbortController().signal;
while (done < N) {
  await runOnce(source, opts, signal);
  done = await count();
  if (done >= next) {
    gc?.();
    const now = process.hrtime.bigint();
    const m = process.memoryUsage();
    heaps.push(m.heapUsed);
    const rate = 100_000 / (Number(now - last) / 1e9);
    last = now;
    console.log(
      `  ${done.toLocaleString('en-US').padStart(9)}   ${mb(m.heapUsed).padStart(7)}  ${mb(m.rss).padStart(7)}   ${Math.round(rate).toLocaleString('en-US').padStart(7)}`,
    );
    next += 100_000;
  }
}
const first = heaps[0] ?? 0;
const lastHeap = heaps.at(-1) ?? 0;
console.log(
  `heap after 100k: ${mb(first)} MB, at the end: ${mb(lastHeap)} MB, max: ${mb(Math.max(...heaps))} MB (drift ${mb(lastHeap - first)} MB)`,
);
await db.close();
if (admin) {
  await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
}
rmSync(dir, { recursive: true, force: true });
