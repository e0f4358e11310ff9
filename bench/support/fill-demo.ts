/** Fills a database with about N demo posts through the real enrichment and save path. */
import type { Db } from '../../apps/server/src/db/db';
import { migrate } from '../../apps/server/src/db/migrate';
import { createEnricher } from '../../apps/server/src/pipeline/enrich/index';
import { builtinClassifier } from '../../apps/server/src/pipeline/enrich/sentiment/classifier';
import { createDemoSource } from '../../apps/server/src/pipeline/sources/demo/index';
import { saveBatch } from '../../apps/server/src/pipeline/store';
import { storeHooks } from '../../apps/server/src/services/store-hooks';

export async function fillWithDemoPosts(db: Db, n: number): Promise<void> {
  await migrate(db);
  const source = createDemoSource({ seed: 21, postsPerDay: Math.ceil(n / 29), batchSize: 2000, refreshEveryMs: 0 });
  const enricher = createEnricher(builtinClassifier);
  const signal = new AbortController().signal;
  let cursor: string | null = null;
  let stored = 0;
  const start = Date.now();
  while (stored < n) {
    const b = await source.fetch(cursor, signal);
    if (b.posts.length === 0) break;
    await saveBatch(
      db,
      {
        source: 'demo',
        posts: b.posts,
        enrichments: await enricher.enrich(b.posts),
        cursor: b.nextCursor,
        rejected: 0,
        now: new Date(),
      },
      storeHooks,
    );
    cursor = b.nextCursor ?? cursor;
    stored += b.posts.length;
  }
  await db.exec('ANALYZE');
  console.log(`  loaded ${stored.toLocaleString('en-US')} posts in ${((Date.now() - start) / 1000).toFixed(0)} s`);
}
