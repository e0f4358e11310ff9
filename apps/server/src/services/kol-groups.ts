/**
 * KOL groups: every user has All KOLs, Top Influencers and Special Focus (not removable) and may
 * add groups of their own. Validation per spec section 5; membership rule in db/repos/kol-groups.
 */
import {
  ALL_KOLS_GROUP_ID,
  isMessageKey,
  type KolGroup,
  KOL_ALL_MAX_PAGES,
  type Language,
  normaliseFansRange,
  Ret,
  translate,
  uniqueIds,
} from '@kolscope/contract';
import type { Db, Queryable } from '../db/db';
import { type GroupRule, groupRule, type KolGroupRow, kolGroupsRepo } from '../db/repos/kol-groups';
import { xAccountsRepo } from '../db/repos/x-accounts';
import type { Clock } from '../domain/clock';
import { localBus } from './events/local';
import type { EventBus } from './events/types';
import { AppError, badRequest, notFound } from './errors';
import { presentUser, USER_PAGE_SIZE } from './twitter-users';
import { CURSOR_ID, cursorPattern } from './cursor-id';

const DEFAULTS = [
  { key: 'kol_default_all', role: 'all', fans: [0, 0], useFans: true },
  { key: 'kol_default_top', role: 'top', fans: [100_000, 0], useFans: true },
  { key: 'kol_default_focus', role: 'whitelistOnly', fans: [0, 0], useFans: false },
] as const;
const roleOf = (r: KolGroupRow) => DEFAULTS.find((d) => d.key === r.default_key)?.role;

/** 'all' stands for every tracked KOL in member lists. */
const ALL: GroupRule = { useFans: true, min: 0, max: 0, white: [], black: [] };

export interface GroupFields {
  name: string;
  twitterUserFans: [number, number];
  whiteTwitterUserIds: string[];
  blackTwitterUserIds: string[];
}

const parseId = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : 0);

function encode(row: { followers_count: number; id: string }, page: number): string {
  return Buffer.from(`${row.followers_count}:${row.id}:${page}`).toString('base64url');
}
function decode(cursor: string): { followers: number; id: string; page: number } {
  const m = cursorPattern('(\\d{1,15})', `(${CURSOR_ID})`, '(\\d{1,3})').exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!m) throw badRequest('cursor_invalid');
  return { followers: Number(m[1]), id: m[2]!, page: Number(m[3]) };
}

/** A group's name as shown: default groups are named in the reader's language. */
export const groupName = (r: Pick<KolGroupRow, 'default_key' | 'name'>, lang: Language) =>
  isMessageKey(r.default_key) ? translate(lang, r.default_key) : r.name;

