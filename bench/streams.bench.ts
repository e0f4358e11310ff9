/**
 * Open live streams in one API process (issue 18 §2; target 10,000 with flat memory).
 * `node bench/run.mjs streams [N]` starts one API process (this file with `server`: the real
 * buildApp and services on the embedded database, demo account seeded, STREAM_MAX_PER_USER raised
 * so one account may hold them all) and, from this separate client process, opens N (default
 * 10,000) SSE streams over plain http. It prints the server's RSS and heap (after a GC) at
 * 0, 1k, 5k and N streams and after a few broadcast hints, and how long one hint took to reach
 * every stream (the server's write loop, and from the publish to the last stream's bytes, which
 * includes the 300 ms merge window). Both processes need `ulimit -n` above N.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Mem {
  rss: number;
  heapUsed: number;
  streams: number;
  fanOutMs: number;
}
type ToServer = { type: 'mem' } | { type: 'hint'; n: number };
type FromServer = { type: 'ready'; port: number; token: string } | ({ type: 'mem' } & Mem) | { type: 'hinted' };

if (process.argv[2] === 'server') await server();
else await client(Number(process.argv[2] ?? 10_000));

async function server() {
  const { loadConfig } = await import('../apps/server/src/config');
  const { openRuntime } = await import('../apps/server/src/runtime');
  const { seed } = await import('../apps/server/src/seed');
  const { buildApp } = await import('../apps/server/src/app');
  const config = loadConfig(process.env);
  const rt = await openRuntime(config, () => {});
  await seed(rt.services, { demo: true });
  const app = await buildApp({ services: rt.services, secureCookies: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const login = await app.inject({
    method: 'POST',
    url: '/webapi/v1/account/login',
    payload: { email: 'demo@kolscope.local', passwd: 'kolscope-demo' },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const send = (m: FromServer) => process.send?.(m);
  process.on('message', (m: ToServer) => {
    if (m.type === 'mem') {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      send({
        type: 'mem',
        rss,
        heapUsed,
        streams: rt.services.stream.count(),
        fanOutMs: rt.services.stream.lastFanOutMs(),
      });
    } else if (m.type === 'hint') {
      const ids = Array.from({ length: m.n }, (_, i) => `bench-${Date.now()}-${i}`);
      rt.services.events.publish({ type: 'posts_stored', ids, coins: ['BTC', 'ETH'], authors: [] });
      send({ type: 'hinted' });
    }
  });
  process.on('disconnect', async () => {
    await app.close();
    await rt.close();
    process.exit(0);
  });
  send({ type: 'ready', port, token });
}

async function client(n: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kolscope-streams-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    STREAM_MAX_CONNECTIONS: String(n),
    STREAM_MAX_PER_USER: String(n),
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', process.argv[1]!, 'server'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: FromServer[] = [];
  const waiters: (() => void)[] = [];
  child.on('message', (m: FromServer) => {
    inbox.push(m);
    for (const w of waiters.splice(0)) w();
  });
  child.on('exit', (code) => {
    if (code) console.error(`server exited with ${code}`);
  });
  async function next<T extends FromServer['type']>(type: T): Promise<Extract<FromServer, { type: T }>> {
    for (;;) {
      const i = inbox.findIndex((m) => m.type === type);
      if (i >= 0) return inbox.splice(i, 1)[0] as Extract<FromServer, { type: T }>;
      await new Promise<void>((r) => waiters.push(r));
    }
  }
  const mb = (b: number) => (b / 1e6).toFixed(1);
  const report = async (label: string) => {
    child.send({ type: 'mem' });
    const m = await next('mem');
    console.log(
      `${label.padEnd(24)} streams ${String(m.streams).padStart(6)}  rss ${mb(m.rss)} MB  heap ${mb(m.heapUsed)} MB`,
    );
    return m;
  };

  const { port, token } = await next('ready');
  const sockets: Socket[] = [];
  /** `event: posts` seen per socket (counted on the bytes; a chunk boundary inside the name is counted by carrying the tail). */
  const postsSeen: number[] = [];
  let allSeenWaiter: (() => void) | undefined;
  let target = 0;
  const seenBy = () => postsSeen.filter((c) => c >= target).length;

  function open(i: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1');
      let head = true;
      let tail = '';
      postsSeen[i] = 0;
      s.setEncoding('utf8');
      s.on('connect', () =>
        s.write(
          `GET /webapi/v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: token=${token}\r\nAccept: text/event-stream\r\n\r\n`,
        ),
      );
      s.on('data', (chunk: string) => {
        const text = tail + chunk;
        if (head) {
          if (!text.startsWith('HTTP/1.1 200')) return reject(new Error(`stream ${i}: ${text.slice(0, 200)}`));
          if (!text.includes('retry:')) {
            tail = text;
            return;
          }
          head = false;
          resolve();
        }
        const found = text.split('event: posts').length - 1;
        if (found) {
          postsSeen[i]! += found;
          if (allSeenWaiter && postsSeen[i] === target && seenBy() === n) allSeenWaiter();
        }
        tail = text.slice(-12);
      });
      s.on('error', reject);
      sockets.push(s);
    });
  }

  await report('no streams');
  const marks = new Set([1000, 5000, n]);
  const BATCH = 250;
  const t0 = performance.now();
  for (let i = 0; i < n; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, n - i) }, (_, k) => open(i + k)));
    if (marks.has(i + BATCH) || i + BATCH >= n) {
      const opened = Math.min(i + BATCH, n);
      if (marks.has(opened)) await report(`${opened} streams open`);
    }
  }
  console.log(`opened ${n} streams in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (let round = 1; round <= 3; round++) {
    target = round;
    const all = new Promise<void>((r) => {
      allSeenWaiter = r;
    });
    const sent = performance.now();
    child.send({ type: 'hint', n: 50 });
    await all;
    const ms = performance.now() - sent;
    const m = await report(`after hint ${round}`);
    console.log(
      `  hint ${round}: every stream had it ${ms.toFixed(0)} ms after the publish (300 ms of it the merge window); server write loop ${m.fanOutMs.toFixed(1)} ms`,
    );
  }
  for (const s of sockets) s.destroy();
  child.disconnect();
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
