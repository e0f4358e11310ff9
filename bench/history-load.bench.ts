/**
 * A first start on the embedded database, as `npm start` does it: the real server (the built CLI,
 * role all, demo source at DEMO_POSTS_PER_DAY, default 3000) on a fresh data folder, and how long
 * until the month of demo history is loaded and its track records derived; between, a cold home
 * every BENCH_PROBE_S seconds (default 30: a sign-in and the home screen's calls, as a new visitor
 * makes them, each burst timed). Nobody browses otherwise: with someone browsing, history moves
 * in smaller steps (bench/first-minute.bench.ts measures that).
 *
 * BENCH_HOGS=N runs N CPU hogs beside it (as scripts/busy-test.sh does: a busy 2-core machine).
 * The load average is printed at the start and the end: other work on the machine counts too.
 * BENCH_SERVER=path/to/cli.js measures another build (e.g. one from before a change).
 *
 * Run: `node bench/run.mjs history-load` (after `npm run build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, loadAverage, sleep } from './support/started-server';

const root = process.env.KOLSCOPE_ROOT ?? process.cwd();
const BIN = process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/cli.js');
const HOGS = Number(process.env.BENCH_HOGS ?? 0);
const PROBE_S = Number(process.env.BENCH_PROBE_S ?? 30);
const RATE = process.env.DEMO_POSTS_PER_DAY ?? '3000';

const hogs: ChildProcess[] = [];
for (let i = 0; i < HOGS; i++) hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));

const dataDir = mkdtempSync(join(tmpdir(), 'kolscope-history-load-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), DEMO_POSTS_PER_DAY: RATE };
delete env.DATABASE_URL;
console.log(`history-load: ${RATE} posts a day, ${HOGS} CPU hogs; load average at start ${loadAverage()}`);
const t0 = performance.now();
const child = spawn(process.execPath, [BIN, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
let rebuiltAt = 0;
child.stdout?.on('data', (d) => {
  out += d;
  if (!rebuiltAt && /track-rebuild: done/.test(out)) rebuiltAt = performance.now();
});
child.stderr?.on('data', (d) => (out += d));
const secs = (t: number) => ((t - t0) / 1000).toFixed(1);

/** A new visitor's home screen: sign in, then the calls the home page makes, one burst. */
async function coldHome(): Promise<{ total: number; slowest: [string, number] }> {
  const started = performance.now();
  let token = '';
  const call = async (path: string, body: object = {}) => {
    const r = await fetch(`${base}/webapi/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return ((await r.json()) as { data: unknown }).data as never;
  };
  const times: [string, number][] = [];
  const timed = async <T>(name: string, fn: () => Promise<T>) => {
    const t = performance.now();
    const result = await fn();
    times.push([name, performance.now() - t]);
    return result;
  };
  await timed('GET /', () => fetch(`${base}/`).then((r) => r.text()));
  const login = await timed('account/login', () =>
    call('account/login', { email: 'demo@kolscope.local', passwd: 'kolscope-demo' }),
  );
  token = (login as { token: string }).token;
  const views = await timed('view/v2/list', () => call('view/v2/list'));
  const list = views as { view_id: string; view_type: string }[];
  const feed = list.find((v) => v.view_type === 'content_feed');
  const ranking = list.find((v) => v.view_type === 'hot_coins');
  // The home screen asks these together, as the browser does.
  await Promise.all([
    timed('account/info', () => call('account/info')),
    timed('system/history', () => call('system/history')),
    feed ? timed('view/v2/tweets', () => call('view/v2/tweets', { view_id: feed.view_id, next_cb: '' })) : null,
    ranking
      ? timed('view/ranking_list', () => call('view/ranking_list', { view_id: ranking.view_id, next_cb: '' }))
      : null,
  ]);
  const slowest = times.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { total: performance.now() - started, slowest };
}

try {
  let firstAnswer = 0;
  while (!firstAnswer) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      firstAnswer = performance.now();
    else await sleep(100);
  }
  console.log(`  first HTTP answer ${secs(firstAnswer)} s after spawn`);
  let loadedAt = 0;
  let nextProbe = firstAnswer + PROBE_S * 1000;
  // Track records derived after the load (a build from before that change derives them per batch).
  const deriving = () => /track-rebuild: deriving/.test(out);
  // The slowest /healthz answer (a request waiting for the embedded database): [asked at, ms].
  let slowestHealth: [string, number] = ['', 0];
  while (!loadedAt || (!rebuiltAt && (deriving() || performance.now() - loadedAt < 5000))) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    const asked = performance.now();
    const health = (await fetch(`${base}/healthz`).then((r) => r.json())) as {
      history?: { loading: boolean; percent: number };
    };
    const waited = performance.now() - asked;
    if (waited > slowestHealth[1]) slowestHealth = [secs(asked), waited];
    if (!loadedAt && health.history && !health.history.loading) loadedAt = performance.now();
    if (!loadedAt && PROBE_S > 0 && performance.now() >= nextProbe) {
      const at = secs(performance.now());
      const home = await coldHome();
      const line = `cold home at ${at} s (history ${health.history?.percent} %): ${(home.total / 1000).toFixed(2)} s, slowest ${home.slowest[0]} ${(home.slowest[1] / 1000).toFixed(2)} s`;
      console.log(`  ${line}`);
      nextProbe = performance.now() + PROBE_S * 1000;
    }
    await sleep(1000);
  }
  const derived = rebuiltAt ? `; track records derived ${secs(rebuiltAt)} s` : ' (track records derived per batch)';
  console.log(`  history loaded ${secs(loadedAt)} s after spawn${derived}`);
  console.log(`  slowest /healthz answer ${(slowestHealth[1] / 1000).toFixed(2)} s, asked at ${slowestHealth[0]} s`);
  const after = await coldHome();
  console.log(`  cold home after: ${(after.total / 1000).toFixed(2)} s`);
  console.log(`  load average at the end ${loadAverage()}`);
  const lines = out.split('\n').filter((l) => /history loaded|track-rebuild: done/.test(l));
  console.log(`  server: ${lines.join(' / ')}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  for (const h of hogs) h.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
