/**
 * Server-side sessions: the client holds a random token (cookie `token`), the database holds
 * only its SHA-256, so logout and password change can revoke sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_COOKIE_DAYS } from '@kolscope/contract';
import type { Queryable } from '../db/db';
import { sessionsRepo } from '../db/repos/sessions';
import type { Clock } from '../domain/clock';
import { localBus } from './events/local';
import type { EventBus } from './events/types';
import { TtlCache } from './ttl-cache';

export const SESSION_SECONDS = TOKEN_COOKIE_DAYS * 86_400;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * How long a process trusts a looked-up session before asking the database again, when no event
 * says it ended (CACHE_TTL_SECONDS).
 */
export const SESSION_CACHE_MS = 10_000;

export function sessions(deps: { db: Queryable; clock: Clock; cacheMs?: number; events?: EventBus }) {
  const repo = sessionsRepo(deps.db);
  const events = deps.events ?? localBus();
  const cache = new TtlCache<string, number | undefined>(deps.cacheMs ?? SESSION_CACHE_MS, 10_000, () =>
    deps.clock.now().getTime(),
  );
  // Logout and password reset take effect at once in every process that hears the event (this
  // one included); a process that missed it trusts its cache for cacheMs at most.
  events.subscribe((event) => {
    if (event.type === 'session_revoked') for (const hash of event.tokenHashes) cache.delete(hash);
    else if (event.type === 'user_sessions_revoked') void cache.deleteWhere((_, cached) => cached === event.userId);
  });
  events.onGap(() => cache.clear());
  return {
    async create(userId: number, ip: string, userAgent: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = deps.clock.now();
      await repo.insert({
        tokenHash: hashToken(token),
        userId,
        now,
        expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000),
        ip,
        userAgent,
      });
      return token;
    },
    userIdOf(token: string): Promise<number | undefined> {
      const tokenHash = hashToken(token);
      return cache.get(tokenHash, () => repo.liveUserId(tokenHash, deps.clock.now()));
    },
    /** Which of these token hashes are live sessions now (asked of the database, not the cache). */
    liveOf(tokenHashes: string[]): Promise<Set<string>> {
      return repo.liveOf(tokenHashes, deps.clock.now());
    },
    async revoke(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await repo.revoke(tokenHash, deps.clock.now());
      await events.publish({ type: 'session_revoked', tokenHashes: [tokenHash] });
    },
    async revokeAllOf(userId: number): Promise<void> {
      await repo.revokeAllOfUser(userId, deps.clock.now());
      // This process's entries are gone before the caller goes on (the subscriber's is not awaited).
      await cache.deleteWhere((_, cached) => cached === userId);
      await events.publish({ type: 'user_sessions_revoked', userId });
    },
  };
}
export type Sessions = ReturnType<typeof sessions>;
