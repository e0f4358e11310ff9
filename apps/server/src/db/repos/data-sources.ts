/** A user's custom data sources and forwarding token. Every query names the owner. */
import type { Queryable } from '../db';

export interface ForwardTokenRow {
  user_id: number;
  hint: string;
  created_at: Date;
  last_used_at: Date | null;
}

export function dataSourcesRepo(db: Queryable) {
  return {
    async enabledOf(userId: number): Promise<string[]> {
      const rows = await db.query<{ source: string }>(
        'SELECT source FROM data_sources WHERE user_id = $1 AND enabled ORDER BY source',
        [userId],
      );
      return rows.map((r) => r.source);
    },
    async set(userId: number, source: string, enabled: boolean, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO data_sources (user_id, source, enabled, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, source) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
        [userId, source, enabled, now],
      );
    },

    async token(userId: number): Promise<ForwardTokenRow | undefined> {
      const rows = await db.query<ForwardTokenRow>(
        'SELECT user_id, hint, created_at, last_used_at FROM forward_tokens WHERE user_id = $1',
        [userId],
      );
      return rows[0];
    },
    /** Replaces the user's token (the old one stops working in the same statement). */
    async setToken(userId: number, tokenHash: string, hint: string, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO forward_tokens (user_id, token_hash, hint, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, hint = EXCLUDED.hint,
           created_at = EXCLUDED.created_at, last_used_at = NULL`,
        [userId, tokenHash, hint, now],
      );
    },
    /** Creates a token only when the user has none; false when one was already there. */
    async createTokenIfNone(userId: number, tokenHash: string, hint: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO forward_tokens (user_id, token_hash, hint, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [userId, tokenHash, hint, now],
      );
      return rows.length > 0;
    },
    async deleteToken(userId: number): Promise<void> {
      await db.query('DELETE FROM forward_tokens WHERE user_id = $1', [userId]);
    },
    /** The owner of a token, marking it used. */
    async useToken(tokenHash: string, now: Date): Promise<number | undefined> {
      const rows = await db.query<{ user_id: number }>(
        'UPDATE forward_tokens SET last_used_at = $2 WHERE token_hash = $1 RETURNING user_id',
        [tokenHash, now],
      );
      return rows[0]?.user_id;
    },
  };
}
