/**
 * KOL groups. A group's members are the tracked accounts whose followers lie in its range (when
 * the range is used), plus its whitelist, minus its blacklist. Counts and pages are computed from
 * the accounts' current follower counts, so they stay right as those change.
 */
import type { Queryable } from '../db';
import { ownedRows } from './owned';
import { knownRange, memberRule, rangeMember, storedRange } from '../rollups/membership';
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
  /** The stored group the lists belong to; absent for the 'all' rule, which has no lists. */
  groupId?: number;
  useFans: boolean;
  min: number;
  /** 0: unlimited. */
  max: number;
  white: string[];
  black: string[];
}

/** An account `a` in the follower range of the stored group `g`, by the membership rule (db/rollups/membership.ts). */
const GROUP_RANGE = rangeMember(
  'g.use_fans',
  'a.tracked',
  storedRange('a.person_followers', 'g.fans_min', 'g.fans_max'),
);

/** Account `a` belongs to the person of one of these account ids (an array parameter): lists name persons. */
function samePerson(ids: string): string {
  return `a.person_id = ANY(ARRAY(SELECT x.person_id FROM x_accounts x WHERE x.id = ANY(${ids}::text[])))`;
}

/**
 * The SQL condition "account `a` is a member under this rule", for queries over x_accounts a
 * (db/rollups/membership.ts), with the rule's values as parameters so it stays indexable.
 */
export function memberCondition(rule: GroupRule, param: (v: unknown) => string): string {
  // Only the parameters the text uses are sent: the range's only when the group uses it.
  const range = rule.useFans
    ? rangeMember(true, 'a.tracked', knownRange('a.person_followers', rule.min, rule.max, param))
    : 'false';
  return memberRule(range, samePerson(param(rule.white)), `(${samePerson(param(rule.black))})`);
}

type ListRow = { group_id: number; account_id: string; list: 'white' | 'black' };

/** A stored group's rule, from its row and the list rows of its lists (others are ignored). */
export function groupRule(row: KolGroupRow, lists: ListRow[]): GroupRule {
  const of = (list: string) => lists.filter((l) => l.group_id === row.id && l.list === list).map((l) => l.account_id);
  return {
    groupId: row.id,
    useFans: row.use_fans,
    min: row.fans_min,
    max: row.fans_max,
    white: of('white'),
    black: of('black'),
  };
}

export function kolGroupsRepo(db: Queryable) {
  return {
    ...ownedRows<KolGroupRow>(db, 'kol_groups'),
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
    /** A group's rule by its id alone (background work has no user); undefined once deleted. */
    async ruleById(groupId: number): Promise<GroupRule | undefined> {
      const [row] = await db.query<KolGroupRow>('SELECT * FROM kol_groups WHERE id = $1', [groupId]);
      return row ? groupRule(row, await this.lists([groupId])) : undefined;
    },
    async lists(groupIds: number[]): Promise<ListRow[]> {
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
     * The number of members of each group: the tracked accounts in range, plus whitelisted
     * accounts outside it, minus blacklisted accounts inside it (an account is on one list at
     * most). One pass over the tracked accounts counts every group's range at once; the
     * adjustments look only at the (small) lists.
     */
    async countMany(rules: GroupRule[]): Promise<number[]> {
      if (rules.length === 0) return [];
      const params: unknown[] = [];
      const param = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      // Tracked accounts only (the FROM below): the range alone.
      const inRange = (r: GroupRule) =>
        r.useFans ? knownRange('a.person_followers', r.min, r.max, param, '::bigint') : 'false';
      const ranges = rules.map((r) => `count(*) FILTER (WHERE ${inRange(r)})`);
      const [counts] = await db.query<Record<string, number>>(
        // Only the follower column is read, so the narrow partial index on tracked accounts serves it.
        `SELECT ${ranges.map((c, i) => `${c} AS r${i}`).join(', ')}
         FROM (SELECT person_followers FROM x_accounts WHERE tracked) a`,
        params,
      );
      // The adjustments start from the small list table and join accounts by key, whatever plan
      // a prepared statement settles on.
      const ids = rules.flatMap((r) => (r.groupId === undefined ? [] : [r.groupId]));
      const diffRows = ids.length
        ? await db.query<{ group_id: number; d: number }>(
            `SELECT l.group_id,
                    count(DISTINCT a.id) FILTER (WHERE l.list = 'white' AND NOT ${GROUP_RANGE})
                  - count(DISTINCT a.id) FILTER (WHERE l.list = 'black' AND ${GROUP_RANGE}) AS d
             FROM kol_group_accounts l
             JOIN kol_groups g ON g.id = l.group_id
             JOIN x_accounts x ON x.id = l.account_id
             JOIN x_accounts a ON a.person_id = x.person_id
             WHERE l.group_id = ANY($1::bigint[])
             GROUP BY l.group_id`,
            [ids],
          )
        : [];
      const diffs = new Map(diffRows.map((r) => [Number(r.group_id), Number(r.d)]));
      return rules.map(
        (r, i) => Number(counts?.[`r${i}`] ?? 0) + (r.groupId === undefined ? 0 : (diffs.get(r.groupId) ?? 0)),
      );
    },

    /** Members, most followed first, after the (followers, id) position of the last one shown. */
    async members(
      rule: GroupRule,
      after: { followers: number; id: string } | undefined,
      limit: number,
    ): Promise<AccountRow[]> {
      // Only the parameters the text uses are sent: PostgreSQL cannot type an unused one.
      const params: unknown[] = [];
      const param = (v: unknown) => {
        params.push(v);
        return `$${params.length}`;
      };
      const keyset = after ? `AND (a.followers_count, a.id) < (${param(after.followers)}, ${param(after.id)})` : '';
      return db.query<AccountRow>(
        `SELECT a.id, a.username, a.name, a.icon, a.followers_count, a.is_blue_verified, a.verified_type
         FROM x_accounts a
         WHERE ${memberCondition(rule, param)} ${keyset}
         ORDER BY a.followers_count DESC, a.id DESC LIMIT ${param(limit)}`,
        params,
      );
    },

    /** The user's groups whose membership rule holds the account (db/rollups/membership.ts), in list order. */
    async holding(userId: number, accountId: string): Promise<KolGroupRow[]> {
      const listed = (list: string) =>
        `EXISTS (SELECT 1 FROM kol_group_accounts l JOIN x_accounts x ON x.id = l.account_id
                 WHERE l.group_id = g.id AND x.person_id = a.person_id AND l.list = '${list}')`;
      return db.query<KolGroupRow>(
        `SELECT g.* FROM kol_groups g JOIN x_accounts a ON a.id = $2
         WHERE g.user_id = $1 AND ${memberRule(GROUP_RANGE, listed('white'), listed('black'))}
         ORDER BY g.id`,
        [userId, accountId],
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