export function kolGroups(deps: { db: Db; clock: Clock; events?: EventBus }) {
  // Nothing here is cached (a group's rule is read per request); the event is for the caches and
  // open screens that count by groups elsewhere.
  const events = deps.events ?? localBus();
  const changed = (userId: number, groupId: number) => events.publish({ type: 'group_changed', userId, groupId });
  const repoOf = (db: Queryable = deps.db) => kolGroupsRepo(db);

  async function seed(userId: number, lang: Language) {
    await deps.db.transaction(async (tx) => {
      const repo = repoOf(tx);
      if (!(await repo.claimSeeding(userId))) return;
      for (const d of DEFAULTS) {
        await repo.insert(
          userId,
          {
            name: translate(lang, d.key),
            fans_min: d.fans[0],
            fans_max: d.fans[1],
            use_fans: d.useFans,
            default_key: d.key,
          },
          deps.clock.now(),
        );
      }
    });
  }

  async function own(userId: number, groupId: string): Promise<KolGroupRow> {
    const row = await repoOf().get(userId, parseId(groupId));
    if (!row) throw notFound();
    return row;
  }

  async function rulesOf(rows: KolGroupRow[]): Promise<Map<number, GroupRule>> {
    const lists = await repoOf().lists(rows.map((r) => r.id));
    return new Map(rows.map((r) => [r.id, groupRule(r, lists)]));
  }

  const nameOf = groupName;

  async function checkFields(fields: GroupFields) {
    const white = uniqueIds(fields.whiteTwitterUserIds);
    const black = uniqueIds(fields.blackTwitterUserIds).filter((id) => !white.includes(id));
    const missing = await repoOf().missingAccounts([...white, ...black]);
    if (missing.length) throw badRequest('kol_account_unknown', { id: missing[0]! });
    const [min, max] = normaliseFansRange(fields.twitterUserFans);
    return { name: fields.name, white, black, min, max };
  }

  return {
    /** Who counts in one of the user's groups, for reports filtered by it; not found otherwise. */
    async ruleOf(userId: number, groupId: string): Promise<GroupRule> {
      const row = await own(userId, groupId);
      return (await rulesOf([row])).get(row.id)!;
    },

    /**
     * ruleOf, or for ALL_KOLS_GROUP_ID every tracked KOL (the leaderboards over all KOLs, issue 33
     * §4): the user's own "All KOLs" group may have been narrowed, this never is.
     */
    async boardRule(userId: number, groupId: string): Promise<GroupRule> {
      if (groupId === ALL_KOLS_GROUP_ID) return ALL;
      const row = await own(userId, groupId);
      return (await rulesOf([row])).get(row.id)!;
    },

    /** The user's groups (default ones named in `lang`) that hold the account, for its profile. */
    async holding(userId: number, accountId: string, lang: Language) {
      await seed(userId, lang);
      const rows = await repoOf().holding(userId, accountId);
      return rows.map((r) => ({ groupId: String(r.id), name: nameOf(r, lang) }));
    },

    async list(userId: number, lang: Language): Promise<KolGroup[]> {
      await seed(userId, lang);
      const rows = await repoOf().listOf(userId);
      const rules = await rulesOf(rows);
      const counts = await repoOf().countMany(rows.map((r) => rules.get(r.id)!));
      return rows.map(
        (r, i): KolGroup => ({
          id: String(r.id),
          kolGroupId: String(r.id),
          name: nameOf(r, lang),
          kolCnt: counts[i] ?? 0,
          isDefault: r.default_key !== '',
          defaultRole: roleOf(r),
          twitterUserFans: [r.fans_min, r.fans_max] as [number, number],
          whiteTwitterUsers: [],
          blackTwitterUsers: [],
        }),
      );
    },

    /**
     * The caller's groups (defaults seeded first, in list order, named in `lang`) with who counts
     * in each: figures per group without a view (the coin page). Never another user's.
     */
    async withRules(userId: number, lang: Language) {
      await seed(userId, lang);
      const rows = await repoOf().listOf(userId);
      const rules = await rulesOf(rows);
      return rows.map((r) => ({ id: r.id, name: nameOf(r, lang), defaultRole: roleOf(r), rule: rules.get(r.id)! }));
    },

    async info(userId: number, groupId: string, lang: Language): Promise<KolGroup> {
      const row = await own(userId, groupId);
      const rule = (await rulesOf([row])).get(row.id)!;
      const accounts = await xAccountsRepo(deps.db).existing([...rule.white, ...rule.black]);
      const users = (ids: string[]) => accounts.filter((a) => ids.includes(a.id)).map(presentUser);
      return {
        id: String(row.id),
        kolGroupId: String(row.id),
        name: nameOf(row, lang),
        kolCnt: (await repoOf().countMany([rule]))[0] ?? 0,
        isDefault: row.default_key !== '',
        defaultRole: roleOf(row),
        twitterUserFans: [row.fans_min, row.fans_max],
        whiteTwitterUsers: users(rule.white),
        blackTwitterUsers: users(rule.black),
      };
    },

    async add(userId: number, fields: GroupFields, lang: Language): Promise<void> {
      await seed(userId, lang);
      const f = await checkFields(fields);
      const created = await deps.db.transaction(async (tx) => {
        const g = await repoOf(tx).insert(
          userId,
          { name: f.name, fans_min: f.min, fans_max: f.max, use_fans: true, default_key: '' },
          deps.clock.now(),
        );
        await repoOf(tx).setLists(g.id, f.white, f.black);
        return g;
      });
      await changed(userId, created.id);
    },

    async update(userId: number, groupId: string, fields: GroupFields): Promise<void> {
      const row = await own(userId, groupId);
      const f = await checkFields(fields);
      await deps.db.transaction(async (tx) => {
        // A default group keeps its name (it follows the reader's language).
        await repoOf(tx).update(
          userId,
          row.id,
          { name: row.default_key ? row.name : f.name, fans_min: f.min, fans_max: f.max },
          deps.clock.now(),
        );
        await repoOf(tx).setLists(row.id, f.white, f.black);
      });
      await changed(userId, row.id);
    },

    async remove(userId: number, groupId: string): Promise<void> {
      const row = await own(userId, groupId);
      if (row.default_key) throw new AppError(Ret.conflict, 'kol_default_group', {}, 409);
      await repoOf().delete(userId, row.id);
      await changed(userId, row.id);
    },

    /** Members of a group ('all': every tracked KOL), most followed first, 20 a page. */
    async members(userId: number, groupId: string, nextCb: string, maxPages = Number.POSITIVE_INFINITY) {
      const rule = groupId === 'all' ? ALL : (await rulesOf([await own(userId, groupId)])).values().next().value!;
      const cursor = nextCb ? decode(nextCb) : undefined;
      const page = (cursor?.page ?? 0) + 1;
      const rows = await repoOf().members(rule, cursor, USER_PAGE_SIZE + 1);
      const list = rows.slice(0, USER_PAGE_SIZE);
      const more = rows.length > USER_PAGE_SIZE && page < maxPages;
      return {
        list: list.map(presentUser),
        more: more ? (1 as const) : (0 as const),
        nextCb: more ? encode(list.at(-1)!, page) : '',
      };
    },

    allKolsMaxPages: KOL_ALL_MAX_PAGES,
  };
}
export type KolGroups = ReturnType<typeof kolGroups>;
