/**
 * Opinion arguments (issue 33 §3, apps/server/src/services/arguments): how long grouping a report
 * window's posts into arguments takes, on the demo's own posts. A month of demo posts at 3,000 a
 * day; the ones naming BTC (what a BTC coin view counts), newest first; grouped as a request
 * groups them: the cap the service uses (CONSIDERED_MAX) and 5,000 (a busy coin's week). Prints
 * the median and worst of 7 runs, the groups made, the biggest and their headlines.
 * Run: `node bench/run.mjs arguments` (BENCH_N: posts grouped besides the cap, default 5000).
 *
 * 2026-11-29, shared 2-core machine at load average 16 (four other agents building and testing):
 *   demo month: 18940 posts name BTC
 *   3000 posts: median 339.9 ms, worst 523.9 ms; 254 groups, 210 of 2+ posts holding 2956 posts
 *   5000 posts: median 574.1 ms, worst 759.1 ms; 331 groups, 271 of 2+ posts holding 4940 posts
 * Most of it is tokenizing (NFKC, Unicode regexes) and building the vectors; the grouping itself
 * (seeds by their 8 heaviest terms) was 20-40 ms of the 3,000. Before seeds were indexed by their
 * heaviest terms only, the grouping alone took about 180 ms more.
 */
import { extractCoins } from '../apps/server/src/pipeline/enrich/coins/extract';
import { generateDemoPosts } from '../apps/server/src/pipeline/sources/demo/index';
import { CONSIDERED_MAX } from '../apps/server/src/services/arguments/index';
import { groupPosts } from '../apps/server/src/services/arguments/cluster';
import { headlineOf } from '../apps/server/src/services/arguments/headline';

const DAY = 86_400_000;
const end = Date.UTC(2026, 10, 1);
const n = Number(process.env.BENCH_N ?? 5000);
const posts = generateDemoPosts({ seed: 7, fromMs: end - 30 * DAY, toMs: end, postsPerDay: 3000 })
  .filter((p) => extractCoins(p.text).includes('BTC'))
  .sort((a, b) => b.createdAt - a.createdAt);
console.log(`demo month: ${posts.length} posts name BTC`);

for (const size of [CONSIDERED_MAX, n]) {
  const texts = posts.slice(0, size).map((p) => p.text);
  const times: number[] = [];
  let grouping = groupPosts(texts);
  for (let run = 0; run < 7; run++) {
    const t0 = performance.now();
    grouping = groupPosts(texts);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const sizes = grouping.groups.map((g) => g.length);
  const multi = sizes.filter((s) => s >= 2);
  console.log(
    `${texts.length} posts: median ${times[3]!.toFixed(1)} ms, worst ${times[6]!.toFixed(1)} ms; ` +
      `${grouping.groups.length} groups, ${multi.length} of 2+ posts holding ${multi.reduce((s, x) => s + x, 0)} posts`,
  );
  const biggest = grouping.groups
    .map((g, k) => ({ size: g.length, head: texts[grouping.central[k]!]! }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 6);
  for (const b of biggest) console.log(`  ${String(b.size).padStart(4)}  ${headlineOf(b.head)}`);
}
