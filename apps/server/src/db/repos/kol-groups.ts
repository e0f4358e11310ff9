/**
 * KOL groups. A group's members are the tracked accounts whose followers lie in its range (when
 * the range is used), plus its whitelist, minus its blacklist. Counts and pages are computed from
 * the accounts' current follower counts, so they stay right as those change.
 */
import type { Queryable } from '../db';
import type { AccountRow } from './collection';

export interface KolGroupRow {
  id: number;
  user_id: number;
  name: string;
  fans_min: number;
  fans_max: number;
  use_fans: boolean;
  default_key: string;
}

export interface GroupRule {
  useFans: boolean;
  min: number;
  /** 0: unlimited. */
  max: number;
  white: string[];
  black: string[];
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

export function kolGroupsRepo(db: Queryable) {
  return {
    async listOf(userId: number): Promise<KolGroupRow[]> {
      return db.query<KolGroupRow>('SELECT * FROM kol_groups WHERE user_id = $1 ORDER BY id', [userId]);
    },
    async get(userId: number, id: number): Promise<KolGroupRow | undefined> {
      return (await db.query<KolGroupRow>('SELECT * FROM kol_groups WHERE user_id = $1 AND id = $2', [userId, id]))[0];
    },
    async insert(userId: number, g: Omit<KolGroupRow, 'id' | 'user_id'>, now: Date): Promise<KolGroupRow> {
      const rows = await db.query<KolGroupRow>(
        `INSERT INTO kol_groups (user_id, name, fans_min, fans_max, use_fans, default_key, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING *`,
        [userId, g.name, g.fans_min, g.fans_max, g.use_fans, g.default_key, now],
      );
      return rows[0]!;
    },
    async update(userId: number, id: number, g: { name: string; fans_min: number; fans_max: number }, now: Date) {
      await db.query(
        'UPDATE kol_groups SET name = $3, fans_min = $4, fans_max = $5, updated_at = $6 WHERE user_id = $1 AND id = $2',
        [userId, id, g.name, g.fans_min, g.fans_max, now],
      );
    },
    async delete(userId: number, id: number): Promise<void> {
      await db.query('DELETE FROM kol_groups WHERE user_id = $1 AND id = $2', [userId, id]);
    },
    async lists(groupIds: number[]): Promise<{ group_id: number; account_id: string; list: 'white' | 'black' }[]> {
      if (groupIds.length === 0) return [];
      return db.query('SELECT group_id, account_id, list FROM kol_group_accounts WHERE group_id = ANY($1::bigint[])', [
        groupIds,
      ]);
    },
    async setLists(groupId: number, white: string[], black: string[]): Promise<void> {
      await db.query('DELETE FROM kol_group_accounts WHERE group_id = $1', [groupId]);
      await db.query(
        `INSERT INTO kol_group_accounts (group_id, account_id, list)
         SELECT $1::bigint, w, 'white' FROM unnest($2::text[]) w UNION ALL SELECT $1::bigint, b, 'black' FROM unnest($3::text[]) b`,
        [groupId, white, black],
      );
    },
    async claimSeeding(userId: number): Promise<boolean> {
      const rows = await db.query(
        'UPDATE users SET kol_groups_seeded = true WHERE id = $1 AND NOT kol_groups_seeded RETURNING id',
        [userId],
      );
      return rows.length > 0;
    },

    /**
     * The number of members: the tracked accounts in range, plus whitelisted accounts outside it,
     * minus blacklisted accounts inside it (an account is on one list at most). The range part is
     * an index range count; the lists are small.
     */
    async count(rule: GroupRule): Promise<number> {
      const max = rule.max > 0 ? rule.max : UNLIMITED;
      const inRange = `(${rule.useFans} AND a.tracked AND a.followers_count BETWEEN $1 AND $2)`;
      const rows = await db.query<{ n: number }>(
        `SELECT (CASE WHEN ${rule.useFans} THEN (SELECT count(*) FROM x_accounts a WHERE a.tracked AND a.followers_count BETWEEN $1 AND $2) ELSE 0 END)
              + (SELECT count(*) FROM x_accounts a WHERE a.id = ANY($3::text[]) AND NOT ${inRange})
              - (SELECT count(*) FROM x_accounts a WHERE a.id = ANY($4::text[]) AND ${inRange}) AS n`,
        [rule.min, max, rule.white, rule.black],
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Members, most followed first, after the (followers, id) position of the last one shown. */
    async members(
      rule: GroupRule,
      after: { followers: number; id: string } | undefined,
      limit: number,
    ): Promise<AccountRow[]> {
      const max = rule.max > 0 ? rule.max : UNLIMITED;
      const params: unknown[] = [rule.min, max, rule.white, rule.black, limit];
      const range = rule.useFans ? '(a.tracked AND a.followers_count BETWEEN $1 AND $2)' : 'false';
      let keyset = '';
      if (after) {
        params.push(after.followers, after.id);
        keyset = 'AND (a.followers_count, a.id) < ($6, $7)';
      }
      return db.query<AccountRow>(
        `SELECT a.id, a.username, a.name, a.icon, a.followers_count, a.is_blue_verified, a.verified_type
         FROM x_accounts a
         WHERE (${range} OR a.id = ANY($3::text[])) AND NOT (a.id = ANY($4::text[])) ${keyset}
         ORDER BY a.followers_count DESC, a.id DESC LIMIT $5`,
        params,
      );
    },

    async missingAccounts(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db.query<{ id: string }>('SELECT id FROM x_accounts WHERE id = ANY($1::text[])', [ids]);
      const known = new Set(found.map((r) => r.id));
      return ids.filter((id) => !known.has(id));
    },
  };
}
