/**
 * Issue 13, "e-mail enumeration": the three code sends (and the calls that take a code) answer
 * a registered and an unknown address alike; the owner learns by mail what happened. Each
 * client address may ask for 20 sends an hour, counted before the account is looked up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SENDS = ['account/register_email_code', 'account/login_email_code', 'account/change_passwd_email_code'];
let ipSeq = 0;
/** Each test asks from fresh addresses, so the per-address budget of one does not reach another. */
const nextIp = () => `10.88.0.${++ipSeq}`;
const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

describe('code sends answer a registered and an unknown e-mail alike', () => {
  it('the same status and body for every send, in both languages, and for a resend', async () => {
    for (const lang of ['en', 'zh-CN']) {
      // Each address may get 5 mails an hour: one pair of addresses per language.
      const known = `known-${lang.toLowerCase()}@example.com`;
      await registerAndLogin(t, known);
      const unknown = `unknown-${lang.toLowerCase()}@example.com`;
      t.clock.advance(61);
      for (const path of SENDS) {
        const a = await t.call(path, { email: known }, { ip: nextIp(), lang });
        const b = await t.call(path, { email: unknown }, { ip: nextIp(), lang });
        expect(answer(a)).toEqual({ status: 200, body: { ret: 1, data: null } });
        expect(answer(b)).toEqual(answer(a));
        // Asking again at once: the same wait for both.
        const againA = await t.call(path, { email: known }, { ip: nextIp(), lang });
        const againB = await t.call(path, { email: unknown }, { ip: nextIp(), lang });
        expect(againA.body.ret).toBe(1004);
        expect(answer(againB)).toEqual(answer(againA));
      }
    }
  });

  it('the calls that take a code answer a guess alike', async () => {
    const known = 'known-guess@example.com';
    await registerAndLogin(t, known);
    const unknown = 'unknown-guess@example.com';
    t.clock.advance(61);
    for (const path of SENDS) {
      await t.call(path, { email: known }, { ip: nextIp() });
      await t.call(path, { email: unknown }, { ip: nextIp() });
    }
    const guesses: [string, Record<string, string>][] = [
      ['account/register', { code: '123456', passwd: 'abcdef', innerCode: 'TEST-INNER' }],
      ['account/login_by_code', { code: '123456' }],
      ['account/change_passwd', { code: '123456', passwd: 'abcdef' }],
      ['account/check_email_code', { code: '123456', purpose: 'register' }],
      ['account/check_email_code', { code: '123456', purpose: 'reset' }],
    ];
    for (const [path, body] of guesses) {
      const ip = nextIp();
      const a = await t.call(path, { ...body, email: known }, { ip });
      const b = await t.call(path, { ...body, email: unknown }, { ip });
      expect(a.body.ret).toBe(1001);
      expect(answer(b)).toEqual(answer(a));
    }
  });

  it('mails the owner a notice instead of a register code, in the request language', async () => {
    const known = 'notice@example.com';
    await registerAndLogin(t, known);
    t.clock.advance(61);
    const before = t.smtp.mailsTo(known).length;
    expect(
      (await t.call('account/register_email_code', { email: known }, { ip: nextIp(), lang: 'zh-CN' })).body.ret,
    ).toBe(1);
    const mails = t.smtp.mailsTo(known);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe('你的 kolscope 账号');
    expect(mails.at(-1)?.text).toContain('该邮箱已有账号');
    expect(mails.at(-1)?.text).not.toMatch(/\b\d{6}\b/);
  });

  it('mails an unknown address a neutral notice instead of a sign-in or reset code', async () => {
    const unknown = 'stranger@example.com';
    t.clock.advance(61);
    for (const path of ['account/login_email_code', 'account/change_passwd_email_code'])
      expect((await t.call(path, { email: unknown }, { ip: nextIp() })).body.ret).toBe(1);
    const mails = t.smtp.mailsTo(unknown);
    expect(mails.map((m) => m.subject)).toEqual([
      'No kolscope account uses this address',
      'No kolscope account uses this address',
    ]);
    expect(mails.every((m) => !/\b\d{6}\b/.test(m.text))).toBe(true);
  });

  it('stops a scan after 20 sends from one address, whatever the e-mails', async () => {
    const known = 'scanned@example.com';
    await registerAndLogin(t, known);
    t.clock.advance(3601);
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const email = i % 2 ? known : `scan${i}@example.com`;
      const res = await t.call(SENDS[i % 3] ?? '', { email }, { ip });
      // The known address gets one answer per call and then waits 60 s (1004): still an answer.
      expect([1, 1004]).toContain(res.body.ret);
    }
    const a = await t.call('account/login_email_code', { email: known }, { ip });
    const b = await t.call('account/login_email_code', { email: 'scan-next@example.com' }, { ip });
    expect(a.status).toBe(429);
    expect(a.body.ret).toBe(429);
    expect(answer(b)).toEqual(answer(a));
    const mailsBefore = t.smtp.received.length;
    await t.call('account/register_email_code', { email: 'scan-more@example.com' }, { ip });
    expect(t.smtp.received.length).toBe(mailsBefore);
  });
});
