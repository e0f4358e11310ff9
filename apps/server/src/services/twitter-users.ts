/** search/twitter_user and search/twitter_kol: collected X accounts by handle or name, paged. */
import { stripAt, type TwitterUser } from '@kolscope/contract';
import type { Db } from '../db/db';
import { type XAccountRow, xAccountsRepo } from '../db/repos/x-accounts';
import { badRequest } from './errors';

export const USER_PAGE_SIZE = 20;

export function presentUser(r: XAccountRow): TwitterUser {
  return {
    id: r.id,
    username: r.username,
    name: r.name || r.username,
    icon: r.icon,
    followersCount: r.followers_count,
    isBlueVerified: r.is_blue_verified,
    verifiedType: r.verified_type,
  };
}

function decode(cursor: string): { followers: number; id: string } {
  const m = /^(\d{1,15}):([\w:-]{1,40})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badRequest('cursor_invalid');
  return { followers: Number(m[1]), id: m[2]! };
}

export function twitterUsers(deps: { db: Db }) {
  return {
    async search(query: string, nextCb: string, trackedOnly: boolean) {
      const rows = await xAccountsRepo(deps.db).search({
        text: stripAt(query),
        trackedOnly,
        after: nextCb ? decode(nextCb) : undefined,
        limit: USER_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, USER_PAGE_SIZE);
      const last = page.at(-1);
      return {
        list: page.map(presentUser),
        more: rows.length > USER_PAGE_SIZE ? (1 as const) : (0 as const),
        nextCb:
          last && rows.length > USER_PAGE_SIZE
            ? Buffer.from(`${last.followers_count}:${last.id}`).toString('base64url')
            : '',
      };
    },
  };
}
