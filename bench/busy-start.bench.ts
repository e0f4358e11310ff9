/**
 * The first minutes of a fresh `npm start` on a busy machine, as issue 32 measures them: the real
 * server (the built CLI, role all, demo source) on a fresh data folder with BENCH_HOGS CPU hogs
 * beside it (default 2: both cores busy), and BENCH_USERS signed-in users (default 3) going round
 * the product's screens for BENCH_MINUTES (default 5) while the history loads: home, Hot Coins,
 * a coin report, a group save, a KOL profile, a group leaderboard, then BENCH_THINK_MS (1,500) of
 * reading before the next screen. Every call is timed from outside; it prints p50, p95 and the
 * slowest call, per call and in all, and how many answered 503 (a request that waited too long
 * for the database) or failed otherwise.
 *
 * Beside them, every BENCH_BROWSER_EVERY_S seconds (default 60, and once at the start) a new
 * visitor in Chromium at 390x844 signs in through the login form: the time from the tap on
 * "sign in" to the first content of the first tab (a post or a ranking row) is printed.
 *
 * Runs on the embedded database, and on PostgreSQL (BENCH_DATABASE_URL, default the local `test`
 * database) in a schema made for the run and dropped after. `BENCH_DB=pglite|pg` runs one.
 * BENCH_SERVER=path/to/cli.js measures another build; BENCH_ENV='A=1 B=2' adds server settings;
 * BENCH_SERVER_LOG=path writes the server's output to path.<label>.
 *
 * Run: `node bench/run.mjs busy-start` (after `npm run build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, loadAverage, onEachDatabase, pct, sleep } from './support/started-server';
import { launchBrowser, newPhonePage } from '../e2e/support/browser';
import { DEMO } from '../e2e/support/session';

const root = process.env.KOLSCOPE_ROOT ?? process.cwd();
const BIN = process.env.BENCH_SERVER ?? join(root, 'apps/server/dist/cli.js');
const HOGS = Number(process.env.BENCH_HOGS ?? 2);
const USERS = Number(process.env.BENCH_USERS ?? 3);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1500);
const BROWSER_EVERY_S = Number(process.env.BENCH_BROWSER_EVERY_S ?? 60);
const EXTRA_ENV = Object.fromEntries(
  (process.env.BENCH_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

interface Sample {
  call: string;
  ms: number;
  /** HTTP status, or 0 when the request failed without one. */
  status: number;
  ret: number;
}

type Data = Record<string, unknown>;

