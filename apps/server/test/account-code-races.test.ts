/**
 * Issue 13: 300 parallel tries of one e-mailed code must check at most 5 of them, on every call
 * that takes a code. The try is one conditional UPDATE, so this holds on PostgreSQL (where the
 * old read-then-update let dozens through) as well as on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PARALLEL = 300;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** The wrong tries the stored code counted: every code compared counts one. */
async function triesOf(email: string): Promise<number> {
  const rows = await t.db.query<{ attempts: number }>(
    'SELECT attempts FROM email_codes WHERE email = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  return rows[0]?.attempts ?? -1;
}

/**
 * Fires the same wrong try PARALLEL times at once; answers counted by ret, and the tries the
 * code counted (a read-then-update compared dozens and counted each of them).
 */
async function flood(path: string, body: Record<string, string>) {
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => t.call(path, body, { ip: `10.66.${i % 200}.${i % 250}` })),
  );
  const count = (ret: number) => answers.filter((a) => a.body.ret === ret).length;
  return {
    wrong: count(1001),
    exhausted: count(1003),
    other: answers.filter((a) => ![1001, 1003].includes(a.body.ret)),
    tries: await triesOf(body.email ?? ''),
  };
}

async function requestCode(path: string, email: string): Promise<string> {
  t.clock.advance(61);
  expect((await t.call(path, { email }, { ip: '10.65.0.1' })).body.ret).toBe(1);
  return t.smtp.lastCode(email);
}

describe('parallel tries of one code', () => {
  it('account/change_passwd: at most 5 checked, then even the right code is refused', async () => {
    const email = 'race-reset@example.com';
    await registerAndLogin(t, email, 'old-secret');
    const code = await requestCode('account/change_passwd_email_code', email);
    const { wrong, exhausted, other, tries } = await flood('account/change_passwd', {
      email,
      code: wrongFor(code),
      passwd: 'new-secret',
    });
    expect(other).toEqual([]);
    expect(wrong).toBeLessThanOrEqual(5);
    expect(tries).toBe(5);
    expect(wrong + exhausted).toBe(PARALLEL);
    expect((await t.call('account/change_passwd', { email, code, passwd: 'new-secret' })).body.ret).toBe(1003);
    expect((await t.call('account/login', { email, passwd: 'old-secret' })).body.ret).toBe(1);
  });

  it('account/register: at most 5 checked', async () => {
    const email = 'race-register@example.com';
    const code = await requestCode('account/register_email_code', email);
    const { wrong, exhausted, other, tries } = await flood('account/register', {
      email,
      code: wrongFor(code),
      passwd: 'abcdef',
      innerCode: 'TEST-INNER',
    });
    expect(other).toEqual([]);
    expect(wrong).toBeLessThanOrEqual(5);
    expect(tries).toBe(5);
    expect(wrong + exhausted).toBe(PARALLEL);
    const right = await t.call('account/register', { email, code, passwd: 'abcdef', innerCode: 'TEST-INNER' });
    expect(right.body.ret).toBe(1003);
  });

  it('account/login_by_code: at most 5 checked', async () => {
    const email = 'race-login@example.com';
    await registerAndLogin(t, email);
    const code = await requestCode('account/login_email_code', email);
    // login_by_code is also limited per address (50 / 15 min): the flood comes from 300 addresses.
    const { wrong, exhausted, other, tries } = await flood('account/login_by_code', { email, code: wrongFor(code) });
    expect(other).toEqual([]);
    expect(wrong).toBeLessThanOrEqual(5);
    expect(tries).toBe(5);
    expect(wrong + exhausted).toBe(PARALLEL);
    expect((await t.call('account/login_by_code', { email, code })).body.ret).toBe(1003);
  });

  it('a right code sent many times at once is used once', async () => {
    const email = 'race-once@example.com';
    await registerAndLogin(t, email);
    const code = await requestCode('account/login_email_code', email);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.call('account/login_by_code', { email, code }, { ip: `10.67.0.${i}` })),
    );
    expect(answers.filter((a) => a.body.ret === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.ret !== 1).every((a) => a.body.ret === 1001)).toBe(true);
  });
});
