/**
 * Limits on password sign-in that count failures only (a right password takes its count back):
 * - per (e-mail, address): 10 failures / 15 min: one client guessing one account;
 * - per address: 50 failures / 15 min: one client spraying many accounts;
 * - per e-mail: 100 failures / hour from all addresses together: many clients guessing one
 *   account. Every try takes a place before the check, from any address: the cap bounds the
 *   guesses at one account however many addresses an attacker has (issue 34: a first try from a
 *   clean address used to pass it, 150 counted against 100, and an IPv6 /48 holds 65,536 /64s).
 *   While it is full, password sign-in to that e-mail waits for the owner too; code sign-in,
 *   not counted here, lets the owner in meanwhile (and code mails cannot be spent for long:
 *   rate-limit.ts).
 * Addresses count per IPv6 /64 (client-address.ts).
 */
import { addressKey } from './client-address';
import type { Limit, RateLimiter, Taken } from './rate-limit';

export const LOGIN_LIMITS = {
  // Failures of (e-mail, address).
  perPair: { name: 'login-fail:email+addr', max: 10, windowSeconds: 900 },
  perAddress: { name: 'login-fail:addr', max: 50, windowSeconds: 900 },
  perEmail: { name: 'login-fail:email', max: 100, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

export function loginGuard(limiter: RateLimiter) {
  /** Takes one attempt under each limit, all or none: a refused attempt leaves no count behind. */
  async function takeAll(limits: [Limit, string][]): Promise<Taken[]> {
    const taken: Taken[] = [];
    try {
      for (const [limit, subject] of limits) taken.push(await limiter.take(limit, subject));
      return taken;
    } catch (err) {
      for (const t of taken) await limiter.refund(t);
      throw err;
    }
  }

  return {
    /**
     * Runs one password check (`check` answers the signed-in value, or undefined when wrong)
     * within the limits. The attempt is counted before the check, so parallel guesses cannot
     * slip past a limit, and taken back when the password was right.
     */
    async attempt<T>(email: string, ip: string, check: () => Promise<T | undefined>): Promise<T | undefined> {
      const address = addressKey(ip);
      const { perPair, perAddress, perEmail } = LOGIN_LIMITS;
      const taken = await takeAll([
        [perPair, `${email} ${address}`],
        [perAddress, address],
        [perEmail, email],
      ]);
      let result: T | undefined;
      try {
        result = await check();
      } catch (err) {
        // A check that could not run (database down) is no failure of the password.
        for (const t of taken) await limiter.refund(t);
        throw err;
      }
      if (result !== undefined) for (const t of taken) await limiter.refund(t);
      return result;
    },
  };
}
