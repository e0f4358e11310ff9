/**
 * `kolscope reclassify` throughput: demo posts stored with the rules' readings are read again
 * (batches of 500 by id, rollup triggers on), first by a classifier that disagrees on every post
 * (every row written), then by one that agrees (nothing written: the read-only cost). The opinion
 * rollups are then compared with a rebuild from posts. Run: `node bench/run.mjs reclassify`
 * (BENCH_N posts, default 50,000; BENCH_DB=pglite|pg, default both; BENCH_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { builtinClassifier } from '../apps/server/src/pipeline/enrich/sentiment/classifier';
import { reclassify } from '../apps/server/src/pipeline/reclassify';
import { storeHooks } from '../apps/server/src/services/store-hooks';
import { enrichedDemoPosts, saveInBatches } from './support/demo-corpus';
import type { SentimentClassifier, SentimentLabel } from '../apps/server/src/pipeline/types';

const N = Number(process.env.BENCH_N ?? 50_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const WHICH = process.env.BENCH_DB ?? 'both';
const corpus = await enrichedDemoPosts(9, N, Date.UTC(2026, 10, 1));
const { posts, enrichments } = corpus;
const multi = enrichments.filter((e) => e.coins.length > 1).length;
const split = enrichments.filter((e) => Object.keys(e.coinStances ?? {}).length > 0).length;
console.log(
  `reclassify benchmark: ${posts.length} demo posts, ${multi} naming several coins, ${split} with a coin read apart from the post`,
);

const FLIP: Record<SentimentLabel, SentimentLabel> = { bullish: 'bearish', neutral: 'bullish', bearish: 'neutral' };
const contrarian: SentimentClassifier = {
  name: 'contrarian',
  classify: async (texts) =>
    (await builtinClassifier.classify(texts)).map((r) => ({ ...r, label: FLIP[r.label], model: 'contrarian' })),
};

/** The coin rollup as stored, and as a rebuild from posts counts it, must be the same. */
async function rollupExact(db: Db): Promise<boolean> {
  const snapshot = `SELECT coin, res, bucket, class, up, neutral, down FROM opinion_counts
                    WHERE up <> 0 OR neutral <> 0 OR down <> 0 ORDER BY 1, 2, 3, 4`;
  const before = JSON.stringify(await db.query(snapshot));
  await db.transaction(async (tx) => void (await tx.query('SELECT opinion_rebuild()')));
  return before === JSON.stringify(await db.query(snapshot));
}

async function measure(label: string, db: Db) {
  await migrate(db);
  await saveInBatches(db, corpus, 500, 'bench');
  for (const classifier of [contrarian, contrarian]) {
    const start = process.hrtime.bigint();
    const p = await reclassify({ db, classifier, hooks: storeHooks });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    console.log(
      `  ${label.padEnd(18)} ${Math.round(p.done / seconds)
        .toLocaleString('en-US')
        .padStart(7)} posts/s read, ${p.changed} of ${p.done} written (${seconds.toFixed(1)} s)`,
    );
  }
  console.log(
    `  ${label.padEnd(18)} coin rollup equals a rebuild from posts: ${(await rollupExact(db)) ? 'yes' : 'NO'}`,
  );
}

if (WHICH !== 'pg') {
  const dir = mkdtempSync(join(tmpdir(), 'kolscope-bench-'));
  const pglite = await openPglite(dir);
  await measure('PGlite (on disk)', pglite);
  await pglite.close();
  rmSync(dir, { recursive: true, force: true });
}
if (WHICH !== 'pglite') {
  const schema = `bench_${process.pid}`;
  const admin = await openPostgres(PG_URL, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  try {
    const pg = await openPostgres(PG_URL, { searchPath: schema });
    await measure('PostgreSQL', pg);
    await pg.close();
  } finally {
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
    await admin.close();
  }
}
