/**
 * What the body check costs on big realistic bodies, next to what every request already pays
 * (JSON.parse) and the key conversion: the largest view body the probe sent (20 keyword groups x
 * 200 keywords of about 175 bytes, 696 KB) and a full ingest batch (1,000 demo posts), plus
 * the per-item screen of that batch and the refusal of a body nested 20,000 deep.
 * Run: `node bench/run.mjs body-check` (BENCH_REPS rounds each, default 200).
 */
import { loadavg } from 'node:os';
import { checkJson, fromWire, toWire } from '@kolscope/contract';
import { screenPosts } from '../apps/server/src/pipeline/screen';
import { generateDemoPosts } from '../apps/server/src/pipeline/sources/demo/index';

const REPS = Number(process.env.BENCH_REPS ?? 200);

/** Median and p95 of `reps` runs of `fn`, in milliseconds. */
function time(fn: () => unknown, reps = REPS): { median: number; p95: number } {
  for (let i = 0; i < 5; i++) fn(); // warm up the JIT
  const ms: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = process.hrtime.bigint();
    fn();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(reps / 2)]!, p95: ms[Math.floor(reps * 0.95)]! };
}

// Mostly ASCII with some CJK and emoji, as keywords are; about 175 bytes each, 696 KB in all.
const keyword = (g: number, k: number) => `${'bitcoin etf approval 🚀 比特币 '.repeat(8).slice(0, 136)} ${g}-${k}`;
const viewBody = JSON.stringify({
  name: 'worst view',
  view_type: 'content_feed',
  matching_rules: Array.from({ length: 20 }, (_, g) => ({
    type: 'keywords',
    rules: Array.from({ length: 200 }, (_, k) => keyword(g, k)),
  })),
});
const kb = (text: string) => `${Math.round(Buffer.byteLength(text) / 1024)} KB`;
const end = Date.UTC(2026, 10, 1);
const demo = generateDemoPosts({ seed: 7, fromMs: end - 86_400_000, toMs: end, postsPerDay: 1200 }).slice(0, 1000);
const ingestBody = JSON.stringify({ posts: demo.map((p) => toWire(p)) });
const deepBody = `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;

console.log(`body-check benchmark: median and p95 of ${REPS} runs, load average ${loadavg()[0]!.toFixed(2)}`);
const row = (label: string, t: { median: number; p95: number }, base?: number) =>
  console.log(
    `  ${label.padEnd(46)} ${t.median.toFixed(3).padStart(8)} ms  p95 ${t.p95.toFixed(3).padStart(8)} ms${base ? `  (${((100 * t.median) / base).toFixed(0)} % of JSON.parse)` : ''}`,
  );

for (const [name, text] of [
  [`view body, 20 x 200 keywords, ${kb(viewBody)}`, viewBody],
  [`ingest batch, ${demo.length} posts, ${kb(ingestBody)}`, ingestBody],
] as const) {
  console.log(` ${name}`);
  const parsed = JSON.parse(text) as { posts?: unknown[] };
  const parse = time(() => JSON.parse(text));
  row('JSON.parse (paid by every request)', parse);
  row(
    'checkJson (the body check)',
    time(() => checkJson(parsed)),
    parse.median,
  );
  if (parsed.posts) {
    // Ingest skips its items in the body check; each is converted, validated and screened.
    const items = parsed.posts;
    row(
      'checkJson, items skipped (ingest)',
      time(() => checkJson(parsed, { skipKey: 'posts' })),
      parse.median,
    );
    row(
      'screenPosts (per-item screen)',
      time(() => screenPosts(demo, new Date(end))),
      parse.median,
    );
    row(
      'fromWire of every item',
      time(() => items.map((i) => fromWire(i))),
      parse.median,
    );
  } else {
    row(
      'fromWire (key conversion, was already paid)',
      time(() => fromWire(parsed)),
      parse.median,
    );
  }
}
console.log(` body nested 20,000 deep (${kb(deepBody)})`);
const deep = JSON.parse(deepBody);
row(
  'JSON.parse',
  time(() => JSON.parse(deepBody)),
);
row(
  'checkJson (refused at depth 65)',
  time(() => checkJson(deep)),
);
row(
  'fromWire (iterative, no stack overflow)',
  time(() => fromWire(deep)),
);
