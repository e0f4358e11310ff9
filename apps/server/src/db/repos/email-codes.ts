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
    /**
     * One atomic try of the latest code of (email, purpose): in a single statement, a wrong code
     * adds a try and a right one is marked used when `consume` is set. Only a live code is tried
     * (unused, unexpired, fewer than `maxTries` wrong tries), re-checked under the row lock, so
     * parallel tries can neither exceed the limit nor use a code twice. Undefined when no live
     * code was there; the caller reads the row to say why.
     */
    async tryLatest(t: {
      email: string;
      purpose: CodePurpose;
      codeHash: string;
      now: Date;
      maxTries: number;
      consume: boolean;
    }): Promise<{ matched: boolean; attempts: number } | undefined> {
      const rows = await db.query<{ matched: boolean; attempts: number }>(
        `UPDATE email_codes SET
           attempts = attempts + CASE WHEN code_hash = $3 THEN 0 ELSE 1 END,
           consumed_at = CASE WHEN code_hash = $3 AND $6 THEN $4 ELSE consumed_at END
         WHERE id = (SELECT id FROM email_codes WHERE email = $1 AND purpose = $2
                     ORDER BY created_at DESC, id DESC LIMIT 1)
           AND consumed_at IS NULL AND expires_at > $4 AND attempts < $5
         RETURNING code_hash = $3 AS matched, attempts`,
        [t.email, t.purpose, t.codeHash, t.now, t.maxTries, t.consume],
      );
      return rows[0];
    },
    async deleteOlderThan(before: Date): Promise<void> {
      await db.query('DELETE FROM email_codes WHERE expires_at < $1', [before]);
    },
  };
}
