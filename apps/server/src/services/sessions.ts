/**
 * Server-side sessions: the client holds a random token (cookie `token`), the database holds
 * only its SHA-256, so logout and password change can revoke sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_COOKIE_DAYS } from '@kolscope/contract';
import type { Queryable } from '../db/db';
import { sessionsRepo } from '../db/repos/sessions';
import type { Clock } from './clock';
import { TtlCache } from './ttl-cache';

export const SESSION_SECONDS = TOKEN_COOKIE_DAYS * 86_400;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How long a process trusts a looked-up session before asking the database again. */
export const SESSION_CACHE_MS = 10_000;

export function sessions(deps: { db: Queryable; clock: Clock; cacheMs?: number }) {
  const repo = sessionsRepo(deps.db);
  // Logout and password reset in this process take effect at once; in another process within cacheMs.
  const cache = new TtlCache<string, number | undefined>(deps.cacheMs ?? SESSION_CACHE_MS, 10_000, () =>
    deps.clock.now().getTime(),
  );
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
    async revoke(token: string): Promise<void> {
      await repo.revoke(hashToken(token), deps.clock.now());
      cache.delete(hashToken(token));
    },
    async revokeAllOf(userId: number): Promise<void> {
      await repo.revokeAllOfUser(userId, deps.clock.now());
      await cache.deleteWhere((_, cached) => cached === userId);
    },
  };
}
export type Sessions = ReturnType<typeof sessions>;
