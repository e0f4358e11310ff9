/**
 * One user must not stall another (issues 13 and 34). User A attacks from BENCH_A_CLIENTS
 * parallel clients in another process while user B reads its own feed BENCH_B_REQUESTS times:
 * - `feed`: A hammers the worst view's feed (VIEW_LIMITS' most keywords, matching nothing but
 *   the pre-filter, so every page scans), with no page cache;
 * - `media`: A downloads a 5 MB picture through /media/proxy (from a local image server) over
 *   and over (issue 34: 100 parallel downloads).
 * Prints B's p50/p95/max alone and under A's load, A's answers by kind, and the load average, for
 * each database in BENCH_DB (pg, pglite or both) and each USER_CONCURRENT_REQUESTS in
 * BENCH_SHARES (default "2"). Target: B's p95 < 100 ms.
 * Run: `node bench/run.mjs fairness`. BENCH_N demo posts on PostgreSQL (default 200,000; the
 * embedded database gets BENCH_PGLITE_N, default 30,000: a page scans 5,000 posts at most, so a
 * larger corpus does not make A's pages dearer); BENCH_ATTACKS (default "feed:8,media:100":
 * attack:clients, comma separated); BENCH_DATABASE_URL (default the local `test` database);
 * BENCH_KEEP=1 keeps the PostgreSQL schema and the embedded data folder for reruns.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { VIEW_LIMITS } from '@kolscope/contract';
import { buildApp } from '../apps/server/src/app';
import { type Db, openPglite } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { MEDIA_MAX_BYTES } from '../apps/server/src/http/media/proxy';
import { openBenchSchema } from './support/bulk-corpus';
import { fillWithDemoPosts } from './support/fill-demo';
import { benchServices, percentile } from './support/bench-services';

const N = Number(process.env.BENCH_N ?? 200_000);
const PGLITE_N = Number(process.env.BENCH_PGLITE_N ?? 30_000);
const B_REQUESTS = Number(process.env.BENCH_B_REQUESTS ?? 60);
const SHARES = (process.env.BENCH_SHARES ?? '2').split(',').map(Number);
const ATTACKS = (process.env.BENCH_ATTACKS ?? 'feed:8,media:100').split(',').map((a) => {
  const [kind, clients] = a.split(':');
  if (kind !== 'feed' && kind !== 'media') throw new Error(`BENCH_ATTACKS: unknown attack ${kind}`);
  return { kind, clients: Number(clients ?? 8) } as const;
});
const WHICH = process.env.BENCH_DB ?? 'both';
const TIMEOUT_MS = 10_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * A's clients: each sends A's request again as soon as the last answer came (POST with BODY, or
 * GET without), and counts answers by ret (by HTTP status for a picture).
 */
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
      const r = await fetch(URL_, BODY
        ? { method: 'POST', headers: { 'content-type': 'application/json', cookie: 'token=' + TOKEN }, body: BODY }
        : { headers: { cookie: 'token=' + TOKEN } });
      if (r.headers.get('content-type')?.startsWith('application/json')) ret = String((await r.json()).ret);
      else ret = (await r.arrayBuffer(), r.status === 200 ? '1' : String(r.status));
    } catch {}
    counts[ret] = (counts[ret] ?? 0) + 1;
  }
}
Promise.all(Array.from({ length: Number(CLIENTS) }, client)).then(() => {
  console.log(JSON.stringify(counts));
  process.exit(0);
});
`;

// The picture A downloads: as large as the proxy takes (a little under its cap).
const PICTURE = Buffer.alloc(MEDIA_MAX_BYTES - 1024, 7);
let pictures = 0;
const images = createServer((_req, res) => {
  pictures++;
  res.writeHead(200, { 'content-type': 'image/png' }).end(PICTURE);
});
await new Promise<void>((done) => images.listen(0, '127.0.0.1', done));
const pictureUrl = `http://127.0.0.1:${(images.address() as { port: number }).port}/big.png`;

