import type { Queryable } from '../db';

export type CodePurpose = 'register' | 'reset' | 'login';

export interface EmailCodeRow {
  id: number;
  code_hash: string;
  created_at: Date;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

export function emailCodesRepo(db: Queryable) {
  return {
    async latest(email: string, purpose: CodePurpose): Promise<EmailCodeRow | undefined> {
      const rows = await db.query<EmailCodeRow>(
        `SELECT id, code_hash, created_at, expires_at, attempts, consumed_at FROM email_codes
         WHERE email = $1 AND purpose = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [email, purpose],
      );
      return rows[0];
    },
    async insert(c: { email: string; purpose: CodePurpose; codeHash: string; now: Date; expiresAt: Date }) {
      await db.query(
        'INSERT INTO email_codes (email, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [c.email, c.purpose, c.codeHash, c.now, c.expiresAt],
      );
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM email_codes WHERE id = $1', [id]);
    },
    /** Counts a wrong try; returns the tries so far. */
    async countWrongTry(id: number): Promise<number> {
      const rows = await db.query<{ attempts: number }>(
        'UPDATE email_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
        [id],
      );
      return rows[0]?.attempts ?? 0;
    },
    /** Marks the code used; false when another request used it first (single use under races). */
    async consume(id: number, now: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE email_codes SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING id',
        [id, now],
      );
      return rows.length > 0;
    },
    async deleteOlderThan(before: Date): Promise<void> {
      await db.query('DELETE FROM email_codes WHERE expires_at < $1', [before]);
    },
  };
}