/** One signed-in user going round the screens until `until`. */
async function user(base: string, until: number, samples: Sample[], index: number): Promise<void> {
  let token = '';
  const call = async <T = Data>(path: string, body: object = {}): Promise<T> => {
    const t = performance.now();
    let status = 0;
    let ret = -1;
    let data: unknown;
    try {
      const r = await fetch(`${base}/webapi/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      status = r.status;
      const json = (await r.json()) as { ret: number; data: unknown };
      ret = json.ret;
      data = json.data;
    } catch {
      // counted below as a failure
    }
    samples.push({ call: path, ms: performance.now() - t, status, ret });
    return data as T;
  };
  const login = await call<{ token: string }>('account/login', { email: DEMO.email, passwd: DEMO.password });
  token = login?.token ?? '';
  if (!token) throw new Error('sign-in failed');
  type ListItem = { view_id: string; view_type: string; subs?: { view_id: string }[] };
  const views = (await call<ListItem[]>('view/v2/list')) ?? [];
  const hot = views.find((v) => v.view_type === 'hot_coins');
  const feed = views.find((v) => v.view_type === 'content_feed');
  // Coin opinion views are the subs of the list's coin_opinion group; a new one when there is none.
  const coinView = (list: ListItem[]) =>
    list.filter((v) => v.view_type === 'coin_opinion').flatMap((v) => v.subs ?? [])[0];
  const report =
    coinView(views) ??
    coinView((await call<ListItem[]>('view/v2/coin_opinion_add', { coin: 'BTC', kol_group_id: '' })) ?? []);
  const groups = (await call<{ id: string }[]>('kol_group/list')) ?? [];
  const group = groups[index % Math.max(1, groups.length)];

  const screens: (() => Promise<unknown> | null)[] = [
    // Home: the calls the home page makes together.
    () =>
      Promise.all([
        call('account/info'),
        call('view/v2/list'),
        call('system/history'),
        feed ? call('view/v2/tweets', { view_id: feed.view_id, next_cb: '' }) : null,
      ]),
    () => (hot ? call('view/ranking_list', { view_id: hot.view_id, next_cb: '' }) : null),
    () =>
      report ? call('view/v2/coin_opinion_detail', { view_id: report.view_id, period: '1w', interval: '1d' }) : null,
    // A group save: its settings as they are, sent back.
    async () => {
      if (!group) return;
      const info = await call<{
        name: string;
        twitter_user_fans: [number, number];
        white_twitter_users: { id: string }[];
        black_twitter_users: { id: string }[];
      }>('kol_group/info', { group_id: group.id });
      if (!info) return;
      await call('kol_group/update', {
        group_id: group.id,
        name: info.name,
        twitter_user_fans: info.twitter_user_fans,
        white_twitter_user_ids: info.white_twitter_users.map((u) => u.id),
        black_twitter_user_ids: info.black_twitter_users.map((u) => u.id),
      });
    },
    // A profile: the author of the feed's newest post.
    async () => {
      if (!feed) return;
      const page = await call<{ list: { user: { id?: string } }[] }>('view/v2/tweets', {
        view_id: feed.view_id,
        next_cb: '',
      });
      const id = page?.list?.[0]?.user?.id;
      if (!id) return;
      await Promise.all([
        call('kol/profile', { twitter_user_id: id }),
        call('kol/track_record', { twitter_user_id: id, horizon: '7d', next_cb: '' }),
        call('kol/posts', { twitter_user_id: id, next_cb: '' }),
      ]);
    },
    () => (group ? call('kol/leaderboard', { kol_group_id: group.id, horizon: '7d', next_cb: '' }) : null),
  ];
  // Users start at different screens, so the screens overlap as they would.
  for (let i = index; performance.now() < until; i++) {
    await screens[i % screens.length]!();
    await sleep(THINK_MS);
  }
}

/** A new visitor in Chromium: from the tap on "sign in" to the first tab's first post or coin row. */
async function firstScreen(base: string): Promise<number> {
  const browser = await launchBrowser();
  try {
    const page = await newPhonePage(browser, base, 'en');
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill(DEMO.email);
    await page.getByTestId('login-password').fill(DEMO.password);
    const t = performance.now();
    await page.getByTestId('login-submit').click();
    // A post or coin row on screen. The other tabs' lists are in the page too, hidden, and the
    // ranking re-renders at each live hint while history loads: the page itself is asked.
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-testid="post-card"], [data-testid="rank-row"]')).some((e) => {
          const r = e.getBoundingClientRect();
          return r.height > 0 && r.top < window.innerHeight && r.bottom > 0;
        }),
      undefined,
      { polling: 50 },
    );
    return performance.now() - t;
  } finally {
    await browser.close();
  }
}

async function runOnce(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kolscope-busy-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    SOURCES: 'demo',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...EXTRA_ENV,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const hogs: ChildProcess[] = [];
  for (let i = 0; i < HOGS; i++) hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  console.log(`${label}: ${USERS} users, ${MINUTES} min, ${HOGS} CPU hogs; load average at start ${loadAverage()}`);
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const secs = (t: number) => ((t - t0) / 1000).toFixed(1);
  try {
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
    console.log(`${label}: first HTTP answer ${secs(firstAnswer)} s after spawn`);
    const until = firstAnswer + MINUTES * 60_000;
    const samples: Sample[] = [];
    const users = Array.from({ length: USERS }, (_, i) => user(base, until, samples, i));
    const firstScreens: string[] = [];
    const browsing = (async () => {
      while (performance.now() < until) {
        const at = secs(performance.now());
        const health = (await fetch(`${base}/healthz`).then((r) => r.json())) as { history?: { percent: number } };
        const ms = await firstScreen(base);
        firstScreens.push(`${(ms / 1000).toFixed(2)} s at ${at} s (history ${health.history?.percent ?? '?'} %)`);
        await sleep(Math.max(0, Math.min(BROWSER_EVERY_S * 1000, until - performance.now())));
      }
    })();
    await Promise.all([...users, browsing]);
    const health = (await fetch(`${base}/healthz`).then((r) => r.json())) as {
      history?: { percent: number };
      background?: Record<string, { slices: number; items: number; busyMs: number; longestMs: number }>;
    };
    const fmt = (xs: number[]) =>
      `p50 ${pct(xs, 50).toFixed(0)} ms, p95 ${pct(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (n=${xs.length})`;
    const unavailable = samples.filter((s) => s.status === 503).length;
    const failed = samples.filter((s) => s.status !== 503 && (s.status !== 200 || s.ret !== 1)).length;
    console.log(`${label}: all calls ${fmt(samples.map((s) => s.ms))}; 503: ${unavailable}; other failures: ${failed}`);
    const byCall = new Map<string, number[]>();
    for (const s of samples) byCall.set(s.call, [...(byCall.get(s.call) ?? []), s.ms]);
    for (const [name, xs] of [...byCall].sort((a, b) => pct(b[1], 95) - pct(a[1], 95)))
      console.log(`  ${name.padEnd(28)} ${fmt(xs)}`);
    const failures = new Map<string, number>();
    for (const s of samples.filter((s) => s.status !== 200 || s.ret !== 1)) {
      const key = `${s.call} HTTP ${s.status} ret ${s.ret}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
    for (const [key, n] of failures) console.log(`  failed: ${key} x${n}`);
    for (const [job, r] of Object.entries(health.background ?? {}))
      console.log(
        `  background ${job}: ${r.slices} slices, ${r.items} items, ${(r.busyMs / Math.max(1, r.slices)).toFixed(0)} ms a slice on average, longest ${r.longestMs} ms`,
      );
    console.log(`${label}: sign-in to first content in Chromium: ${firstScreens.join('; ')}`);
    console.log(
      `${label}: history at the end ${health.history?.percent ?? '?'} %; load average at the end ${loadAverage()}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    if (process.env.BENCH_SERVER_LOG) writeFileSync(`${process.env.BENCH_SERVER_LOG}.${label}`, out);
    for (const h of hogs) h.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase('busy_start', runOnce);
