/**
 * One user must not stall another (issue 13): on PostgreSQL with BENCH_N demo posts (default
 * 200,000), user A hammers an expensive view's feed (a keyword group of non-matching words, so
 * every page scans) from BENCH_A_CLIENTS parallel clients in another process, while user B reads
 * its own feed BENCH_B_REQUESTS times. Prints B's p50/p95/max alone and under A's load for each
 * USER_CONCURRENT_REQUESTS in BENCH_SHARES (default "2,1"), A's answers by kind, and the load
 * average. Target: B's p95 < 100 ms.
 * Run: `npm run bench -- fairness` (BENCH_DATABASE_URL, default the local `test` database;
 * BENCH_KEEP=1 keeps the loaded schema for reruns).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { buildApp } from '../apps/server/src/app';
import { openBenchSchema } from './support/bulk-corpus';
import { fillWithDemoPosts } from './support/fill-demo';
import { benchServices, percentile } from './support/bench-services';

const N = Number(process.env.BENCH_N ?? 200_000);
const A_CLIENTS = Number(process.env.BENCH_A_CLIENTS ?? 8);
const B_REQUESTS = Number(process.env.BENCH_B_REQUESTS ?? 60);
const SHARES = (process.env.BENCH_SHARES ?? '2,1').split(',').map(Number);
const TIMEOUT_MS = 10_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A's clients: each posts A's page again as soon as the last answer came; counts answers by ret. */
const HAMMER = `
const { URL_, TOKEN, BODY, CLIENTS } = process.env;
const counts = {};
let stop = false;
process.stdin.on('data', () => (stop = true));
process.stdin.resume();
async function client() {
  while (!stop) {
    let ret = 'error';
    try {
      const r = await fetch(URL_, { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'token=' + TOKEN }, body: BODY });
      ret = String((await r.json()).ret);
    } catch {}
    counts[ret] = (counts[ret] ?? 0) + 1;
  }
}
Promise.all(Array.from({ length: Number(CLIENTS) }, client)).then(() => {
  console.log(JSON.stringify(counts));
  process.exit(0);
});
`;

console.log(`fairness benchmark: ${N.toLocaleString('en-US')} posts on PostgreSQL, load average ${load()}`);
const schema = process.env.BENCH_KEEP ? 'benchfair_kept' : `benchfair_${process.pid}`;
const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, Boolean(process.env.BENCH_KEEP), {
  requestStatementTimeoutMs: TIMEOUT_MS,
});
if (reuse) console.log(`  reusing the kept schema ${schema}`);
else await fillWithDemoPosts(db, N);

const setup = benchServices(db);
const stamp = Date.now();
const client = { ip: '127.0.0.1', userAgent: 'bench', lang: 'en' as const };
async function user(name: string) {
  const email = `${name}-${stamp}@example.com`;
  const u = (await setup.accounts.createDirect(email, 'bench-pass', { isAdmin: false, lang: 'en' }))!;
  return { id: u.id, token: (await setup.accounts.login(email, 'bench-pass', client)).token };
}
const a = await user('hammer');
const b = await user('reader');
// The most keywords the view rules accept (bounds may be lower than 200), none of which matches.
let keywords = 200;
let aView = '';
for (; keywords >= 1 && !aView; keywords = Math.floor(keywords / 2)) {
  const rules = Array.from({ length: keywords }, (_, i) => ({ value: `zq${i}x${'v'.repeat(8)}` }));
  try {
    const items = await setup.views.add(
      a.id,
      { name: 'worst', viewType: 'content_feed', matchingRules: [{ type: 'keywords', rules }] as never },
      'en',
    );
    aView = items.at(-1)!.viewId;
    console.log(`  A's view: one keyword group of ${keywords} non-matching keywords`);
  } catch {}
}
const bItems = await setup.views.add(
  b.id,
  { name: 'btc', viewType: 'content_feed', matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] as never },
  'en',
);
const bView = bItems.at(-1)!.viewId;

for (const running of SHARES) {
  // No page cache: every request of A and B reaches the database.
  const services = benchServices(db, {
    feedCacheMs: 0,
    requests: { limits: { running, queued: 8 }, statementTimeoutMs: TIMEOUT_MS },
  });
  const app = await buildApp({ services, secureCookies: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}/webapi/v1/view/v2/tweets`;
  const readB = async () => {
    const times: number[] = [];
    for (let i = 0; i < B_REQUESTS + 5; i++) {
      const t0 = performance.now();
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `token=${b.token}` },
        body: JSON.stringify({ view_id: bView }),
      });
      const ret = ((await r.json()) as { ret: number }).ret;
      if (ret !== 1) throw new Error(`B's feed answered ret ${ret}`);
      if (i >= 5) times.push(performance.now() - t0); // the first five warm the plans
    }
    times.sort((x, y) => x - y);
    return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`;
  };
  console.log(`USER_CONCURRENT_REQUESTS=${running}, USER_QUEUED_REQUESTS=8`);
  console.log(`  B alone, ${B_REQUESTS} pages: ${await readB()}`);
  const hammer = spawn(process.execPath, ['-e', HAMMER], {
    env: {
      ...process.env,
      URL_: url,
      TOKEN: a.token,
      BODY: JSON.stringify({ view_id: aView }),
      CLIENTS: String(A_CLIENTS),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  hammer.stdout.on('data', (d) => (out += d));
  // B starts once A holds its whole share (bounded wait: 30 s at most).
  for (let i = 0; i < 300 && services.requests.limits.stats(`user:${a.id}`).running < running; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const during = await readB();
  const loadDuring = load();
  hammer.stdin.write('stop\n');
  await new Promise((r) => hammer.once('exit', r));
  const counts = JSON.parse(out || '{}') as Record<string, number>;
  console.log(`  B under A's ${A_CLIENTS} clients, ${B_REQUESTS} pages: ${during} (target p95 < 100 ms)`);
  console.log(
    `  A: ${counts['1'] ?? 0} pages answered, ${counts['429'] ?? 0} refused (429), ${counts['503'] ?? 0} stopped (503), ${
      Object.entries(counts)
        .filter(([k]) => !['1', '429', '503'].includes(k))
        .map(([k, v]) => `${v} ${k}`)
        .join(', ') || 'no other answers'
    }`,
  );
  console.log(`  load average during: ${loadDuring}`);
  await app.close();
}

await db.close();
if (!process.env.BENCH_KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
else console.log(`  kept schema ${schema}`);
await admin.close();
