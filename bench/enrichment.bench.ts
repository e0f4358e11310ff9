/**
 * Enrichment throughput on one core: coins, categories and the built-in sentiment classifier over
 * realistic posts (the demo source's, English and Chinese). Target: >= 5,000 posts/s.
 * Run: `node bench/run.mjs enrichment` (BENCH_N posts, default 200,000).
 */
import { assignCategories } from '../apps/server/src/pipeline/enrich/categories/assign';
import { extractCoins } from '../apps/server/src/pipeline/enrich/coins/extract';
import { createEnricher } from '../apps/server/src/pipeline/enrich/index';
import { builtinClassifier, classifySentiment } from '../apps/server/src/pipeline/enrich/sentiment/classifier';
import { generateDemoPosts } from '../apps/server/src/pipeline/sources/demo/index';

const N = Number(process.env.BENCH_N ?? 200_000);
const BATCH = 500;
const DAY = 86_400_000;

const end = Date.UTC(2026, 10, 1);
// Demo generation itself (the source's cost per backfill batch); was a timed unit test.
const genStart = process.hrtime.bigint();
let posts = generateDemoPosts({ seed: 3, fromMs: end - 30 * DAY, toMs: end, postsPerDay: Math.ceil(N / 30) + 100 });
const genSeconds = Number(process.hrtime.bigint() - genStart) / 1e9;
console.log(`  demo generation: ${Math.round(posts.length / genSeconds).toLocaleString('en-US')} posts/s`);
posts = posts.slice(0, N);
const texts = posts.map((p) => p.text);
console.log(
  `enrichment benchmark: ${posts.length} demo posts, ${texts.filter((t) => /\p{Script=Han}/u.test(t)).length} in Chinese`,
);

function time(label: string, fn: () => void) {
  fn(); // warm-up pass: JIT and lazily built tables
  const start = process.hrtime.bigint();
  fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `  ${label.padEnd(34)} ${Math.round(posts.length / seconds)
      .toLocaleString('en-US')
      .padStart(10)} posts/s`,
  );
  return posts.length / seconds;
}

time('coins (extractCoins)', () => {
  for (const t of texts) extractCoins(t);
});
time('categories (assignCategories)', () => {
  for (const t of texts) assignCategories(t, extractCoins(t));
});
time('sentiment (classifySentiment)', () => {
  for (const t of texts) classifySentiment(t);
});
const enricher = createEnricher(builtinClassifier);
const all = await (async () => {
  const run = async () => {
    for (let i = 0; i < posts.length; i += BATCH) await enricher.enrich(posts.slice(i, i + BATCH));
  };
  await run();
  const start = process.hrtime.bigint();
  await run();
  return posts.length / (Number(process.hrtime.bigint() - start) / 1e9);
})();
console.log(
  `  ${'full enrichment (batches of 500)'.padEnd(34)} ${Math.round(all).toLocaleString('en-US').padStart(10)} posts/s`,
);
console.log(`target >= 5,000 posts/s on one core: ${all >= 5000 ? 'met' : 'NOT met'}`);
