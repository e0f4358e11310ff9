import type { Queryable } from '../db';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  icon: string;
  password_hash: string;
  is_admin: boolean;
  invite_code: string;
  source_id: string;
  source_invite_code: string;
  source_invite_user_id: number | null;
  language: string;
  created_at: Date;
  updated_at: Date;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  inviteCode: string;
  sourceInviteCode: string;
  sourceInviteUserId: number | null;
  isAdmin: boolean;
  language: string;
  now: Date;
}

export function usersRepo(db: Queryable) {
  return {
    async byEmail(email: string): Promise<UserRow | undefined> {
      return (await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]))[0];
    },
    async byId(id: number): Promise<UserRow | undefined> {
      return (await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]))[0];
    },
    async byInviteCode(code: string): Promise<UserRow | undefined> {
      return (await db.query<UserRow>('SELECT * FROM users WHERE invite_code = $1', [code]))[0];
    },
    async inviteCodeTaken(code: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM users WHERE invite_code = $1', [code])).length > 0;
    },
    /** Returns the new row, or undefined when the e-mail is already taken. */
    async insert(u: NewUser): Promise<UserRow | undefined> {
      const rows = await db.query<UserRow>(
        `INSERT INTO users (email, name, password_hash, invite_code, source_invite_code, source_invite_user_id,
                            is_admin, language, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (email) DO NOTHING
         RETURNING *`,
        [
          u.email,
          u.name,
          u.passwordHash,
          u.inviteCode,
          u.sourceInviteCode,
          u.sourceInviteUserId,
          u.isAdmin,
          u.language,
          u.now,
        ],
      );
      return rows[0];
    },
    async setPassword(id: number, passwordHash: string, now: Date): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, now]);
    },
    async setLanguage(id: number, language: string): Promise<void> {
      await db.query('UPDATE users SET language = $2 WHERE id = $1 AND language <> $2', [id, language]);
    },
    /** Returns false when no account has this e-mail. */
    async setAdmin(email: string, isAdmin: boolean, now: Date): Promise<boolean> {
      const rows = await db.query('UPDATE users SET is_admin = $2, updated_at = $3 WHERE email = $1 RETURNING id', [
        email,
        isAdmin,
        now,
      ]);
      return rows.length > 0;
    },
  };
}
