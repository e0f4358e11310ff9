/**
 * The first minute after `npm start` on a fresh data folder: starts the real server (the built
 * CLI, role all, demo source) and measures, from its first HTTP answer,
 * - when Hot Coins first lists a coin and the All KOLs feed first shows a post under 1 h old,
 * - when the history (30 days of demo posts) is loaded,
 * - p50/p95 of a mix of API calls made like a user browsing (a burst of six calls, then 1.5 s of
 *   reading), while history loads and after.
 * Runs on the embedded database, and on PostgreSQL (BENCH_DATABASE_URL, default the local `test`
 * database) in a schema created for the run and dropped after. `BENCH_DB=pglite|pg` runs one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, onEachDatabase, pct, sleep } from './support/started-server';

const root = process.env.KOLSCOPE_ROOT ?? process.cwd();
/** BENCH_SERVER: another built server to measure (e.g. a build from before a change). */
const BIN = process.env.BENCH_SERVER ?? join(root, 'apps/server/bin/kolscope.mjs');
/** Calls measured after history has loaded. */
const AFTER_ROUNDS = Number(process.env.BENCH_AFTER_ROUNDS ?? 15);
/** Between two bursts of calls (BENCH_THINK_MS). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1500);

interface Health {
  sources?: Record<string, string>;
  history?: { loading: boolean; percent: number };
}

async function runOnce(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kolscope-first-minute-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The demo account is seeded by default only on the embedded database.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    SOURCES: 'demo',
    SEED_DEMO: 'true',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [BIN, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const since = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

  try {
    // The first HTTP answer.
    let firstAnswer = 0;
    while (!firstAnswer) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) firstAnswer = performance.now();
      else await sleep(50);
    }
    console.log(`${label}: first HTTP answer ${since(t0)} s after spawn`);

    let token = '';
    const call = async (path: string, body: object = {}) => {
      const t = performance.now();
      const r = await fetch(`${base}/webapi/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await r.json()) as { ret: number; data: unknown };
      return { ms: performance.now() - t, data: json.data as never };
    };
    const login = await call('account/login', { email: 'demo@kolscope.local', passwd: 'kolscope-demo' });
    token = (login.data as { token: string } | null)?.token ?? '';
    if (!token) throw new Error(`sign-in failed: ${JSON.stringify(login)}\n${out}`);
    // The wire is snake_case.
    const views = (await call('view/v2/list')).data as { view_id: string; view_type: string }[];
    const ranking = views.find((v) => v.view_type === 'hot_coins');
    const feed = views.find((v) => v.view_type === 'content_feed');
    if (!ranking || !feed) throw new Error(`no ranking or feed view: ${JSON.stringify(views)}`);

    const samples = { loading: [] as number[], after: [] as number[] };
    const perCall = new Map<string, { loading: number[]; after: number[] }>();
    let hotAt = 0;
    let feedAt = 0;
    let loadedAt = 0;
    const mix: [string, () => Promise<{ ms: number; data: never }>][] = [
      ['account/info', () => call('account/info')],
      ['view/v2/list', () => call('view/v2/list')],
      ['view/ranking_list', () => call('view/ranking_list', { view_id: ranking.view_id, next_cb: '' })],
      ['view/v2/tweets', () => call('view/v2/tweets', { view_id: feed.view_id, next_cb: '' })],
      ['system/history', () => call('system/history')],
      [
        'GET /',
        async () => {
          const t = performance.now();
          await fetch(`${base}/`).then((r) => r.text());
          return { ms: performance.now() - t, data: undefined as never };
        },
      ],
    ];
    let afterRounds = 0;
    while (afterRounds < AFTER_ROUNDS) {
      const health = (await fetch(`${base}/healthz`).then((r) => r.json())) as Health;
      // A server without the history field (before it existed): a source catching up is loading.
      const loading = health.history?.loading ?? Object.values(health.sources ?? {}).some((s) => s === 'catching_up');
      if (!loading && !loadedAt) loadedAt = performance.now();
      for (const [name, fn] of mix) {
        const { ms, data } = await fn();
        const phase = loading ? 'loading' : 'after';
        samples[phase].push(ms);
        const entry = perCall.get(name) ?? { loading: [], after: [] };
        entry[phase].push(ms);
        perCall.set(name, entry);
        if (name === 'view/ranking_list' && !hotAt && (data as { list: unknown[] }).list.length > 0) {
          hotAt = performance.now();
        }
        if (name === 'view/v2/tweets' && !feedAt) {
          const newest = (data as { list: { ct: number }[] }).list[0];
          if (newest && Date.now() / 1000 - newest.ct < 3600) feedAt = performance.now();
        }
      }
      await sleep(THINK_MS); // a page's calls come in a burst, then the user reads
      if (loadedAt) afterRounds++;
    }
    const rel = (t: number) => (t ? `${((t - firstAnswer) / 1000).toFixed(1)} s` : 'never');
    console.log(`${label}: Hot Coins non-empty ${rel(hotAt)}, All KOLs post < 1 h old ${rel(feedAt)}`);
    console.log(`${label}: history loaded ${rel(loadedAt)} after the first answer`);
    const fmt = (xs: number[]) =>
      xs.length ? `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms (n=${xs.length})` : 'n=0';
    console.log(`${label}: all calls while loading: ${fmt(samples.loading)}; after: ${fmt(samples.after)}`);
    for (const [name, e] of perCall)
      console.log(`  ${name.padEnd(18)} loading ${fmt(e.loading)}; after ${fmt(e.after)}`);
    const progress = out.split('\n').filter((l) => /loading history|history loaded/.test(l));
    console.log(
      `${label}: console progress lines: ${progress.length}, e.g. ${progress[0] ?? '-'} / ${progress.at(-1)}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('first_minute', runOnce);
