import type { Queryable } from '../db/db';
import { rateLimitsRepo } from '../db/repos/rate-limits';
import type { Clock } from './clock';
import { rateLimited } from './errors';

export interface Limit {
  /** e.g. "login:email". */
  name: string;
  max: number;
  windowSeconds: number;
}

/** The limits of the account calls, per e-mail and per client address. */
export const LIMITS = {
  codeSendPerEmail: { name: 'code-send:email', max: 5, windowSeconds: 3600 },
  codeSendPerIp: { name: 'code-send:ip', max: 20, windowSeconds: 3600 },
  loginPerEmail: { name: 'login:email', max: 10, windowSeconds: 900 },
  loginPerIp: { name: 'login:ip', max: 50, windowSeconds: 900 },
  innerCodePerIp: { name: 'inner-code:ip', max: 20, windowSeconds: 900 },
  // Checking a code at the verify step; each code also allows only 5 wrong tries.
  codeCheckPerEmail: { name: 'code-check:email', max: 10, windowSeconds: 900 },
  codeCheckPerIp: { name: 'code-check:ip', max: 50, windowSeconds: 900 },
} satisfies Record<string, Limit>;

/**
 * Sliding-window limiter stored in the database, so every API process shares the count.
 * `hit` throws a rate-limited error naming the seconds until an attempt is allowed again.
 */
export function rateLimiter(db: Queryable, clock: Clock) {
  const repo = rateLimitsRepo(db);
  let lastSweep = 0;
  return {
    async hit(limit: Limit, subject: string): Promise<void> {
      const now = clock.now();
      const windowMs = limit.windowSeconds * 1000;
      const { hits, oldest } = await repo.hit(`${limit.name}:${subject}`, now, new Date(now.getTime() - windowMs));
      if (now.getTime() - lastSweep > 3_600_000) {
        lastSweep = now.getTime();
        await repo.deleteOlderThan(new Date(now.getTime() - 86_400_000));
      }
      if (hits > limit.max) {
        throw rateLimited(Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000)));
      }
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
