/**
 * The live stream over real HTTP (issue 18 §2): who may open it, which hints reach whom, the
 * merging of post hints, the bounds per user and per process, the heartbeat, and that open
 * streams take nothing from a user's share of requests. Events are published on the bus directly,
 * as the publishers (sessions, views, pipeline, notifier) do.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { requestGate } from '../../src/pipeline/request-gate';
import { hashToken } from '../../src/services/sessions';
import { until } from '../support/db-hold';
import { type OpenStream, openStream } from '../support/sse-client';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';

const gate = requestGate();
let t: TestApp;
let port: number;
let ann: string;
let bob: string;
let annId: number;
let bobId: number;
const opened: OpenStream[] = [];

async function open(token?: string, opts: { bearer?: boolean; lang?: string } = {}) {
  const s = await openStream(port, { token, ...opts });
  opened.push(s);
  return s;
}
const has = (s: OpenStream, event: string) => s.messages().some((m) => m.event === event);
const publish: TestApp['services']['events']['publish'] = (e) => t.services.events.publish(e);
/** A broadcast every stream receives: once it has arrived, every hint published before it has too. */
async function barrier(...streams: OpenStream[]) {
  const before = streams.map((s) => s.messages().filter((m) => m.event === 'posts').length);
  publish({ type: 'posts_stored', ids: ['barrier'], coins: [], authors: [] });
  await until(
    () => streams.every((s, i) => s.messages().filter((m) => m.event === 'posts').length > before[i]!),
    'the barrier hint',
  );
}

beforeAll(async () => {
  t = await startTestApp({
    // The production share: 2 running and 8 waiting per user.
    requests: { limits: { running: 2, queued: 8 }, statementTimeoutMs: 60_000 },
    stream: { maxPerUser: 6, maxConnections: 100, heartbeatMs: 200, coalesceMs: 100 },
    // A 1 s deadline for receiving a request: a stream, received at once, must outlive it.
    app: () => ({ gate, requestTimeoutSeconds: 1 }),
  });
  ann = await registerAndLogin(t, 'ann@example.com');
  bob = await registerAndLogin(t, 'bob@example.com', 'secret-pass', '10.9.0.2');
  annId = (await t.services.sessions.userIdOf(ann))!;
  bobId = (await t.services.sessions.userIdOf(bob))!;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  await until(() => t.services.stream.count() === 0, 'streams closed');
});
afterAll(() => t.close());

