/**
 * Issue 13: push/subscribe took endpoints on internal addresses and the server connected to them
 * (SSRF). Endpoints must be https, without credentials, on public addresses: checked at subscribe,
 * and again for the address actually connected at send time (DNS can change in between).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushRepo } from '../../src/db/repos/push';
import type { Resolver } from '../../src/security/addresses';
import { pushService } from '../../src/services/notifications/push';
import { registerAndLogin, startTestApp, type TestApp } from '../support/test-app';
import { startPushEndpoint } from './push-endpoint';

/** A DNS the test controls; names it does not know do not exist. */
const dns = new Map<string, string[]>([
  ['push.example.com', ['93.184.216.34']],
  ['localhost', ['127.0.0.1', '::1']],
  // One public and one private answer: the connection could use either.
  ['mixed.example.com', ['93.184.216.34', '10.0.0.5']],
  // A name whose only answer is IPv4-compatible IPv6 of the metadata service.
  ['compat.example.com', ['::a9fe:a9fe']],
]);
const resolve: Resolver = async (name) => {
  const found = dns.get(name);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return found;
};

let t: TestApp;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
let session: string;
beforeAll(async () => {
  // http allowed so the local push service below can be reached; private addresses are not.
  t = await startTestApp({ push: { allowHttpEndpoints: true, resolve } });
  endpoint = await startPushEndpoint();
  session = await registerAndLogin(t, 'pusher@example.com');
});
afterAll(async () => {
  await t.close();
  await endpoint.close();
});

describe('push endpoint addresses', () => {
  it.each([
    'https://127.0.0.1:8443/push/1',
    'https://localhost:8443/push/1',
    'https://2130706433:8443/push/1',
    'https://0x7f000001/push/1',
    'https://0177.0.0.1/push/1',
    'https://127.1/push/1',
    'https://[::1]/push/1',
    'https://[::ffff:127.0.0.1]/push/1',
    'https://[::ffff:a00:1]/push/1',
    // Issue 34: IPv6 forms carrying a private IPv4 address.
    'https://[::127.0.0.1]/push/1',
    'https://[::a9fe:a9fe]/latest/meta-data',
    'https://[::ffff:0:127.0.0.1]/push/1',
    'https://[64:ff9b::10.0.0.1]/push/1',
    'https://[64:ff9b:1::a00:1]/push/1',
    'https://[2002:a9fe:a9fe::1]/push/1',
    'https://compat.example.com/push/1',
    'https://0.0.0.0/push/1',
    'https://10.1.2.3/push/1',
    'https://172.16.0.1/push/1',
    'https://192.168.1.1/push/1',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/push/1',
    'https://[fe80::1]/push/1',
    'https://[fd12:3456::1]/push/1',
    'https://224.0.0.1/push/1',
    'https://[ff02::1]/push/1',
    'https://mixed.example.com/push/1',
    'https://nowhere.invalid/push/1',
    'https://user:pass@push.example.com/push/1',
    'https://token@push.example.com/push/1',
    'ftp://push.example.com/push/1',
  ])('refuses %s with a field error', async (url) => {
    const res = await t.call(
      'push/subscribe',
      { ...endpoint.browser('/x').subscription, endpoint: url },
      { token: session },
    );
    expect(res.status).toBe(400);
    expect(res.body.ret).toBe(400);
    expect(res.body.msg).toMatch(/^endpoint: /);
    expect(await t.db.query('SELECT 1 FROM push_subscriptions')).toEqual([]);
  });

  it('accepts an https endpoint whose name resolves to public addresses', async () => {
    const sub = { ...endpoint.browser('/x').subscription, endpoint: 'https://push.example.com/send/abc' };
    expect((await t.call('push/subscribe', sub, { token: session })).body).toEqual({ ret: 1, data: null });
    await t.call('push/unsubscribe', { endpoint: sub.endpoint }, { token: session });
  });

  it('does not connect when the name resolves to a private address at send time', async () => {
    const port = new URL(endpoint.browser('/').subscription.endpoint).port;
    const userId = (await t.services.sessions.userIdOf(session)) as number;
    const browser = endpoint.browser('/rebind');
    // At subscribe time the name is public ...
    dns.set('rebind.example.com', ['93.184.216.34']);
    const sub = { ...browser.subscription, endpoint: `http://rebind.example.com:${port}/rebind` };
    expect((await t.call('push/subscribe', sub, { token: session })).body.ret).toBe(1);
    // ... then it points at the server's own machine, where the local push service listens.
    dns.set('rebind.example.com', ['127.0.0.1']);
    const message = () => ({ title: 't', body: 'b', url: '/', tag: 'x' });
    expect(await t.services.push.sendToUser(userId, message)).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(endpoint.received.filter((r) => r.path === '/rebind')).toEqual([]);

    // A subscription stored before the check existed, on an IP literal, is refused too.
    await pushRepo(t.db).subscribe(
      { userId, endpoint: `http://127.0.0.1:${port}/rebind`, ...sub.keys, lang: 'en' },
      t.clock.now(),
    );
    expect(await t.services.push.sendToUser(userId, message)).toEqual({ sent: 0, gone: 0, failed: 2 });
    expect(endpoint.received.filter((r) => r.path === '/rebind')).toEqual([]);

    // The control: with PUSH_ALLOW_PRIVATE the same subscriptions are delivered.
    const lan = pushService({
      db: t.db,
      clock: t.clock,
      log: () => {},
      options: { allowHttpEndpoints: true, allowPrivate: true, resolve },
    });
    expect(await lan.sendToUser(userId, message)).toEqual({ sent: 2, gone: 0, failed: 0 });
    expect(browser.messages()).toHaveLength(2);
  });
});
