import type { Db } from '../db/db';
import { rateLimitsRepo } from '../db/repos/rate-limits';
import type { Clock } from '../domain/clock';
import { rateLimited } from './errors';

export interface Limit {
  /** e.g. "login:email". */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * The limits of the account calls, per e-mail and per client address (an IPv6 address counts
 * per /64, see client-address.ts). Password sign-in has its own, failure-only limits in
 * login-guard.ts.
 */
export const LIMITS = {
  codeSendPerEmail: { name: 'code-send:email', max: 5, windowSeconds: 3600 },
  // Past those 5, one more mail every 10 minutes: anyone can spend an address's 5 (issue 34: four
  // requests locked its owner out of codes for an hour), so the owner waits 10 minutes at most
  // after someone else stops, and the mailbox gets 11 an hour at most (verification-codes.ts).
  codeSendPerEmailAfter: { name: 'code-send:email-after', max: 1, windowSeconds: 600 },
  codeSendPerIp: { name: 'code-send:ip', max: 20, windowSeconds: 3600 },
  innerCodePerIp: { name: 'inner-code:ip', max: 20, windowSeconds: 900 },
  // Checking a code at the verify step; each code also allows only 5 wrong tries.
  codeCheckPerEmail: { name: 'code-check:email', max: 10, windowSeconds: 900 },
  codeCheckPerIp: { name: 'code-check:ip', max: 50, windowSeconds: 900 },
} satisfies Record<string, Limit>;

/**
 * Rows are kept this long: the longest window of the limits above (and of login-guard.ts and
 * the forwarding limit). Raise it with a longer limit: a process prunes by the longest window
 * it has itself seen, and another process may not have seen the new one yet.
 */
export const KEEP_SECONDS = 3600;
/** How often a process deletes rows older than KEEP_SECONDS. */
export const PRUNE_EVERY_SECONDS = 600;

/** A counted attempt, which `refund` can take back (e.g. a sign-in that turned out right). */
export interface Taken {
  id: number;
}

/**
 * Sliding-window limiter stored in the database, so every API process shares the count.
 *
 * Attempts on one key take turns in the database (rate-limits.ts takeIfUnder), so exactly `max`
 * pass a window however many arrive at once (an earlier insert-then-count let parallel attempts
 * refuse each other, passing fewer). A refused attempt writes no row: a flood of refused requests
 * leaves at most `max` rows a key, and the refusals do not push the window forward.
 */
export function rateLimiter(db: Db, clock: Clock) {
  const repo = rateLimitsRepo(db);
  let lastPrune = 0;
  let keepSeconds = KEEP_SECONDS;

  async function pruneWhenDue(now: number): Promise<void> {
    if (now - lastPrune < PRUNE_EVERY_SECONDS * 1000) return;
    lastPrune = now;
    await repo.deleteOlderThan(new Date(now - keepSeconds * 1000));
  }

  async function take(limit: Limit, subject: string): Promise<Taken> {
    keepSeconds = Math.max(keepSeconds, limit.windowSeconds);
    const now = clock.now();
    const windowMs = limit.windowSeconds * 1000;
    const key = `${limit.name}:${subject}`;
    await pruneWhenDue(now.getTime());
    const taken = await repo.takeIfUnder(key, now, new Date(now.getTime() - windowMs), limit.max);
    if (!('refused' in taken)) return taken;
    const freeAt = (taken.oldest ?? now).getTime() + windowMs;
    throw rateLimited(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
  }

  return {
    /** Counts one attempt; throws a rate-limited error naming the seconds to wait when over. */
    async hit(limit: Limit, subject: string): Promise<void> {
      await take(limit, subject);
    },
    take,
    /** Takes a counted attempt back. */
    async refund(taken: Taken): Promise<void> {
      await repo.delete(taken.id);
    },
    /** Attempts counted under the limit's window, without counting one. */
    async count(limit: Limit, subject: string): Promise<number> {
      const now = clock.now().getTime();
      return (await repo.count(`${limit.name}:${subject}`, new Date(now - limit.windowSeconds * 1000))).hits;
    },
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
