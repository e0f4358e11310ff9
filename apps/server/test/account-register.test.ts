import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('account/check_inner_code', () => {
  it('accepts a code from INNER_CODES and one stored with the CLI', async () => {
    expect((await t.call('account/check_inner_code', { innerCode: ' TEST-INNER ' })).body).toEqual({
      ret: 1,
      data: null,
    });
    await t.services.innerCodes.add('STORED-1');
    expect((await t.call('account/check_inner_code', { innerCode: 'STORED-1' })).body.ret).toBe(1);
  });
  it('refuses an unknown code and a blank one with clear messages', async () => {
    const wrong = await t.call('account/check_inner_code', { innerCode: 'NOPE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ ret: 1005, msg: 'Invite code verification failed' });
    const blank = await t.call('account/check_inner_code', { innerCode: '  ' });
    expect(blank.body).toEqual({ ret: 400, msg: 'Please enter the invite code' });
    const zh = await t.call('account/check_inner_code', { innerCode: 'NOPE' }, { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('邀请码验证失败');
  });
  it('limits guesses per client address', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (await t.call('account/check_inner_code', { innerCode: `G${i}` }, { ip: '10.1.1.1' })).status;
    expect(last).toBe(429);
    expect((await t.call('account/check_inner_code', { innerCode: 'TEST-INNER' }, { ip: '10.1.1.2' })).body.ret).toBe(
      1,
    );
  });
});

describe('account/register_email_code', () => {
  it('mails a 6-digit code through SMTP', async () => {
    const res = await t.call('account/register_email_code', { email: ' Ann@Example.COM ' }, { ip: '10.2.0.1' });
    expect(res.body).toEqual({ ret: 1, data: null });
    const mail = t.smtp.mailsTo('ann@example.com').at(-1);
    expect(mail?.subject).toBe('Your kolscope registration code');
    expect(t.smtp.lastCode('ann@example.com')).toMatch(/^\d{6}$/);
  });
  it('writes the mail in the request language', async () => {
    await t.call('account/register_email_code', { email: 'zh@example.com' }, { lang: 'zh-CN', ip: '10.2.0.2' });
    const mail = t.smtp.mailsTo('zh@example.com').at(-1);
    expect(mail?.subject).toBe('kolscope 注册验证码');
    expect(mail?.text).toMatch(/^你的验证码是 \d{6}，10 分钟内有效。/);
  });
  it('refuses a resend within 60 s and allows it after', async () => {
    await t.call('account/register_email_code', { email: 'wait@example.com' }, { ip: '10.2.0.3' });
    const again = await t.call('account/register_email_code', { email: 'wait@example.com' }, { ip: '10.2.0.3' });
    expect(again.status).toBe(429);
    expect(again.body.ret).toBe(1004);
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    t.clock.advance(61);
    expect(
      (await t.call('account/register_email_code', { email: 'wait@example.com' }, { ip: '10.2.0.3' })).body.ret,
    ).toBe(1);
  });
  it('refuses an invalid address, and mails a registered one a notice instead of a code', async () => {
    expect((await t.call('account/register_email_code', { email: 'not-an-email' })).body).toEqual({
      ret: 400,
      msg: 'Please enter a valid email',
    });
    expect((await t.call('account/register_email_code', {})).body).toEqual({
      ret: 400,
      msg: 'Please enter your email',
    });
    await registerAndLogin(t, 'taken@example.com');
    t.clock.advance(61);
    const taken = await t.call('account/register_email_code', { email: 'taken@example.com' });
    expect(taken.body).toEqual({ ret: 1, data: null });
    const notice = t.smtp.mailsTo('taken@example.com').at(-1);
    expect(notice?.subject).toBe('Your kolscope account');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
  });
  it('limits codes per e-mail and per client address', async () => {
    const email = 'spam@example.com';
    let status = 0;
    // 5 an hour, then one more every 10 minutes (account-code-mail-limits.test.ts).
    for (let i = 0; i < 7; i++) {
      status = (await t.call('account/register_email_code', { email }, { ip: `10.3.0.${i}` })).status;
      t.clock.advance(61);
    }
    expect(status).toBe(429);
    for (let i = 0; i < 21; i++) {
      status = (await t.call('account/register_email_code', { email: `many${i}@example.com` }, { ip: '10.4.0.1' }))
        .status;
    }
    expect(status).toBe(429);
  });
});

describe('account/register', () => {
  const email = 'reg@example.com';
  const send = async (e: string, ip = '10.5.0.1') => {
    t.clock.advance(61);
    expect((await t.call('account/register_email_code', { email: e }, { ip })).body.ret).toBe(1);
    return t.smtp.lastCode(e);
  };

  it('registers with inner code and mailed code, records the inviter, and hashes the password', async () => {
    const inviterToken = await registerAndLogin(t, 'inviter@example.com');
    const inviter = (await t.call('account/info', {}, { token: inviterToken })).body.data as Record<string, string>;
    const code = await send(email);
    const res = await t.call('account/register', {
      email,
      code,
      passwd: 'abcdef',
      inviteCode: inviter.invite_code!.toLowerCase(),
      innerCode: 'TEST-INNER',
    });
    expect(res.body).toEqual({ ret: 1, data: null });
    const token = (await t.call('account/login', { email, passwd: 'abcdef' })).body.data as { token: string };
    const info = (await t.call('account/info', {}, { token: token.token })).body.data as Record<string, unknown>;
    expect(info).toMatchObject({
      email,
      is_admin: false,
      source_invite_code: inviter.invite_code,
      source_invite_user_id: inviter.id,
    });
    expect(info.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(info.invite_code).not.toBe(inviter.invite_code);
    const [row] = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [
      email,
    ]);
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    const codes = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM email_codes WHERE email = $1', [
      email,
    ]);
    expect(codes.every((c) => c.code_hash.length === 64 && c.code_hash !== code)).toBe(true);
  });

  it('refuses a wrong inner code, an unknown invitation code, a short password and a taken e-mail', async () => {
    const e = 'reg2@example.com';
    const code = await send(e);
    const base = { email: e, code, passwd: 'abcdef', innerCode: 'TEST-INNER' };
    expect((await t.call('account/register', { ...base, innerCode: 'WRONG' })).body.ret).toBe(1005);
    expect((await t.call('account/register', { ...base, inviteCode: 'ZZZZZZZZ' })).body).toEqual({
      ret: 1006,
      msg: 'That invitation code belongs to no user',
    });
    expect((await t.call('account/register', { ...base, passwd: '12345' })).body).toEqual({
      ret: 400,
      msg: 'Password must be at least 6 characters',
    });
    expect((await t.call('account/register', { ...base, code: '1234567' })).body.ret).toBe(400);
    // None of the refusals above used the code up.
    expect((await t.call('account/register', base)).body.ret).toBe(1);
    // The code is used up; whether the address is taken is not told before a right code.
    expect((await t.call('account/register', base)).body.ret).toBe(1001);
  });

  it('refuses a wrong code, locks after 5 wrong tries, and a new code works again', async () => {
    const e = 'tries@example.com';
    const code = await send(e);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email: e, code: wrong, passwd: 'abcdef', innerCode: 'TEST-INNER' };
    for (let i = 0; i < 4; i++)
      expect((await t.call('account/register', body)).body).toEqual({ ret: 1001, msg: 'Invalid verification code' });
    expect((await t.call('account/register', body)).body.ret).toBe(1003);
    expect((await t.call('account/register', { ...body, code })).body).toEqual({
      ret: 1003,
      msg: 'Too many wrong codes, please request a new one',
    });
    const fresh = await send(e);
    expect((await t.call('account/register', { ...body, code: fresh })).body.ret).toBe(1);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const e = 'late@example.com';
    const code = await send(e);
    t.clock.advance(601);
    const res = await t.call('account/register', { email: e, code, passwd: 'abcdef', innerCode: 'TEST-INNER' });
    expect(res.body).toEqual({ ret: 1002, msg: 'The verification code has expired, please request a new one' });
  });

  it('asks for a code first when none was sent', async () => {
    const res = await t.call('account/register', {
      email: 'nocode@example.com',
      code: '123456',
      passwd: 'abcdef',
      innerCode: 'TEST-INNER',
    });
    expect(res.body).toEqual({ ret: 1001, msg: 'Please request a verification code first' });
  });
});
