/**
 * The demo price backfill on the embedded database (issue 16 §1): what the first price round of
 * `npm start` costs once the demo's 30 days of posts are stored. Fills an on-disk PGlite with
 * demo posts (the coins they name and how far back they reach is what the worker prices), then
 * times one round of the price worker with the demo price source and counts what it wrote; then
 * a second round (an hour later: the catch-up).
 * Run: `node bench/run.mjs prices-backfill [POSTS]` (default 20000).
 *
 * Measured 2026-11-26 on the shared 2-core machine: 20,000 posts naming 37 coins over 29.5 days;
 * the backfill wrote 47,471 candles (hourly over the posts' span and 5-minute over 2 days for each
 * coin) in 74 pages in 1.9 s (about 24,000 candles/s, one statement of at most 1,000 candles a
 * page); the catch-up an hour later wrote 481 candles (37 × (1 + 12)) in 0.24 s. An earlier run
 * while other jobs loaded the machine took 8.6 s and 1.2 s for the same work.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/db';
import { buildPriceSource } from '../apps/server/src/markets/sources';
import { runPriceRound } from '../apps/server/src/markets/worker';
import { fillWithDemoPosts } from './support/fill-demo';

const posts = Number(process.argv[2] ?? 20_000);
const dir = mkdtempSync(join(tmpdir(), 'kolscope-prices-'));
const db = await openPglite(dir);
try {
  await fillWithDemoPosts(db, posts);
  const source = buildPriceSource(loadConfig({ DATA_DIR: dir }), db);
  if (!source) throw new Error('no demo price source');
  const span = (await db.query<{ lo: number; hi: number }>('SELECT min(ct) AS lo, max(ct) AS hi FROM posts'))[0]!;
  console.log(`posts: ${posts}, spanning ${((Number(span.hi) - Number(span.lo)) / 86_400).toFixed(1)} days`);
  let nowMs = Date.now();
  const opts = { db, source, clock: { now: () => new Date(nowMs) }, log: () => {} };
  const signal = new AbortController().signal;
  for (const label of ['backfill', 'catch-up 1 h later']) {
    const t0 = performance.now();
    const r = await runPriceRound(opts, signal);
    const s = (performance.now() - t0) / 1000;
    const [c] = await db.query<{ n: number; coins: number }>(
      'SELECT count(*) AS n, count(DISTINCT coin) AS coins FROM candles',
    );
    console.log(
      `${label}: ${r.candles} candles in ${r.pages} pages, ${s.toFixed(2)} s (${Math.round(r.candles / s)} candles/s), ` +
        `${r.errors} errors; table: ${c!.n} candles of ${c!.coins} coins`,
    );
    nowMs += 3_600_000;
  }
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
