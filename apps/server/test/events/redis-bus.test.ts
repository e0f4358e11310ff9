/**
 * The Redis bus on a real Redis (TEST_EVENTS_URL, else 127.0.0.1:6379; skipped with the reason
 * when none answers): two buses, as two processes, exchange events; what is not one of our
 * messages is ignored; through a proxy the test cuts, a publish during the break neither throws
 * nor waits, `connected` says so, and when the broker returns the gap is told and events flow.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisBus } from '../../src/services/events/redis';
import type { AppEvent, EventBus } from '../../src/services/events/types';
import { EVENTS_CHANNEL } from '../../src/services/events/wire';
import { reachable, startTcpProxy, testRedis } from './tcp-proxy';

const redis = testRedis();
const available = await reachable(redis.host, redis.port);
if (!available)
  console.warn(`redis-bus.test: skipped, no Redis answers at ${redis.host}:${redis.port} (TEST_EVENTS_URL)`);

/** Resolves when `ok()` holds, checking every 10 ms, at most `tries` times (a bound, not a speed claim). */
async function until(ok: () => boolean, what: string, tries = 2000) {
  for (let i = 0; i < tries; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** This run's own channel: other runs of these tests may share the Redis. */
const CHANNEL = `${EVENTS_CHANNEL}:test-${randomUUID()}`;

function collect(bus: EventBus) {
  const got: AppEvent[] = [];
  bus.subscribe((e) => got.push(e));
  return got;
}

describe.skipIf(!available)('the Redis event bus', () => {
  const buses: EventBus[] = [];
  const logs: string[] = [];
  const open = (url: string, options: { publishTimeoutMs?: number } = {}) => {
    const bus = redisBus(url, (line) => logs.push(line), CHANNEL, options);
    buses.push(bus);
    return bus;
  };
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let raw: Redis;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: redis.host, port: redis.port });
    raw = new Redis(redis.url, { lazyConnect: true });
    await raw.connect();
  });
  // A test that failed mid-stall must not leave the next one a silent broker.
  afterEach(() => proxy.unstall());
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    raw.disconnect();
    await proxy.close();
  });

  it('carries events between two processes, each hearing its own once', async () => {
    const a = open(redis.url);
    const b = open(redis.url);
    const [gotA, gotB] = [collect(a), collect(b)];
    await until(() => a.connected && b.connected, 'both connected');
    const event: AppEvent = { type: 'view_changed', userId: 7, viewId: 9 };
    a.publish(event);
    // Delivered locally at once, before any broker round trip.
    expect(gotA).toEqual([event]);
    await until(() => gotB.length === 1, 'the event at b');
    expect(gotB).toEqual([event]);
    b.publish({ type: 'session_revoked', tokenHashes: ['ab'] });
    await until(() => gotA.length === 2, 'the event at a');
    // a never hears its own event back from Redis.
    expect(gotA).toEqual([event, { type: 'session_revoked', tokenHashes: ['ab'] }]);
  });

  it('ignores messages that are not valid events, and keeps going', async () => {
    const a = open(redis.url);
    const got = collect(a);
    await until(() => a.connected, 'connected');
    const bad = [
      'not json',
      '{}',
      JSON.stringify({ origin: 'x', event: { type: 'unknown', userId: 1 } }),
      JSON.stringify({ origin: 'x', event: { type: 'view_changed', userId: 'one', viewId: null } }),
      JSON.stringify({
        origin: 'x',
        event: { type: 'posts_stored', ids: Array(1001).fill('1'), coins: [], authors: [] },
      }),
      JSON.stringify({ origin: 'x', event: { type: 'session_revoked' } }),
      'x'.repeat(500_000),
    ];
    for (const message of bad) await raw.publish(CHANNEL, message);
    const good = { type: 'user_sessions_revoked', userId: 3 } as const;
    await raw.publish(CHANNEL, JSON.stringify({ origin: 'another-process', event: good }));
    // Redis keeps the order of one connection's messages: the good one comes after every bad one.
    await until(() => got.length > 0, 'the valid event');
    expect(got).toEqual([good]);
  });

  it('drops publishes while the broker is away, says so, and tells of the gap when it is back', async () => {
    const a = open(proxy.url);
    const b = open(redis.url);
    const gotB = collect(b);
    let gaps = 0;
    a.onGap(() => gaps++);
    await until(() => a.connected && b.connected, 'both connected');

    proxy.cut();
    await until(() => !a.connected, 'a disconnected');
    const gotA = collect(a);
    const during: AppEvent = { type: 'group_changed', userId: 1, groupId: 2 };
    const started = performance.now();
    expect(() => a.publish(during)).not.toThrow();
    // Never buffered: publishing returns at once and the event stays local.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(gotA).toEqual([during]);
    // Events from others during the break are missed by a: that is what the gap stands for.
    b.publish({ type: 'view_changed', userId: 1, viewId: null });

    proxy.restore();
    await until(() => a.connected && gaps === 1, 'a reconnected with a gap');
    const after: AppEvent = { type: 'view_changed', userId: 5, viewId: 6 };
    a.publish(after);
    await until(() => gotB.some((e) => e.type === 'view_changed' && e.userId === 5), 'the event after the break at b');
    expect(gotB).not.toContainEqual(during);
    b.publish({ type: 'notification_matched', userId: 5, viewId: 6 });
    await until(() => gotA.some((e) => e.type === 'notification_matched'), 'b reaches a again');
    expect(logs.filter((l) => l.includes('lost the connection'))).toHaveLength(1);
    expect(logs.filter((l) => l.includes('connection back'))).toHaveLength(1);
  });

  it('a stalled broker holds a publish only until its timeout; Redis runs it late when it answers', async () => {
    // Issue 34: a broker that accepts and never answers held every logout (45 s in the probe).
    const a = open(proxy.url, { publishTimeoutMs: 50 });
    const b = open(redis.url);
    const gotB = collect(b);
    await until(() => a.connected && b.connected, 'both connected');
    proxy.stall();
    const revoked: AppEvent = { type: 'session_revoked', tokenHashes: ['stalled-1'] };
    // Resolves while the broker is still stalled (the proxy lets nothing through until told).
    await a.publish(revoked);
    expect(proxy.heldText()).toContain('stalled-1');
    expect(gotB).not.toContainEqual(revoked);
    expect(a.connected).toBe(false);
    // Now the bus knows the broker is silent: the next ones wait for nothing and write nothing;
    // a revocation is kept for later, a hint is dropped.
    const second: AppEvent = { type: 'session_revoked', tokenHashes: ['stalled-2'] };
    await a.publish(second);
    await a.publish({ type: 'view_changed', userId: 1, viewId: null });
    expect(proxy.heldText()).not.toContain('stalled-2');
    proxy.unstall();
    await until(() => gotB.filter((e) => e.type === 'session_revoked').length === 2, 'both revocations at b, late');
    expect(gotB).toEqual([revoked, second]);
    await until(() => a.connected, 'a answering again');
    expect(logs.some((l) => l.includes('has not answered a publish'))).toBe(true);
  });

  it('sends a revocation again when a stall ends in a break and the broker comes back', async () => {
    const a = open(proxy.url, { publishTimeoutMs: 50 });
    const b = open(redis.url);
    const gotB = collect(b);
    await until(() => a.connected && b.connected, 'both connected');
    proxy.stall();
    await a.publish({ type: 'user_sessions_revoked', userId: 77 });
    await a.publish({ type: 'view_changed', userId: 77, viewId: null });
    expect(proxy.heldText()).toContain('user_sessions_revoked');
    // The broker goes away with both PUBLISHes unanswered: they are lost on the way.
    proxy.cut();
    await until(() => !a.connected, 'a disconnected');
    proxy.unstall();
    proxy.restore();
    await until(() => gotB.some((e) => e.type === 'user_sessions_revoked'), 'the revocation at b, sent again');
    await until(() => a.connected, 'a connected again');
    // Only revocations are kept: a view hint is worth nothing late (caches expire, screens poll).
    expect(gotB).toEqual([{ type: 'user_sessions_revoked', userId: 77 }]);
  });

  it('starts with no broker at all, and connects and hears when one appears', async () => {
    proxy.cut();
    const a = open(proxy.url);
    const b = open(redis.url);
    const gotA = collect(a);
    expect(a.connected).toBe(false);
    expect(() => a.publish({ type: 'view_changed', userId: 1, viewId: null })).not.toThrow();
    proxy.restore();
    await until(() => a.connected && b.connected, 'connected once the broker answers');
    b.publish({ type: 'notification_matched', userId: 2, viewId: 3 });
    await until(() => gotA.some((e) => e.type === 'notification_matched'), 'b reaches a');
  });

  it('hears again after a break between its SUBSCRIBE and the answer', async () => {
    // Found in CI: a cut just after the first SUBSCRIBE left the process connected but deaf.
    proxy.cutOnSend('subscribe');
    const a = open(proxy.url);
    const b = open(redis.url);
    const gotA = collect(a);
    await until(() => a.connected && b.connected, 'both connected');
    expect(proxy.cutPending).toBe(false);
    b.publish({ type: 'notification_matched', userId: 8, viewId: 9 });
    await until(() => gotA.some((e) => e.type === 'notification_matched'), 'b reaches a');
  });
});
