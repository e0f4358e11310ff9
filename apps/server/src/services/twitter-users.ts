/** search/twitter_user and search/twitter_kol: collected X accounts by handle or name, paged. */
import { stripAt, type TwitterUser } from '@kolscope/contract';
import type { Db } from '../db/db';
import { type XAccountRow, xAccountsRepo } from '../db/repos/x-accounts';
import { badRequest } from './errors';
import { CURSOR_ID, cursorPattern } from './cursor-id';

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

/** The cursor names the last account shown and the page number (for a page limit). */
function decode(cursor: string): { followers: number; id: string; page: number } {
  const m = cursorPattern('(\\d{1,15})', `(${CURSOR_ID})`, '(\\d{1,4})').exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!m) throw badRequest('cursor_invalid');
  return { followers: Number(m[1]), id: m[2]!, page: Number(m[3]) };
}

export function twitterUsers(deps: { db: Db }) {
  return {
    /** Accounts by handle prefix or name; `maxPages` caps how far the cursor goes. */
    async search(query: string, nextCb: string, trackedOnly: boolean, opts: { size?: number; maxPages?: number } = {}) {
      const size = opts.size ?? USER_PAGE_SIZE;
      const cursor = nextCb ? decode(nextCb) : undefined;
      const pageNo = (cursor?.page ?? 0) + 1;
      const rows = await xAccountsRepo(deps.db.read).search({
        text: stripAt(query),
        trackedOnly,
        after: cursor,
        limit: size + 1,
      });
      const page = rows.slice(0, size);
      const last = page.at(-1);
      const more = rows.length > size && pageNo < (opts.maxPages ?? Number.POSITIVE_INFINITY);
      return {
        list: page.map(presentUser),
        more: more ? (1 as const) : (0 as const),
        nextCb: last && more ? Buffer.from(`${last.followers_count}:${last.id}:${pageNo}`).toString('base64url') : '',
      };
    },
  };
}
