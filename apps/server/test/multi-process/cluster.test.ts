/**
 * Issue 18 §1 end to end: three API processes and two workers on one PostgreSQL schema and one
 * Redis (EVENTS_URL, through a TCP proxy the test cuts). Every API trusts its caches of sessions
 * and views for 600 s (CACHE_TTL_SECONDS), so a change seen sooner is the event's doing. A fourth
 * API with a 2 s TTL shows what a process without events falls back to. Runs with the PostgreSQL
 * suite (TEST_DATABASE_URL) and a Redis (TEST_EVENTS_URL, else 127.0.0.1:6379); every wait is on
 * a log line or an answer, bounded.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../src/db/db';
import { pushRepo } from '../../src/db/repos/push';
import { FLUSH_INTERVAL_MS } from '../../src/services/notifications/notifier';
import { createServices } from '../../src/services/index';
import { startPushEndpoint } from '../notifications/push-endpoint';
import { reachable, startTcpProxy, testRedis } from '../events/tcp-proxy';
import { type Kolscope, startKolscope } from './processes';

const pgUrl = process.env.TEST_DATABASE_URL;
const redis = testRedis();
const redisUp = Boolean(pgUrl) && (await reachable(redis.host, redis.port));
if (pgUrl && !redisUp) console.warn(`cluster.test: skipped, no Redis answers at ${redis.host}:${redis.port}`);

const TTL_SECONDS = 600;
const schema = `cluster_${randomBytes(5).toString('hex')}`;
let dataDir = '';
const PASSWORD = 'cluster-pass';

let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let db: Db;
const processes: Kolscope[] = [];
const api: Kolscope[] = [];
let apiShort: Kolscope;
let users = 0;

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    DATABASE_URL: `${pgUrl}${pgUrl?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    EVENTS_URL: proxy.url,
    CACHE_TTL_SECONDS: String(TTL_SECONDS),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    CLASSIFIER: 'rules',
    PRICE_SOURCE: 'none',
    SOURCES: 'demo',
    DEMO_POSTS_PER_DAY: '1000',
    // The test's push service is on 127.0.0.1.
    PUSH_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

async function start(name: string, role: 'api' | 'worker', extra?: NodeJS.ProcessEnv) {
  const p = await startKolscope(name, role, env(extra));
  processes.push(p);
  await p.waitFor(role === 'api' ? /kolscope is running on/ : /worker started/, 1, 240_000);
  return p;
}

/** A new account, signed in through `on`: its id and session token. */
async function signedIn(on: Kolscope) {
  users++;
  const email = `cluster${users}@example.com`;
  const services = createServices({
    db,
    mailer: { send: async () => {}, close: () => {} },
    config: { innerCodes: [], adminEmails: [], smtpUrl: 'smtp://unused' },
  });
  await services.accounts.createDirect(email, PASSWORD, { isAdmin: false, lang: 'en' });
  const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  const login = await on.call('account/login', { email, passwd: PASSWORD });
  expect(login.body.ret, JSON.stringify(login.body)).toBe(1);
  return { userId: row!.id, token: (login.body.data as { token: string }).token };
}

const signedInStatus = async (p: Kolscope, token: string) => (await p.call('account/info', {}, token)).status;

/**
 * Asks each process until it refuses the token; the milliseconds it took for the last one. The
 * bound is a tenth of the caches' TTL: refused sooner is the event's doing, not the TTL's.
 */
