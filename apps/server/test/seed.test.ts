/**
 * The demo account: published password on loopback, a random one with SEED_DEMO=public, disabled
 * with SEED_DEMO=false.
 */
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

  it('a start with SEED_DEMO=false disables the demo administrator an earlier start made', async () => {
    // Issue 34: start once with the defaults, restart with SEED_DEMO=false (the public-HOST check
    // then passes): the account still signed in with the published password, as an administrator.
    const fresh = await startTestApp();
    const loginTo = (passwd: string) =>
      fresh.call('account/login', { email: DEMO_ACCOUNT.email, passwd }, { ip: '10.1.1.2' });
    const infoOf = async (res: Awaited<ReturnType<typeof loginTo>>) =>
      fresh.call('account/info', {}, { token: (res.body.data as { token: string }).token });
    try {
      const beforeAnyDemo = await seed(fresh.services, { demo: false });
      await seed(fresh.services, { demo: true });
      const before = await loginTo(DEMO_ACCOUNT.password);
      expect(before.body.ret).toBe(1);

      const off = await seed(fresh.services, { demo: false });
      expect((await loginTo(DEMO_ACCOUNT.password)).body.ret).not.toBe(1);
      expect((await infoOf(before)).status).toBe(401);
      expect(off).toMatchObject({ demo: undefined, demoDisabled: true });
      // Nothing was there to disable before the first demo start.
      expect(beforeAnyDemo.demoDisabled).toBe(false);
      expect(await fresh.services.accounts.isAdminByEmail(DEMO_ACCOUNT.email)).toBe(false);

      // Demo seeding on again: the demo administrator is back with its published password.
      await seed(fresh.services, { demo: true });
      const back = await loginTo(DEMO_ACCOUNT.password);
      expect(back.body.ret).toBe(1);
      expect(((await infoOf(back)).body.data as { is_admin: boolean }).is_admin).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
