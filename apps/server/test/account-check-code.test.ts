/**
 * account/check_email_code: the verify step of registration and reset asks whether the mailed
 * code is right. The code is not used up, and a wrong one counts against the same 5 tries as
 * the final call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
/** Each test asks from its own address, so the per-address limits of one do not reach another. */
const nextIp = () => `10.77.0.${++ipSeq}`;

async function sendRegister(email: string, ip: string) {
  t.clock.advance(61);
  expect((await t.call('account/register_email_code', { email }, { ip })).body.ret).toBe(1);
  return t.smtp.lastCode(email);
}
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const check = (email: string, code: string, purpose: string, ip: string, lang?: string) =>
  t.call('account/check_email_code', { email, code, purpose }, { ip, ...(lang ? { lang } : {}) });
const register = (email: string, code: string, ip: string) =>
  t.call('account/register', { email, code, passwd: 'abcdef', innerCode: 'TEST-INNER' }, { ip });

describe('account/check_email_code', () => {
  it('says a wrong code is invalid, accepts the right one and leaves it usable', async () => {
    const ip = nextIp();
    const email = 'check-ok@example.com';
    const code = await sendRegister(email, ip);
    expect((await check(email, wrongFor(code), 'register', ip)).body).toEqual({
      ret: 1001,
      msg: 'Invalid verification code',
    });
    expect((await check(email, wrongFor(code), 'register', ip, 'zh-CN')).body.msg).toBe('验证码无效');
    expect((await check(email, ` ${code} `, 'register', ip)).body).toEqual({ ret: 1, data: null });
    // Checking twice is allowed and still uses nothing up.
    expect((await check(email, code, 'register', ip)).body.ret).toBe(1);
    expect((await register(email, code, ip)).body).toEqual({ ret: 1, data: null });
    // Used by the final call: a check now asks for a new code.
    expect((await check(email, code, 'register', ip)).body).toEqual({
      ret: 1001,
      msg: 'Please request a verification code first',
    });
  });

  it('exhausts the code after 5 wrong checks', async () => {
    const ip = nextIp();
    const email = 'check-five@example.com';
    const code = await sendRegister(email, ip);
    for (let i = 0; i < 4; i++) expect((await check(email, wrongFor(code), 'register', ip)).body.ret).toBe(1001);
    expect((await check(email, wrongFor(code), 'register', ip)).body).toEqual({
      ret: 1003,
      msg: 'Too many wrong codes, please request a new one',
    });
    expect((await check(email, code, 'register', ip)).body.ret).toBe(1003);
    expect((await register(email, code, ip)).body.ret).toBe(1003);
  });

  it('shares the count of wrong tries with the final call', async () => {
    const ip = nextIp();
    const email = 'check-shared@example.com';
    const code = await sendRegister(email, ip);
    for (let i = 0; i < 3; i++) expect((await check(email, wrongFor(code), 'register', ip)).body.ret).toBe(1001);
    expect((await register(email, wrongFor(code), ip)).body.ret).toBe(1001);
    expect((await check(email, wrongFor(code), 'register', ip)).body.ret).toBe(1003);
    expect((await register(email, code, ip)).body.ret).toBe(1003);
  });

  it('counts parallel wrong checks exactly: never more than 5 tries', async () => {
    const ip = nextIp();
    const email = 'check-parallel@example.com';
    const code = await sendRegister(email, ip);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => check(email, wrongFor(code), 'register', ip).then((r) => r.body.ret)),
    );
    expect(answers.filter((r) => r === 1001).length).toBe(4);
    expect(answers.filter((r) => r === 1003).length).toBe(5);
    const [row] = await t.db.query<{ attempts: number }>('SELECT attempts FROM email_codes WHERE email = $1', [email]);
    expect(row?.attempts).toBe(5);
  });

  it('checks reset codes, each purpose and address on its own', async () => {
    const ip = nextIp();
    const email = 'check-reset@example.com';
    await registerAndLogin(t, email, 'secret-pass', ip);
    t.clock.advance(61);
    expect((await t.call('account/change_passwd_email_code', { email }, { ip })).body.ret).toBe(1);
    const code = t.smtp.lastCode(email);
    expect((await check(email, code, 'reset', ip)).body.ret).toBe(1);
    // The registration code of this address was used; another address never had this code.
    expect((await check(email, code, 'register', ip)).body.ret).toBe(1001);
    expect((await check('someone-else@example.com', code, 'reset', ip)).body).toEqual({
      ret: 1001,
      msg: 'Please request a verification code first',
    });
    const changed = await t.call('account/change_passwd', { email, code, passwd: 'new-secret' }, { ip });
    expect(changed.body.ret).toBe(1);
  });

  it('refuses an expired code', async () => {
    const ip = nextIp();
    const email = 'check-late@example.com';
    const code = await sendRegister(email, ip);
    t.clock.advance(601);
    expect((await check(email, code, 'register', ip)).body.ret).toBe(1002);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const ip = nextIp();
    const cases: [unknown, string][] = [
      [{ email: 'a@example.com', code: '123456' }, 'purpose'],
      [{ email: 'a@example.com', code: '123456', purpose: 'login' }, 'purpose'],
      [{ email: 'a@example.com', code: '1234567', purpose: 'register' }, ''],
      [{ email: 'not-an-email', code: '123456', purpose: 'register' }, ''],
      [{ email: 'a@example.com', purpose: 'register' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('account/check_email_code', body, { ip });
      expect(res.status).toBe(400);
      expect(res.body.ret).toBe(400);
      expect(res.body.msg).toBeTruthy();
      if (field) expect(res.body.msg).toContain(field);
    }
    const raw = await t.call('account/check_email_code', undefined, { ip, raw: '[1]' });
    expect(raw.status).toBe(400);
  });

  it('limits checks per e-mail', async () => {
    const ip = nextIp();
    const email = 'check-limit@example.com';
    const code = await sendRegister(email, ip);
    // A fresh code after every 4 wrong tries, so only the rate limit can stop the 11th check.
    let last = 0;
    for (let i = 0; i < 11; i++) {
      if (i === 4 || i === 8) await sendRegister(email, ip);
      last = (await check(email, wrongFor(code), 'register', ip)).status;
    }
    expect(last).toBe(429);
  });
});
