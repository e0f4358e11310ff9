/**
 * Limits on password sign-in that count failures only, so nobody can lock an account out for
 * others:
 * - per (e-mail, address): 10 failures / 15 min: one client guessing one account;
 * - per address: 50 failures / 15 min: one client spraying many accounts;
 * - per e-mail: 100 failures / hour from all addresses together: many clients guessing one
 *   account. It applies only to an address that itself failed on this e-mail in the last
 *   15 minutes, so the right password from a clean address always gets through.
 * Addresses count per IPv6 /64 (client-address.ts). Code sign-in is not counted here.
 */
import { Ret } from '@kolscope/contract';
import { addressKey } from './client-address';
import { AppError } from './errors';
import type { Limit, RateLimiter, Taken } from './rate-limit';

export const LOGIN_LIMITS = {
  // Failures of (e-mail, address).
  perPair: { name: 'login-fail:email+addr', max: 10, windowSeconds: 900 },
  perAddress: { name: 'login-fail:addr', max: 50, windowSeconds: 900 },
  perEmail: { name: 'login-fail:email', max: 100, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

function ignoreRateLimited(err: unknown): void {
  if (!(err instanceof AppError && err.ret === Ret.rateLimited)) throw err;
}

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
      const pair = `${email} ${address}`;
      const { perPair, perAddress, perEmail } = LOGIN_LIMITS;
      const hasFailed = (await limiter.count(perPair, pair)) > 0;
      const limits: [Limit, string][] = [
        [perPair, pair],
        [perAddress, address],
      ];
      if (hasFailed) limits.push([perEmail, email]);
      const taken = await takeAll(limits);
      let result: T | undefined;
      try {
        result = await check();
      } catch (err) {
        // A check that could not run (database down) is no failure of the password.
        for (const t of taken) await limiter.refund(t);
        throw err;
      }
      if (result !== undefined) {
        for (const t of taken) await limiter.refund(t);
        return result;
      }
      // A first failure from this address still counts towards the e-mail's total (which
      // may be full already: then there is nothing more to count).
      if (!hasFailed) await limiter.hit(perEmail, email).catch(ignoreRateLimited);
      return undefined;
    },
  };
}
