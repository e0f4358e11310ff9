/**
 * Missing-KOL submissions: a user names an account that is not listed; an administrator approves
 * it (the account becomes tracked, so the sources follow it) or rejects it.
 */
import type { Db } from '../db/db';
import { kolSubmissionsRepo } from '../db/repos/kol-submissions';
import { type Clock, epochSeconds } from '../domain/clock';
import { notFound } from './errors';

export function kolReview(deps: { db: Db; clock: Clock }) {
  const repo = () => kolSubmissionsRepo(deps.db);
  return {
    submit: (userId: number, username: string) => repo().submit(userId, username, deps.clock.now()),

    async list(status: 'pending' | 'approved' | 'rejected') {
      return (await repo().list(status)).map((r) => ({
        submissionId: String(r.id),
        twitterUserName: r.username,
        submittedBy: r.submitted_by,
        count: r.count,
        status: r.status,
        ct: epochSeconds(r.created_at),
      }));
    },

    async review(submissionId: string, approve: boolean, adminId: number | null): Promise<string> {
      const row = /^\d{1,15}$/.test(submissionId) ? await repo().get(Number(submissionId)) : undefined;
      if (row?.status !== 'pending') throw notFound();
      await deps.db.transaction(async (tx) => {
        const r = kolSubmissionsRepo(tx);
        if (approve) await r.track(row.username, deps.clock.now());
        await r.decide(row.username, approve ? 'approved' : 'rejected', adminId, deps.clock.now());
      });
      return row.username;
    },
  };
}