describe('GET /webapi/v1/stream', () => {
  it('answers 401 in the envelope when signed out or the session is unknown', async () => {
    const none = await open();
    await none.ended;
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text())).toEqual({ ret: 401, msg: expect.any(String) });
    const stale = await open('not-a-session', { lang: 'zh-CN' });
    await stale.ended;
    expect(stale.status).toBe(401);
    expect((JSON.parse(stale.text()) as { ret: number }).ret).toBe(401);
    expect(t.services.stream.count()).toBe(0);
  });

  it('opens an event stream by cookie or bearer token, with a retry field and a heartbeat', async () => {
    const byCookie = await open(ann);
    const byBearer = await open(ann, { bearer: true });
    for (const s of [byCookie, byBearer]) {
      expect(s.status).toBe(200);
      expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(s.headers['cache-control']).toContain('no-cache');
      await until(() => s.text().startsWith('retry: 5000\n'), 'the retry field');
      await until(() => s.text().includes(': keep-alive\n\n'), 'a heartbeat');
    }
    expect(t.services.stream.count(annId)).toBe(2);
  });

  it('stays open past the request timeout (it ends when the request is received)', async () => {
    const s = await open(ann);
    // Heartbeats are at least 200 ms apart: twelve of them span more than twice the 1 s deadline.
    await until(() => s.text().split(': keep-alive').length > 12, 'twelve heartbeats');
    expect(s.isEnded()).toBe(false);
    publish({ type: 'notification_matched', userId: annId, viewId: 1 });
    await until(() => has(s, 'notification'), 'a hint after the deadline');
  });

  it("sends a user's hints to that user's streams only, and post hints to everyone", async () => {
    const annA = await open(ann);
    const annB = await open(ann);
    const bobS = await open(bob);
    publish({ type: 'notification_matched', userId: annId, viewId: 7 });
    publish({ type: 'view_changed', userId: annId, viewId: 3 });
    publish({ type: 'group_changed', userId: annId, groupId: 9 });
    publish({ type: 'view_history', userId: bobId, viewId: 4, percent: 40 });
    await barrier(annA, annB, bobS);
    for (const s of [annA, annB]) {
      const hints = s.messages().filter((m) => m.event !== 'posts');
      expect(hints).toEqual([
        { event: 'notification', data: { view_id: 7 } },
        { event: 'views', data: { view_id: 3 } },
        { event: 'views', data: { view_id: null } },
      ]);
    }
    expect(bobS.messages().filter((m) => m.event !== 'posts')).toEqual([
      { event: 'view_history', data: { view_id: 4, percent: 40 } },
    ]);
    expect(has(bobS, 'notification')).toBe(false);
  });

  it('merges a burst of stored batches into one posts hint per stream', async () => {
    const s = await open(ann);
    for (let i = 0; i < 50; i++) {
      publish({ type: 'posts_stored', ids: [`a${i}`, `b${i}`], coins: i % 2 ? ['BTC'] : ['ETH', 'BTC'], authors: [] });
    }
    await until(() => has(s, 'posts'), 'the posts hint');
    // One more broadcast proves nothing of the burst was still on its way.
    await barrier(s);
    const posts = s.messages().filter((m) => m.event === 'posts');
    expect(posts).toEqual([
      { event: 'posts', data: { count: 100, coins: ['BTC', 'ETH'] } },
      { event: 'posts', data: { count: 1, coins: [] } },
    ]);
  });

  it("closes a user's oldest stream when a seventh opens", async () => {
    const streams: OpenStream[] = [];
    for (let i = 0; i < 7; i++) {
      streams.push(await open(ann));
      await until(() => streams.at(-1)!.text().includes('retry:'), 'stream open');
    }
    await streams[0]!.ended;
    expect(streams[0]!.messages().at(-1)).toEqual({ event: 'closed', data: { reason: 'replaced' } });
    expect(streams.slice(1).every((s) => !s.isEnded())).toBe(true);
    expect(t.services.stream.count(annId)).toBe(6);
    // Bob's own streams are not counted against Ann's.
    const bobS = await open(bob);
    expect(bobS.status).toBe(200);
  });

  it('closes the streams of a revoked session, and every stream of a user whose sessions all ended', async () => {
    // A second sign-in: a second session of the same user.
    const second = (await t.call('account/login', { email: 'ann@example.com', passwd: 'secret-pass' })).body.data as {
      token: string;
    };
    const first = await open(ann);
    const secondS = await open(second.token);
    const bobS = await open(bob);
    publish({ type: 'session_revoked', tokenHashes: [hashToken(ann)] });
    await first.ended;
    await barrier(secondS, bobS);
    expect(secondS.isEnded()).toBe(false);
    publish({ type: 'user_sessions_revoked', userId: annId });
    await secondS.ended;
    await barrier(bobS);
    expect(bobS.isEnded()).toBe(false);
  });

  it('lets a user with six streams open still make calls, and counts no stream as a request in flight', async () => {
    for (let i = 0; i < 6; i++) await open(bob);
    await until(() => t.services.stream.count(bobId) === 6, 'six streams');
    expect(gate.inFlight).toBe(0);
    const calls = await Promise.all(Array.from({ length: 4 }, () => t.call('kol_group/list', {}, { token: bob })));
    expect(calls.map((c) => c.body.ret)).toEqual([1, 1, 1, 1]);
  });
});

describe('the bound per process', () => {
  const settings = () => t.services.stream.settings;
  afterEach(() => {
    settings().maxConnections = 100;
    settings().maxPerUser = 6;
  });

  it('admits exactly N of N+1 streams opened at once and refuses the rest with 503, in the caller language', async () => {
    settings().maxConnections = 5;
    settings().maxPerUser = 100;
    const all = await Promise.all(Array.from({ length: 6 }, (_, i) => open(i % 2 ? ann : bob, { lang: 'zh-CN' })));
    const refused = all.filter((s) => s.status === 503);
    expect(all.filter((s) => s.status === 200)).toHaveLength(5);
    expect(refused).toHaveLength(1);
    await refused[0]!.ended;
    expect(JSON.parse(refused[0]!.text())).toEqual({ ret: 503, msg: '此服务器的实时连接已满，应用改为每分钟刷新' });
    expect(t.services.stream.count()).toBe(5);
    // A closed stream frees its place.
    all.find((s) => s.status === 200)!.close();
    await until(() => t.services.stream.count() === 4, 'one place freed');
    expect((await open(ann)).status).toBe(200);
  });
});
