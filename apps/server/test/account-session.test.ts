import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ adminEmails: ['boss@example.com'] });
});
afterAll(() => t.close());

describe('account/login', () => {
  it('returns token and account id and sets the session cookie', async () => {
    await registerAndLogin(t, 'log@example.com', 'pass-word');
    const res = await t.call('account/login', { email: 'LOG@example.com', passwd: 'pass-word' });
    const data = res.body.data as { token: string; account_id: string };
    expect(data.account_id).toMatch(/^\d+$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`token=${data.token}`);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const [session] = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions ORDER BY created_at DESC LIMIT 1',
    );
    expect(session?.token_hash).not.toBe(data.token);
  });
  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const wrong = await t.call('account/login', { email: 'log@example.com', passwd: 'nope-nope' });
    const unknown = await t.call('account/login', { email: 'ghost@example.com', passwd: 'nope-nope' });
    expect(wrong.body).toEqual({ ret: 1008, msg: 'Wrong email or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect((await t.call('account/login', { email: 'log@example.com' })).body).toEqual({
      ret: 400,
      msg: 'Please enter your password',
    });
  });
  it('limits failures per e-mail and address (more in account-login-limits.test.ts)', async () => {
    let res = await t.call('account/login', { email: 'log@example.com', passwd: 'x' }, { ip: '10.7.0.1' });
    for (let i = 0; i < 10; i++)
      res = await t.call('account/login', { email: 'log@example.com', passwd: 'x' }, { ip: '10.7.0.1' });
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/^Too many attempts, please retry in \d+ seconds$/);
    t.clock.advance(901);
    const ok = await t.call('account/login', { email: 'log@example.com', passwd: 'pass-word' }, { ip: '10.7.0.1' });
    expect(ok.body.ret).toBe(1);
  });
  it('limits attempts per client address', async () => {
    let status = 0;
    for (let i = 0; i < 51; i++)
      status = (await t.call('account/login', { email: `a${i}@example.com`, passwd: 'x' }, { ip: '10.8.0.1' })).status;
    expect(status).toBe(429);
  });
  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await startTestApp({ secureCookies: true });
    try {
      await registerAndLogin(secure, 'sec@example.com');
      const res = await secure.call('account/login', { email: 'sec@example.com', passwd: 'secret-pass' });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('account/info and sessions', () => {
  it('answers 401 without a session, with a garbage token, and after 7 days', async () => {
    expect((await t.call('account/info')).status).toBe(401);
    const bad = await t.call('account/info', {}, { token: 'garbage' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ ret: 401, msg: 'Your session has expired, please sign in again' });
    const token = await registerAndLogin(t, 'week@example.com');
    expect((await t.call('account/info', {}, { token })).status).toBe(200);
    t.clock.advance(7 * 86_400 + 1);
    expect((await t.call('account/info', {}, { token })).status).toBe(401);
  });
  it('accepts a bearer token as well as the cookie', async () => {
    const token = await registerAndLogin(t, 'bearer@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/v1/account/info',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().data.email).toBe('bearer@example.com');
  });
  it('marks ADMIN_EMAILS accounts and granted accounts as administrators', async () => {
    const boss = await registerAndLogin(t, 'boss@example.com');
    expect(((await t.call('account/info', {}, { token: boss })).body.data as { is_admin: boolean }).is_admin).toBe(
      true,
    );
    const staff = await registerAndLogin(t, 'staff@example.com');
    expect(((await t.call('account/info', {}, { token: staff })).body.data as { is_admin: boolean }).is_admin).toBe(
      false,
    );
    expect(await t.services.accounts.setAdmin('staff@example.com', true)).toBe(true);
    expect(((await t.call('account/info', {}, { token: staff })).body.data as { is_admin: boolean }).is_admin).toBe(
      true,
    );
  });
});

describe('account/logout', () => {
  it('revokes the session and clears the cookie', async () => {
    const token = await registerAndLogin(t, 'bye@example.com');
    const res = await t.call('account/logout', undefined, { token });
    expect(res.body).toEqual({ ret: 1, data: null });
    expect(String(res.headers['set-cookie'])).toMatch(/token=;/);
    expect((await t.call('account/info', {}, { token })).status).toBe(401);
  });
  it('succeeds without a session too', async () => {
    expect((await t.call('account/logout')).body).toEqual({ ret: 1, data: null });
  });
});

describe('password reset', () => {
  it('mails a reset code, sets the new password and signs every session out', async () => {
    const email = 'forgot@example.com';
    const oldToken = await registerAndLogin(t, email, 'old-secret');
    t.clock.advance(61);
    expect((await t.call('account/change_passwd_email_code', { email })).body.ret).toBe(1);
    expect(t.smtp.mailsTo(email).at(-1)?.raw).toMatch(/password reset code/);
    const code = t.smtp.lastCode(email);
    expect(
      (
        await t.call('account/change_passwd', {
          email,
          code: '999999' === code ? '888888' : '999999',
          passwd: 'new-secret',
        })
      ).body.ret,
    ).toBe(1001);
    expect((await t.call('account/change_passwd', { email, code, passwd: 'new' })).body.msg).toBe(
      'Password must be at least 6 characters',
    );
    expect((await t.call('account/change_passwd', { email, code, passwd: 'new-secret' })).body).toEqual({
      ret: 1,
      data: null,
    });
    expect((await t.call('account/info', {}, { token: oldToken })).status).toBe(401);
    expect((await t.call('account/login', { email, passwd: 'old-secret' })).body.ret).toBe(1008);
    expect((await t.call('account/login', { email, passwd: 'new-secret' })).body.ret).toBe(1);
    // The code was single use.
    expect((await t.call('account/change_passwd', { email, code, passwd: 'third-secret' })).body.ret).toBe(1001);
  });
  it('answers an address with no account alike, mails it a notice and takes no code', async () => {
    expect((await t.call('account/change_passwd_email_code', { email: 'nobody@example.com' })).body).toEqual({
      ret: 1,
      data: null,
    });
    expect(t.smtp.mailsTo('nobody@example.com').at(-1)?.subject).toBe('No kolscope account uses this address');
    expect(
      (await t.call('account/change_passwd', { email: 'nobody@example.com', code: '123456', passwd: 'abcdef' })).body
        .ret,
    ).toBe(1001);
  });
});

describe('sign-in with an e-mailed code', () => {
  it('mails a sign-in code that signs in once', async () => {
    const email = 'code@example.com';
    await registerAndLogin(t, email);
    expect((await t.call('account/login_email_code', { email })).body.ret).toBe(1);
    const code = t.smtp.lastCode(email);
    const res = await t.call('account/login_by_code', { email, code });
    const { token } = res.body.data as { token: string };
    expect(String(res.headers['set-cookie'])).toContain(`token=${token}`);
    expect(((await t.call('account/info', {}, { token })).body.data as { email: string }).email).toBe(email);
    expect((await t.call('account/login_by_code', { email, code })).body.ret).toBe(1001);
  });
  it('refuses an unknown address and a wrong code', async () => {
    expect((await t.call('account/login_email_code', { email: 'none@example.com' })).body.ret).toBe(1);
    expect((await t.call('account/login_by_code', { email: 'none@example.com', code: '123456' })).body.ret).toBe(1001);
    const email = 'code2@example.com';
    await registerAndLogin(t, email);
    await t.call('account/login_email_code', { email });
    const code = t.smtp.lastCode(email);
    expect(
      (await t.call('account/login_by_code', { email, code: code === '000000' ? '000001' : '000000' })).body,
    ).toEqual({
      ret: 1001,
      msg: 'Invalid verification code',
    });
  });
});
