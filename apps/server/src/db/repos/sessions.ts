import type { Queryable } from '../db';

export function sessionsRepo(db: Queryable) {
  return {
    async insert(s: { tokenHash: string; userId: number; now: Date; expiresAt: Date; ip: string; userAgent: string }) {
      await db.query(
        `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [s.tokenHash, s.userId, s.now, s.expiresAt, s.ip, s.userAgent.slice(0, 300)],
      );
    },
    /** The user id of a live session (not revoked, not expired), if any. */
    async liveUserId(tokenHash: string, now: Date): Promise<number | undefined> {
      const rows = await db.query<{ user_id: number }>(
        'SELECT user_id FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
        [tokenHash, now],
      );
      return rows[0]?.user_id;
    },
    /** Which of these token hashes are live sessions (not revoked, not expired). */
    async liveOf(tokenHashes: string[], now: Date): Promise<Set<string>> {
      const rows = await db.query<{ token_hash: string }>(
        'SELECT token_hash FROM sessions WHERE token_hash = ANY($1::text[]) AND revoked_at IS NULL AND expires_at > $2',
        [tokenHashes, now],
      );
      return new Set(rows.map((r) => r.token_hash));
    },
    async revoke(tokenHash: string, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
        tokenHash,
        now,
      ]);
    },
    async revokeAllOfUser(userId: number, now: Date): Promise<void> {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, now]);
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.query('DELETE FROM sessions WHERE expires_at < $1', [now]);
    },
  };
}
