/** The demo account: published password on loopback, a random one with SEED_DEMO=public. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, seed } from '../src/seed';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (passwd: string) => t.call('account/login', { email: DEMO_ACCOUNT.email, passwd }, { ip: '10.1.1.1' });

describe('demo account', () => {
  it('on a public host, the published password stops working and a seeded account gets a random one', async () => {
    // First a loopback start: the published password works, and someone keeps a session.
    const local = await seed(t.services, { demo: true });
    expect(local.demo?.password).toBe(DEMO_ACCOUNT.password);
    const before = await login(DEMO_ACCOUNT.password);
    expect(before.body.ret).toBe(1);
    const oldToken = (before.body.data as { token: string }).token;

    // Then the operator opens it to the network with SEED_DEMO=public.
    const pub = await seed(t.services, { demo: true, publicHost: true });
    const password = pub.demo?.password ?? '';
    expect(password).not.toBe(DEMO_ACCOUNT.password);
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await login(DEMO_ACCOUNT.password)).body.ret).not.toBe(1);
    expect((await t.call('account/info', {}, { token: oldToken })).status).toBe(401);
    expect((await login(password)).body.ret).toBe(1);

    // Every public start draws a new one.
    const again = await seed(t.services, { demo: true, publicHost: true });
    expect(again.demo?.password).not.toBe(password);
  });
});
