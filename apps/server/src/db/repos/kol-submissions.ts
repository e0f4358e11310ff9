import type { Queryable } from '../db';

export interface SubmissionRow {
  id: number;
  username: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: Date;
  submitted_by: string;
  count: number;
}

/** The review queue of missing-KOL submissions. */
export function kolSubmissionsRepo(db: Queryable) {
  return {
    async submit(userId: number, username: string, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO kol_submissions (username, user_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (lower(username), user_id) WHERE status = 'pending' DO NOTHING`,
        [username, userId, now],
      );
    },
    /** One row per handle and status: the oldest submission, who sent it and how many asked. */
    async list(status: string): Promise<SubmissionRow[]> {
      return db.query<SubmissionRow>(
        `SELECT DISTINCT ON (lower(s.username)) s.id, s.username, s.status, s.created_at, u.email AS submitted_by,
                count(*) OVER (PARTITION BY lower(s.username))::int AS count
         FROM kol_submissions s JOIN users u ON u.id = s.user_id
         WHERE s.status = $1 ORDER BY lower(s.username), s.created_at, s.id`,
        [status],
      );
    },
    async get(id: number): Promise<SubmissionRow | undefined> {
      return (
        await db.query<SubmissionRow>(
          `SELECT s.id, s.username, s.status, s.created_at, '' AS submitted_by, 1 AS count FROM kol_submissions s WHERE s.id = $1`,
          [id],
        )
      )[0];
    },
    /** Decides every pending submission of the same handle at once. */
    async decide(username: string, status: 'approved' | 'rejected', by: number | null, now: Date): Promise<void> {
      await db.query(
        `UPDATE kol_submissions SET status = $2, decided_by = $3, decided_at = $4
         WHERE lower(username) = lower($1) AND status = 'pending'`,
        [username, status, by, now],
      );
    },
    /** Marks the account tracked, or adds it by handle so the sources can start following it. */
    async track(username: string, now: Date): Promise<void> {
      const updated = await db.query(
        'UPDATE x_accounts SET tracked = true, updated_at = $2 WHERE lower(username) = lower($1) RETURNING id',
        [username, now],
      );
      if (updated.length === 0) {
        await db.query(
          `INSERT INTO x_accounts (id, username, tracked, source, created_at, updated_at)
           VALUES ($1, $2, true, 'review', $3, $3) ON CONFLICT (id) DO UPDATE SET tracked = true`,
          [`handle:${username.toLowerCase()}`, username, now],
        );
      }
    },
  };
}
