/**
 * Server-side sessions: the client holds a random token (cookie `token`), the database holds
 * only its SHA-256, so logout and password change can revoke sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_COOKIE_DAYS } from '@kolscope/contract';
import type { Queryable } from '../db/db';
import { sessionsRepo } from '../db/repos/sessions';
import type { Clock } from './clock';

export const SESSION_SECONDS = TOKEN_COOKIE_DAYS * 86_400;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function sessions(deps: { db: Queryable; clock: Clock }) {
  const repo = sessionsRepo(deps.db);
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
      return repo.liveUserId(hashToken(token), deps.clock.now());
    },
    revoke(token: string): Promise<void> {
      return repo.revoke(hashToken(token), deps.clock.now());
    },
    revokeAllOf(userId: number): Promise<void> {
      return repo.revokeAllOfUser(userId, deps.clock.now());
    },
  };
}
export type Sessions = ReturnType<typeof sessions>;
