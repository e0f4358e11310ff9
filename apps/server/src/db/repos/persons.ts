import type { ProfileRef } from '../../domain/persons/profile-refs';
import type { Queryable } from '../db';
import { groupRollupsRepo } from './group-rollups';

/** One account of a person, as the KOL profile and the review queue show it. */
export interface PersonAccountRow {
  id: string;
  username: string;
  name: string;
  icon: string;
  followers_count: number;
  network: string;
  person_id: string;
  source: string;
}

const COLUMNS = 'a.id, a.username, a.name, a.icon, a.followers_count, a.network, a.person_id, a.source';

/**
 * Persons: the accounts one KOL holds across networks (migration 0019). A person is named by the
 * id of one of its accounts, its most followed at the last merge. Merges and splits run in the
 * caller's transaction (services/persons.ts) and keep every rollup exact: the accounts' rows are
 * locked first (a batch storing posts of the same accounts upserts them first, so one waits for
 * the other), then the posts' person_id is rewritten, which the posts triggers count as a move,
 * and the KOL groups whose lists name these accounts are counted again (their lists now reach
 * other accounts): their coin rollups in the background, their event views at once.
 */
export function personsRepo(db: Queryable) {
  /** Locks and returns every account of the persons of these account ids, in id order. */
  async function lockPersons(ids: string[]): Promise<PersonAccountRow[]> {
    return db.query<PersonAccountRow>(
      `SELECT ${COLUMNS} FROM x_accounts a
       WHERE a.person_id IN (SELECT person_id FROM x_accounts WHERE id = ANY($1::text[]))
       ORDER BY a.id FOR UPDATE`,
      [ids],
    );
  }

  /**
   * Posts whose person no longer matches their author's: moved, so every rollup follows.
   * `accountIds` holds every account of the persons before and after.
   */
  async function movePosts(accountIds: string[]): Promise<void> {
    await db.query(
      `UPDATE posts p SET person_id = a.person_id FROM x_accounts a
       WHERE a.id = p.author_id AND p.author_id = ANY($1::text[]) AND p.person_id <> a.person_id`,
      [accountIds],
    );
    // The groups whose lists name these accounts: their coin rollups are counted again in the
    // background (group-rollups.ts; reports read the members meanwhile), their event views now.
    await groupRollupsRepo(db).restartReaching(accountIds);
    await db.query(
      `SELECT event_view_recount(v.view_id) FROM event_views v
       WHERE v.group_id IN (SELECT l.group_id FROM kol_group_accounts l WHERE l.account_id = ANY($1::text[]))`,
      [accountIds],
    );
  }

  /** The most followed account (then the smallest id): the one that names the person. */
  const leader = (rows: PersonAccountRow[]) =>
    [...rows].sort((a, b) => Number(b.followers_count) - Number(a.followers_count) || (a.id < b.id ? -1 : 1))[0]!;

  return {
    /** Every account of the person holding `accountId`, most followed first; [] when unknown. */
    async accountsOf(accountId: string): Promise<PersonAccountRow[]> {
      return db.query<PersonAccountRow>(
        `SELECT ${COLUMNS} FROM x_accounts a
         WHERE a.person_id = (SELECT person_id FROM x_accounts WHERE id = $1)
         ORDER BY a.followers_count DESC, a.id`,
        [accountId],
      );
    },

    /** The stored accounts these refs name, with what they say about themselves. */
    async resolve(refs: ProfileRef[]): Promise<(PersonAccountRow & { bio: string; links: string[] })[]> {
      if (refs.length === 0) return [];
      const ids = refs.flatMap((r) => ('id' in r ? [r.id] : []));
      const handles = refs.flatMap((r) => ('handle' in r ? [{ n: r.network, h: r.handle }] : []));
      // Each way of naming an account is its own indexed lookup (lower(id): migration 0026;
      // lower(username): 0002): written as one OR, the query read every account on each batch.
      return db.query(
        `SELECT ${COLUMNS}, a.bio, a.links FROM x_accounts a
         WHERE a.id IN (SELECT x.id FROM x_accounts x WHERE lower(x.id) = ANY($1::text[])
                        UNION
                        SELECT x.id FROM jsonb_to_recordset($2::jsonb) AS r(n text, h text)
                        JOIN x_accounts x ON lower(x.username) = r.h AND x.network = r.n)`,
        [ids.map((i) => i.toLowerCase()), JSON.stringify(handles)],
      );
    },

    /** Records a one-sided claim for the review queue; one already decided stays decided. */
    async suggest(claimantId: string, claimedId: string, reason: string, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO person_link_suggestions (claimant_id, claimed_id, reason, created_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (claimant_id, claimed_id) DO NOTHING`,
        [claimantId, claimedId, reason.slice(0, 300), now],
      );
    },

    /** Pending suggestions whose accounts are still two persons, newest first. */
    async suggestions(limit: number) {
      return db.query<{ claimant_id: string; claimed_id: string; reason: string; created_at: Date }>(
        `SELECT s.claimant_id, s.claimed_id, s.reason, s.created_at FROM person_link_suggestions s
         JOIN x_accounts a ON a.id = s.claimant_id JOIN x_accounts b ON b.id = s.claimed_id
         WHERE s.status = 'pending' AND a.person_id <> b.person_id
         ORDER BY s.created_at DESC, s.claimant_id, s.claimed_id LIMIT $1`,
        [limit],
      );
    },

    /** Marks a pending suggestion decided; false when there is none pending. */
    async decide(claimantId: string, claimedId: string, status: 'merged' | 'dismissed'): Promise<boolean> {
      const rows = await db.query(
        `UPDATE person_link_suggestions SET status = $3
         WHERE claimant_id = $1 AND claimed_id = $2 AND status = 'pending' RETURNING 1`,
        [claimantId, claimedId, status],
      );
      return rows.length > 0;
    },

    /** Which of these ids are stored accounts. */
    async existing(ids: string[]): Promise<string[]> {
      const rows = await db.query<{ id: string }>('SELECT id FROM x_accounts WHERE id = ANY($1::text[])', [ids]);
      return rows.map((r) => r.id);
    },

    /**
     * Makes the accounts (and every account already sharing a person with one of them) one
     * person. Returns the person id, and every person id before and after (whose track records
     * the caller re-derives); the caller checks the ids exist.
     */
    async merge(ids: string[]): Promise<{ person: string; touched: string[] }> {
      const members = await lockPersons(ids);
      const person = leader(members).id;
      const all = members.map((m) => m.id);
      await db.query('UPDATE x_accounts SET person_id = $1 WHERE id = ANY($2::text[]) AND person_id <> $1', [
        person,
        all,
      ]);
      await db.query('SELECT person_sync(ARRAY[$1]::text[])', [person]);
      await movePosts(all);
      return { person, touched: [...new Set([person, ...members.map((m) => m.person_id)])] };
    },

    /** Makes the account a person of its own again: the person ids before and after; [] when it was alone. */
    async unmerge(id: string): Promise<string[]> {
      const members = await lockPersons([id]);
      if (members.length < 2) return [];
      const rest = members.filter((m) => m.id !== id);
      const person = members[0]!.person_id;
      // The rest keep their person; if it was named by the account leaving, the next names it.
      const next = person === id ? leader(rest).id : person;
      await db.query('UPDATE x_accounts SET person_id = $1 WHERE id = ANY($2::text[]) AND person_id <> $1', [
        next,
        rest.map((r) => r.id),
      ]);
      await db.query('UPDATE x_accounts SET person_id = id WHERE id = $1', [id]);
      await db.query('SELECT person_sync($1::text[])', [[id, next]]);
      await movePosts(members.map((m) => m.id));
      return [...new Set([id, next, person])];
    },
  };
}
