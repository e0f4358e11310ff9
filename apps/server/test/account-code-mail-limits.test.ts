/**
 * Issue 34 item 7: anyone who knows an e-mail can ask codes for it. Four requests spent the
 * address's 5 mails, and its owner got no code for an hour. Past the 5, one more mail every 10
 * minutes: the owner waits 10 minutes at most, and the mailbox gets 11 an hour at most.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndLogin, startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SENDS = ['account/register_email_code', 'account/change_passwd_email_code', 'account/login_email_code'];
let ipSeq = 0;
/** The attacker asks from a new address each time, so no per-address limit stops it. */
const attackerIp = () => `10.41.${Math.floor(ipSeq / 200)}.${(ipSeq++ % 200) + 1}`;

/** Each test has its own account and starts after the last test's windows. */
async function owner(name: string): Promise<string> {
  t.clock.advance(3601);
  const email = `${name}@example.com`;
  await registerAndLogin(t, email, 'right-pass', '10.40.0.1');
  t.clock.advance(3601);
  return email;
}

describe('code mails to one address', () => {
  it("someone else spending the address's mails keeps its owner from a code 10 minutes at most", async () => {
    const email = await owner('victim');
    // The attack: every purpose at once, again 61 s on, until the address is refused.
    let refused: { status: number; body: { ret: number; msg?: string } } | undefined;
    for (let round = 0; round < 3 && !refused; round++) {
      for (const path of SENDS) {
        const res = await t.call(path, { email }, { ip: attackerIp() });
        if (res.status === 429 && res.body.ret !== 1004) refused = res;
      }
      t.clock.advance(61);
    }
    expect(refused?.body.msg).toMatch(/^Too many attempts, please retry in \d+ seconds$/);

    // The owner asks for a sign-in code: told to wait at most 10 minutes, and then gets one.
    const asked = await t.call('account/login_email_code', { email }, { ip: '10.40.0.1' });
    expect(asked.status).toBe(429);
    const seconds = Number(/retry in (\d+) seconds/.exec(asked.body.msg ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(600);
    t.clock.advance(seconds);
    const again = await t.call('account/login_email_code', { email }, { ip: '10.40.0.1' });
    expect(again.body.ret).toBe(1);
    const code = t.smtp.lastCode(email);
    expect((await t.call('account/login_by_code', { email, code }, { ip: '10.40.0.1' })).body.ret).toBe(1);
  });

  it('an hour of asking every minute brings the mailbox 11 mails at most', async () => {
    const email = await owner('flooded');
    const before = t.smtp.mailsTo(email).length;
    for (let minute = 0; minute < 59; minute++) {
      for (const path of SENDS) await t.call(path, { email }, { ip: attackerIp() });
      t.clock.advance(61);
    }
    expect(t.smtp.mailsTo(email).length - before).toBe(11);
  });
});