async function measure(label: string, db: Db) {
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
  // The worst view the rules accept (VIEW_LIMITS; bench/worst-view.bench.ts): one group of the
  // most keywords, each as long as allowed and matching nothing, but for one inside most posts
  // yet never a word ("oin"), so the pre-filter lets nearly every post through to the regex.
  const { keywords, keywordLength } = VIEW_LIMITS;
  const rules = Array.from({ length: keywords }, (_, i) => ({
    value: i === keywords - 1 ? 'oin' : `zq${i}x`.padEnd(keywordLength, 'v'),
  }));
  const aItems = await setup.views.add(
    a.id,
    { name: 'worst', viewType: 'content_feed', matchingRules: [{ type: 'keywords', rules }] as never },
    'en',
  );
  const aView = aItems.at(-1)!.viewId;
  console.log(
    `  A's view: one keyword group of ${keywords} keywords of ${keywordLength} characters, one of them "oin"`,
  );
  const bItems = await setup.views.add(
    b.id,
    { name: 'btc', viewType: 'content_feed', matchingRules: [{ type: 'coins', rules: [{ value: 'BTC' }] }] as never },
    'en',
  );
  const bView = bItems.at(-1)!.viewId;

  for (const running of SHARES) {
    for (const attack of ATTACKS) {
      // No page cache: every request of A and B reaches the database.
      const services = benchServices(db, {
        feedCacheMs: 0,
        requests: { limits: { running, queued: 8 }, statementTimeoutMs: TIMEOUT_MS },
      });
      // The image server is on this machine: the proxy may reach it here, as on an operator's LAN.
      const app = await buildApp({ services, secureCookies: false, mediaProxy: { allowPrivate: true } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const feedUrl = `http://127.0.0.1:${port}/webapi/v1/view/v2/tweets`;
      const readB = async () => {
        const times: number[] = [];
        for (let i = 0; i < B_REQUESTS + 5; i++) {
          const t0 = performance.now();
          const r = await fetch(feedUrl, {
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
      console.log(`${label}, USER_CONCURRENT_REQUESTS=${running}, USER_QUEUED_REQUESTS=8, attack ${attack.kind}`);
      console.log(`  B alone, ${B_REQUESTS} pages: ${await readB()}`);
      const target =
        attack.kind === 'feed'
          ? { URL_: feedUrl, BODY: JSON.stringify({ view_id: aView }) }
          : { URL_: `http://127.0.0.1:${port}/media/proxy?url=${encodeURIComponent(pictureUrl)}`, BODY: '' };
      pictures = 0;
      const hammer = spawn(process.execPath, ['-e', HAMMER], {
        env: { ...process.env, ...target, TOKEN: a.token, CLIENTS: String(attack.clients) },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let out = '';
      hammer.stdout.on('data', (d) => (out += d));
      // B starts once A's clients are under way (bounded wait: 30 s at most).
      const busy = () =>
        attack.kind === 'feed' ? services.requests.limits.stats(`user:${a.id}`).running >= running : pictures > 0;
      for (let i = 0; i < 300 && !busy(); i++) await new Promise((r) => setTimeout(r, 100));
      const during = await readB();
      const loadDuring = load();
      hammer.stdin.write('stop\n');
      await new Promise((r) => hammer.once('exit', r));
      const counts = JSON.parse(out || '{}') as Record<string, number>;
      console.log(`  B under A's ${attack.clients} clients, ${B_REQUESTS} pages: ${during} (target p95 < 100 ms)`);
      console.log(
        `  A: ${counts['1'] ?? 0} answered, ${counts['429'] ?? 0} refused (429), ${counts['503'] ?? 0} stopped (503), ${
          Object.entries(counts)
            .filter(([k]) => !['1', '429', '503'].includes(k))
            .map(([k, v]) => `${v} ${k}`)
            .join(', ') || 'no other answers'
        }`,
      );
      console.log(`  load average during: ${loadDuring}`);
      await app.close();
    }
  }
}

console.log(`fairness benchmark, load average ${load()}`);
if (WHICH !== 'pglite') {
  console.log(`PostgreSQL, ${N.toLocaleString('en-US')} posts`);
  const schema = process.env.BENCH_KEEP ? 'benchfair_kept' : `benchfair_${process.pid}`;
  const { admin, db, reuse } = await openBenchSchema(PG_URL, schema, Boolean(process.env.BENCH_KEEP), {
    requestStatementTimeoutMs: TIMEOUT_MS,
  });
  if (reuse) console.log(`  reusing the kept schema ${schema}`);
  else await fillWithDemoPosts(db, N);
  await measure('PostgreSQL', db);
  await db.close();
  if (!process.env.BENCH_KEEP) await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
  else console.log(`  kept schema ${schema}`);
  await admin.close();
}
if (WHICH !== 'pg') {
  console.log(`PGlite, ${PGLITE_N.toLocaleString('en-US')} posts`);
  const keep = Boolean(process.env.BENCH_KEEP);
  const dir = keep ? join(tmpdir(), 'kolscope-fairness-kept') : mkdtempSync(join(tmpdir(), 'kolscope-fairness-'));
  const reuse = keep && existsSync(join(dir, 'pglite'));
  const db = await openPglite(dir);
  if (reuse) {
    await migrate(db);
    console.log(`  reusing the kept data folder ${dir}`);
  } else await fillWithDemoPosts(db, PGLITE_N);
  await measure('PGlite', db);
  await db.close();
  if (!keep) rmSync(dir, { recursive: true, force: true });
  else console.log(`  kept data folder ${dir}`);
}
await new Promise((done) => images.close(done));
