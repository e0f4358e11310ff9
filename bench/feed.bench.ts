/**
 * view/v2/tweets at scale: 1,000,000 posts, a view with four filter groups, measured on PostgreSQL
 * and on PGlite (p50/p95/p99 over first pages, deeper pages and trend filters), then the HTTP
 * API under load with autocannon on loopback (target 1,000 requests/s without errors).
 * Targets: p95 < 30 ms on PostgreSQL, < 100 ms on PGlite.
 * Run: `npm run bench -- feed` (BENCH_N posts, default 1,000,000; BENCH_DB=pg|pglite|both).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fork, spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { buildApp } from '../apps/server/src/app';
import { type Db, openPglite } from '../apps/server/src/db/db';
import { openBenchSchema } from './support/bulk-corpus';
import { fillWithDemoPosts } from './support/fill-demo';
import { benchServices, benchUser, feedLatencyLine, timeFeedPages } from './support/bench-services';

const N = Number(process.env.BENCH_N ?? 1_000_000);
const which = process.env.BENCH_DB ?? 'both';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

const FOUR_GROUPS = [
  { type: 'coins', rules: [{ value: 'BTC' }, { value: 'ETH' }, { value: 'SOL' }, { value: 'XRP' }] },
  { type: 'crypto_types', rules: [{ value: 'trading' }, { value: 'derivatives' }, { value: 'regulation-macro' }] },
  { type: 'fans', rules: [{ data: { minFans: 1000, maxFans: 0 } }] },
  {
    type: 'keywords',
    rules: [
      { value: 'breakout' },
      { value: 'support' },
      { value: 'long' },
      { value: 'short' },
      { value: '突破' },
      { value: 'ETF' },
    ],
  },
];

interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Runs autocannon in a child process and returns its JSON result. */
function loadFromChild(options: Record<string, unknown>): Promise<LoadResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const headers = Object.entries(options.headers as Record<string, string>).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [
    '-j',
    '-c',
    String(options.connections),
    '-d',
    String(options.duration),
    '-m',
    String(options.method),
    '-b',
    String(options.body),
    ...headers,
    String(options.url),
  ];
  return new Promise((resolve, reject) => {
    const child = fork(cli, args, { stdio: ['ignore', 'pipe', 'ignore', 'ipc'] });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.once('exit', () => {
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch (err) {
        reject(err);
      }
    });
  });
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** Runs wrk with a Lua script for the POST and reads its summary. */
async function loadWithWrk(options: Record<string, unknown>): Promise<LoadResult> {
  const script = join(mkdtempSync(join(tmpdir(), 'kolscope-wrk-')), 'post.lua');
  const headers = Object.entries(options.headers as Record<string, string>)
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join('\n');
  writeFileSync(script, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(options.body)}\n${headers}\n`);
  // Asynchronous on purpose: the server answering wrk runs in this very process.
  const child = spawn('wrk', [
    '-t2',
    `-c${options.connections}`,
    `-d${options.duration}s`,
    '--latency',
    '-s',
    script,
    String(options.url),
  ]);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((resolve) => child.once('exit', resolve));
  if (process.env.BENCH_DEBUG) console.log(out);
  const ms = (label: string) => {
    const m = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return 0;
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests: { average: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0) },
    latency: { p50: ms(' 50%'), p99: ms(' 99%') },
    errors: socketErrors ? Number(socketErrors[1]) + Number(socketErrors[2]) + Number(socketErrors[3]) : 0,
    timeouts: socketErrors ? Number(socketErrors[4]) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

async function measure(label: string, db: Db, target: number, load: boolean) {
  // Query latency is measured without the feed page cache, so every query reaches the database.
  const services = benchServices(db, { feedCacheMs: 0 });
  const user = await benchUser(services, 'bench');
  const items = await services.views.add(
    user.id,
    { name: 'four groups', viewType: 'content_feed', matchingRules: FOUR_GROUPS as never },
    'en',
  );
  const viewId = items.at(-1)!.viewId;
  const run = await timeFeedPages(services, user.id, viewId, 60, ['', 'bullish', 'bearish']);
  console.log(feedLatencyLine(label, 'queries', run, target));
  if (!load) return;
  for (const cacheMs of [0, 2000]) await overHttp(label, db, cacheMs, user.email, viewId);
}

/** The API under load, once with every request reaching the database, once with the 2 s page cache. */
async function overHttp(label: string, db: Db, cacheMs: number, email: string, viewId: string) {
  const services = benchServices(db, { feedCacheMs: cacheMs });
  const app = await buildApp({ services, secureCookies: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const token = (
    await services.accounts.login(email, 'bench-pass', { ip: '127.0.0.1', userAgent: 'bench', lang: 'en' })
  ).token;
  // The load comes from another process, so it does not share the server's event loop; wrk (C)
  // when installed, as it takes far less of this 2-core machine than autocannon (JavaScript).
  const result = await (hasWrk() ? loadWithWrk : loadFromChild)({
    url: `http://127.0.0.1:${port}/webapi/v1/view/v2/tweets`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${token}` },
    body: JSON.stringify({ view_id: viewId }),
    connections: 32,
    duration: 15,
  });
  await app.close();
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `  ${label} over HTTP, ${cacheMs ? `${cacheMs} ms page cache` : 'no page cache'} (${hasWrk() ? 'wrk' : 'autocannon'}, 32 connections, 15 s): ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errors} — target 1,000 req/s without errors: ${result.requests.average >= 1000 && errors === 0 ? 'met' : 'NOT met'}`,
  );
}

console.log(`feed benchmark: ${N.toLocaleString('en-US')} posts, a view with four filter groups`);
if (which !== 'pglite') {
  const schema = process.env.BENCH_KEEP ? 'benchfeed_kept' : `benchfeed_${process.pid}`;
  const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, Boolean(process.env.BENCH_KEEP), { max: 20 });
  console.log('PostgreSQL');
  if (reuse) console.log(`  reusing the kept schema ${schema}`);
  else await fillWithDemoPosts(db, N);
  await measure('PostgreSQL', db, 30, true);
  await db.close();
  // BENCH_KEEP=1 leaves the loaded schema for EXPLAIN ANALYZE and reruns.
  if (!process.env.BENCH_KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  else console.log(`  kept schema ${schema}`);
  await admin.close();
}
if (which !== 'pg') {
  const dir = mkdtempSync(join(tmpdir(), 'kolscope-feed-'));
  const db = await openPglite(dir);
  console.log('PGlite');
  await fillWithDemoPosts(db, N);
  await measure('PGlite', db, 100, false);
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