async function refusedBy(ps: Kolscope[], token: string, boundMs = (TTL_SECONDS * 1000) / 10) {
  const started = performance.now();
  for (const p of ps) {
    while ((await signedInStatus(p, token)) !== 401) {
      if (performance.now() - started > boundMs) throw new Error(`${p.name} still accepts the session`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  return Math.round(performance.now() - started);
}

/** Checks `ok` every 50 ms until it holds; fails after `boundMs` (a bound, not a speed claim). */
async function until(ok: () => boolean, what: string, boundMs: number) {
  const started = performance.now();
  while (!ok()) {
    if (performance.now() - started > boundMs) throw new Error(`no ${what} within ${boundMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const viewName = async (p: Kolscope, token: string, viewId: string) => {
  const res = await p.call('view/info', { viewId }, token);
  expect(res.body.ret, JSON.stringify(res.body)).toBe(1);
  return (res.body.data as { name: string }).name;
};

beforeAll(async () => {
  if (!redisUp) return;
  dataDir = mkdtempSync(join(tmpdir(), 'kolscope-cluster-'));
  const admin = await openPostgres(pgUrl!, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  await admin.close();
  proxy = await startTcpProxy({ host: redis.host, port: redis.port });
  endpoint = await startPushEndpoint();
  // The first start migrates the schema (and builds the server bundle when stale): alone.
  api.push(await start('api1', 'api'));
  api.push(...(await Promise.all([start('api2', 'api'), start('api3', 'api')])));
  apiShort = await start('api-short-ttl', 'api', { CACHE_TTL_SECONDS: '2' });
  db = await openPostgres(pgUrl!, { searchPath: schema, max: 2 });
}, 300_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await db?.close();
  await proxy?.close();
  await endpoint?.close();
  if (redisUp) {
    const admin = await openPostgres(pgUrl!, { max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!redisUp)('three APIs and two workers on one database and one Redis', () => {
  it('a logout on one API is refused by the others long before their caches would let it go', async () => {
    const [a1, a2, a3] = api as [Kolscope, Kolscope, Kolscope];
    const { token } = await signedIn(a1);
    // Both have looked the session up: it sits in their caches for TTL_SECONDS.
    expect(await signedInStatus(a2, token)).toBe(200);
    expect(await signedInStatus(a3, token)).toBe(200);
    expect((await a1.call('account/logout', {}, token)).body.ret).toBe(1);
    const ms = await refusedBy([a2, a3], token);
    console.log(`cluster: logout on api1 refused by api2 and api3 after ${ms} ms (cache TTL ${TTL_SECONDS} s)`);
  });

  it('a view edited through one API is served changed by the others', async () => {
    const [a1, a2, a3] = api as [Kolscope, Kolscope, Kolscope];
    const { token } = await signedIn(a1);
    const rules = [{ type: 'coins', rules: [{ label: 'BTC', value: 'BTC' }] }];
    const added = await a1.call('view/add', { name: 'Coins A', viewType: 'content_feed', matchingRules: rules }, token);
    expect(added.body.ret, JSON.stringify(added.body)).toBe(1);
    const viewId = (added.body.data as { view_id: string; name: string }[]).find((v) => v.name === 'Coins A')!.view_id;
    expect(await viewName(a2, token, viewId)).toBe('Coins A');
    expect(await viewName(a3, token, viewId)).toBe('Coins A');
    const update = { viewId, name: 'Coins B', viewType: 'content_feed', matchingRules: rules };
    expect((await a1.call('view/update', update, token)).body.ret).toBe(1);
    // The next request normally sees it; the event crosses Redis while the update's answer
    // travels back, so a loaded machine may need a few more. Counted, and bounded far below the TTL.
    const started = performance.now();
    let asks = 0;
    for (const p of [a2, a3]) {
      while ((await viewName(p, token, viewId)) !== 'Coins B') {
        asks++;
        expect(performance.now() - started).toBeLessThan((TTL_SECONDS * 1000) / 10);
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    console.log(`cluster: edited view served changed by api2 and api3 (${asks} extra asks)`);
  });

  it('without the broker processes serve from their caches, and when it returns events flow again', async () => {
    const [a1, a2, a3] = api as [Kolscope, Kolscope, Kolscope];
    const { token } = await signedIn(a1);
    expect(await signedInStatus(a2, token)).toBe(200);
    expect(await signedInStatus(apiShort, token)).toBe(200);

    proxy.cut();
    await Promise.all([...api, apiShort].map((p) => p.waitFor(/events: lost the connection/, 1, 30_000)));
    // Logout still works (the database is there); the others miss the event.
    expect((await a1.call('account/logout', {}, token)).body.ret).toBe(1);
    // The short-TTL API lets the session go once its cache expires...
    const shortMs = await refusedBy([apiShort], token, 60_000);
    console.log(`cluster: broker away, the 2 s-TTL API refused the session after ${shortMs} ms`);
    // ...while the long-TTL one, with no event, still trusts it: the caches are all there is.
    expect(await signedInStatus(a2, token)).toBe(200);
    // And every process keeps serving.
    const other = await signedIn(a3);
    expect(await signedInStatus(a2, other.token)).toBe(200);

    proxy.restore();
    // Back: each process drops its caches (events may have been missed), so api2 refuses now.
    await a2.waitFor(/events: connection back/, 1, 30_000);
    expect(await signedInStatus(a2, token)).toBe(401);
    await Promise.all([a1, a3].map((p) => p.waitFor(/events: connection back/, 1, 30_000)));
    // And the next logout crosses at once again.
    expect(await signedInStatus(a2, other.token)).toBe(200);
    expect(await signedInStatus(a3, other.token)).toBe(200);
    expect((await a3.call('account/logout', {}, other.token)).body.ret).toBe(1);
    const ms = await refusedBy([a1, a2], other.token);
    console.log(`cluster: after the broker returned, a logout on api3 was refused elsewhere after ${ms} ms`);
  });

  it('two workers and every API flushing pushes never push the same matches twice', { timeout: 240_000 }, async () => {
    const [a1] = api as [Kolscope];
    const { userId, token } = await signedIn(a1);
    const words = ['the', 'is', 'on', 'BTC', 'ETH', 'DOGE', 'SHIB'];
    const added = await a1.call(
      'view/add',
      {
        name: 'cluster alerts',
        viewType: 'notification',
        matchingRules: [{ type: 'keywords', rules: words.map((value) => ({ value })) }],
        dataSources: ['x'],
        notificationEnabled: true,
        // One push an hour at most: any second push during this test would be a duplicate.
        updateFreqSeconds: 3600,
      },
      token,
    );
    expect(added.body.ret, JSON.stringify(added.body)).toBe(1);
    // A browser of the user on the test's push service. Straight into the database: the API
    // accepts https push services only, and this one is local http.
    const browser = endpoint.browser('/push/cluster');
    await pushRepo(db).subscribe(
      { userId, endpoint: browser.subscription.endpoint, ...browser.subscription.keys, lang: 'en' },
      new Date(),
    );
    // Both run the demo source against the one schema: the source's lease lets one collect at a
    // time, and every process (both workers, every API) flushes held-back pushes every 15 s.
    const workers = await Promise.all([
      start('worker1', 'worker', { LOG_LEVEL: 'debug' }),
      start('worker2', 'worker', { LOG_LEVEL: 'debug' }),
    ]);
    const batches = () => workers.reduce((n, w) => n + (w.output().match(/demo: stored a batch/g)?.length ?? 0), 0);
    // The newest posts come first: three batches hold every post young enough to push.
    await until(() => batches() >= 3 && browser.messages().length > 0, 'three batches and a push', 150_000);
    expect(browser.messages()).toHaveLength(1);
    expect(browser.messages()[0]!.title).toBe('cluster alerts');

    // The workers stop first: a post they store now would add to the held-back matches below and
    // replace their text, which is what this part reads.
    await Promise.all(workers.map((w) => w.stop()));
    // Matches held back, now due: every API process's timer races to claim them; one push goes out.
    const [view] = await db.query<{ id: number }>(
      `SELECT id FROM views WHERE user_id = $1 AND view_type = 'notification'`,
      [userId],
    );
    await db.query(
      `UPDATE notification_push_state SET pending = 5, pending_title = '@due', pending_body = 'held back',
         last_push_at = now() - interval '2 hours' WHERE view_id = $1`,
      [view!.id],
    );
    await until(() => browser.messages().length >= 2, 'the held-back push', 60_000);
    // Every process's timer ticks at least once more in this span: a second claim would show.
    await new Promise((r) => setTimeout(r, FLUSH_INTERVAL_MS + 5000));
    const pushes = browser.messages();
    console.log(`cluster: ${pushes.length} pushes after ${batches()} batches from two workers`);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.body).toContain('held back');
    expect(pushes[1]!.body).toContain('+4');
  });
});
