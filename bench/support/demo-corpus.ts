/** A month of enriched demo posts held in memory, and the real save path in batches: the input of the ingest-side benches. */
import type { Db } from '../../apps/server/src/db/db';
import { createEnricher } from '../../apps/server/src/pipeline/enrich/index';
import { builtinClassifier } from '../../apps/server/src/pipeline/enrich/sentiment/classifier';
import { generateDemoPosts } from '../../apps/server/src/pipeline/sources/demo/index';
import { saveBatch } from '../../apps/server/src/pipeline/store';
import { storeHooks } from '../../apps/server/src/services/store-hooks';
import type { Enrichment, RawPost } from '../../apps/server/src/pipeline/types';

const DAY = 86_400_000;

export type DemoCorpus = { posts: RawPost[]; enrichments: Enrichment[] };

/** `n` demo posts spread over the 30 days before `endMs`, enriched by the built-in classifier. */
export async function enrichedDemoPosts(seed: number, n: number, endMs: number): Promise<DemoCorpus> {
  const posts = generateDemoPosts({
    seed,
    fromMs: endMs - 30 * DAY,
    toMs: endMs,
    postsPerDay: Math.ceil(n / 30) + 100,
  }).slice(0, n);
  return { posts, enrichments: await createEnricher(builtinClassifier).enrich(posts) };
}

/** Saves the corpus through `saveBatch` in batches of `batch`; answers posts per second. */
export async function saveInBatches(db: Db, corpus: DemoCorpus, batch: number, source: string): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < corpus.posts.length; i += batch) {
    await saveBatch(
      db,
      {
        source,
        posts: corpus.posts.slice(i, i + batch),
        enrichments: corpus.enrichments.slice(i, i + batch),
        cursor: String(i),
        rejected: 0,
        now: new Date(),
      },
      storeHooks,
    );
  }
  return corpus.posts.length / (Number(process.hrtime.bigint() - start) / 1e9);
}
