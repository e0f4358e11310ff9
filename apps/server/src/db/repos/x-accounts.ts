import type { Queryable } from '../db';
import type { AccountRow } from './collection';

export type XAccountRow = AccountRow;

/** Searching collected accounts (one row per person), most followed first, paged by a (followers, id) keyset. */
export function xAccountsRepo(db: Queryable) {
  return {
    async search(q: {
      text: string;
      trackedOnly: boolean;
      after?: { followers: number; id: string };
      limit: number;
    }): Promise<XAccountRow[]> {
      const params: unknown[] = [];
      const param = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      // One row per person (migration 0019), its naming account, found by any of its accounts'
      // handles or names, ranked by the person's largest audience.
      const where: string[] = ['id = person_id'];
      if (q.trackedOnly) where.push('tracked');
      if (q.text) {
        const like = q.text.toLowerCase().replace(/[\\%_]/g, '\\$&');
        where.push(`person_id IN (SELECT m.person_id FROM x_accounts m
                                  WHERE lower(m.username) LIKE ${param(`${like}%`)} OR lower(m.name) LIKE ${param(`%${like}%`)})`);
      }
      if (q.after) where.push(`(person_followers, id) < (${param(q.after.followers)}, ${param(q.after.id)})`);
      return db.query<XAccountRow>(
        `SELECT id, username, name, icon, person_followers AS followers_count, is_blue_verified, verified_type
         FROM x_accounts WHERE ${where.join(' AND ')}
         ORDER BY person_followers DESC, id DESC LIMIT ${param(q.limit)}`,
        params,
      );
    },
    /** Accounts whose handle is one of `names` (any case). */
    async byUsernames(names: string[]): Promise<XAccountRow[]> {
      if (names.length === 0) return [];
      return db.query<XAccountRow>(
        'SELECT id, username, name, icon, followers_count, is_blue_verified, verified_type FROM x_accounts WHERE lower(username) = ANY($1::text[])',
        [names.map((n) => n.toLowerCase())],
      );
    },
    /** One account, with the source that brought it in (a demo account has no page on X). */
    async byId(id: string): Promise<(XAccountRow & { source: string }) | undefined> {
      const rows = await db.query<XAccountRow & { source: string }>(
        'SELECT id, username, name, icon, followers_count, is_blue_verified, verified_type, source FROM x_accounts WHERE id = $1',
        [id],
      );
      return rows[0];
    },
    async existing(ids: string[]): Promise<XAccountRow[]> {
      if (ids.length === 0) return [];
      return db.query<XAccountRow>(
        'SELECT id, username, name, icon, followers_count, is_blue_verified, verified_type FROM x_accounts WHERE id = ANY($1::text[])',
        [ids],
      );
    },
  };
}
