/**
 * Issue 34 item 3, the attack: a Redis that accepts and never answers held every logout and view
 * edit (45 s each in the probe, then a 503). Through a proxy the test stalls (it lets nothing
 * through until told), sign-out and view edits must answer while the broker is still silent, the
 * signed-out stream of this process must close at once, and another process must hear the
 * revocation when the broker answers again (a stall that ends in a break: redis-bus.test.ts). Skipped with the reason when no Redis answers.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisBus } from '../../src/services/events/redis';
import type { AppEvent, EventBus } from '../../src/services/events/types';
import { EVENTS_CHANNEL } from '../../src/services/events/wire';
import { openStream } from '../support/sse-client';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { reachable, startTcpProxy, testRedis } from './tcp-proxy';

const redis = testRedis();
const available = await reachable(redis.host, redis.port);
if (!available)
  console.warn(`stalled-broker.test: skipped, no Redis answers at ${redis.host}:${redis.port} (TEST_EVENTS_URL)`);

/** Resolves when `ok()` holds, checking every 10 ms, at most `tries` times (a bound, not a speed claim). */
async function until(ok: () => boolean, what: string, tries = 2000) {
  for (let i = 0; i < tries; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!available)('a stalled event broker', () => {
  const channel = `${EVENTS_CHANNEL}:test-${randomUUID()}`;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let bus: EventBus;
  let other: EventBus;
  let t: TestApp;
  const heardElsewhere: AppEvent[] = [];

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: redis.host, port: redis.port });
    bus = redisBus(proxy.url, () => {}, channel, { publishTimeoutMs: 100 });
    // Another process, whose own link to the broker is fine.
    other = redisBus(redis.url, () => {}, channel);
    other.subscribe((e) => heardElsewhere.push(e));
    t = await startTestApp({ events: bus });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await until(() => bus.connected && other.connected, 'both buses connected');
  });
  afterAll(async () => {
    proxy.unstall();
    await t.close();
    await bus.close();
    await other.close();
    await proxy.close();
  });

  it('holds neither sign-out nor a view edit; the revocation reaches the other process late', async () => {
    const token = await registerAndLogin(t, 'stalled@example.com');
    const port = (t.app.server.address() as AddressInfo).port;
    const stream = await openStream(port, { token });
    expect(stream.status).toBe(200);
    await until(() => t.services.stream.count() === 1, 'the stream admitted');

    proxy.stall();
    const added = await t.call(
      'view/add',
      { name: 'v', viewType: 'content_feed', matchingRules: [{ type: 'keywords', rules: [{ value: 'x' }] }] },
      { token },
    );
    expect(added.body.ret).toBe(1);
    const out = await t.call('account/logout', {}, { token });
    expect(out.body).toEqual({ ret: 1, data: null });
    // Both answered while the broker still had not seen a byte of their events: the view edit's
    // PUBLISH waits in the stall, and the bus, silent since, keeps the revocation for later.
    expect(proxy.heldText()).toContain('view_changed');
    expect(bus.connected).toBe(false);
    expect(heardElsewhere.some((e) => e.type === 'session_revoked')).toBe(false);
    // This process closed the signed-out stream at once, and refuses the token.
    await stream.ended;
    expect(t.services.stream.count()).toBe(0);
    expect((await t.call('account/info', {}, { token })).status).toBe(401);

    proxy.unstall();
    await until(() => heardElsewhere.some((e) => e.type === 'session_revoked'), 'the revocation elsewhere');
  });
});
