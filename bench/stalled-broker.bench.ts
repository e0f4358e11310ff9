/**
 * Sign-out and view edits with a stalled event broker (issue 34 item 3: the probe saw logout
 * wait 45 s and `view/add` 45 s then 503 while Redis accepted connections and answered nothing).
 * `node bench/run.mjs stalled-broker` starts the real buildApp and services on the embedded
 * database in this process, its event bus on Redis (BENCH_EVENTS_URL, default
 * redis://127.0.0.1:6379) through a loopback proxy that can stall (it holds every byte: the
 * broker is connected and silent, as under CLIENT PAUSE), and a second bus straight to Redis
 * playing another API process. Over HTTP it times BENCH_N (default 20) sign-outs and view adds
 * with the broker answering, then with it stalled for BENCH_STALL_S (default 20) seconds, and
 * how long after the broker answers again the other process hears the revocations. Prints the
 * load average. Before the fix each call waited the whole stall.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { openPglite } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { PUBLISH_TIMEOUT_MS, redisBus } from '../apps/server/src/services/events/redis';
import { EVENTS_CHANNEL } from '../apps/server/src/services/events/wire';
import { startTcpProxy } from '../apps/server/test/events/tcp-proxy';
import { benchServices, benchUser, percentile } from './support/bench-services';
import { loadAverage, sleep } from './support/started-server';

const N = Number(process.env.BENCH_N ?? 20);
const STALL_S = Number(process.env.BENCH_STALL_S ?? 20);
const redisUrl = new URL(process.env.BENCH_EVENTS_URL ?? 'redis://127.0.0.1:6379');

const dir = mkdtempSync(join(tmpdir(), 'kolscope-stall-'));
const db = await openPglite(join(dir, 'db'));
await migrate(db);
const channel = `${EVENTS_CHANNEL}:bench-${randomUUID()}`;
const proxy = await startTcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
const bus = redisBus(proxy.url, (line) => console.log(`  [bus] ${line}`), channel);
const other = redisBus(redisUrl.toString(), () => {}, channel);
let heard = 0;
other.subscribe((e) => {
  if (e.type === 'session_revoked') heard++;
});
const services = benchServices(db, { events: bus });
const app = await buildApp({ services, secureCookies: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webapi/v1`;
for (let i = 0; i < 500 && !(bus.connected && other.connected); i++) await sleep(10);

async function post(path: string, body: unknown, token?: string) {
  const started = performance.now();
  const res = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { cookie: `token=${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { ret: number; data?: { token?: string } };
  return { ms: performance.now() - started, status: res.status, json };
}

async function signedIn(): Promise<string> {
  const user = await benchUser(services, 'stall');
  const res = await post('account/login', { email: user.email, passwd: 'bench-pass' });
  const token = res.json.data?.token;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(res.json)}`);
  return token;
}

const VIEW = { name: 'v', view_type: 'content_feed', matching_rules: [{ type: 'keywords', rules: [{ value: 'x' }] }] };

async function round(label: string) {
  const tokens: string[] = [];
  for (let i = 0; i < N; i++) tokens.push(await signedIn());
  const adds: number[] = [];
  const logouts: number[] = [];
  const statuses = new Map<string, number>();
  const count = (s: string) => statuses.set(s, (statuses.get(s) ?? 0) + 1);
  for (const token of tokens) {
    const add = await post('view/add', VIEW, token);
    adds.push(add.ms);
    count(`view/add ${add.status}/${add.json.ret}`);
    const out = await post('account/logout', {}, token);
    logouts.push(out.ms);
    count(`logout ${out.status}/${out.json.ret}`);
  }
  const show = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, max ${s.at(-1)?.toFixed(1)} ms`;
  };
  console.log(`${label}: view/add ${show(adds)}; logout ${show(logouts)}`);
  console.log(`  answers: ${[...statuses].map(([k, v]) => `${k} × ${v}`).join(', ')}`);
}

console.log(`stalled-broker: ${N} view adds and sign-outs a round; publish bound ${PUBLISH_TIMEOUT_MS} ms`);
console.log(`load average at start: ${loadAverage()}`);
await round('broker answering');
heard = 0;
proxy.stall();
const stalledAt = performance.now();
await round('broker stalled');
console.log(`  round done ${((performance.now() - stalledAt) / 1000).toFixed(1)} s into the stall`);
const left = STALL_S * 1000 - (performance.now() - stalledAt);
if (left > 0) await sleep(left);
console.log(`  revocations heard by the other process during the stall: ${heard}`);
const unstalled = performance.now();
proxy.unstall();
for (let i = 0; i < 3000 && heard < N; i++) await sleep(10);
console.log(
  `broker answering again after ${STALL_S} s: the other process heard ${heard}/${N} revocations within ${(performance.now() - unstalled).toFixed(0)} ms`,
);
console.log(`load average at end: ${loadAverage()}`);

await app.close();
await bus.close();
await other.close();
await proxy.close();
await db.close();
rmSync(dir, { recursive: true, force: true });
