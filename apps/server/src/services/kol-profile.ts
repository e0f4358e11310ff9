/**
 * kol/profile and kol/posts: one collected account as the KOL profile page shows it. The track
 * record beside it is services/track-records (kol/track_record); the posts are a view feed's page.
 */
import { type Language, Ret } from '@kolscope/contract';
import type { Db } from '../db/db';
import { xAccountsRepo } from '../db/repos/x-accounts';
import { AppError } from './errors';
import type { Feed } from './feed';
import type { KolGroups } from './kol-groups';
import { presentUser } from './twitter-users';

/**
 * The account's page on X: only for an X id (numeric; handle-only accounts are `handle:<name>`)
 * of a real source, since demo accounts have invented ids and handles, as their posts' links do.
 */
export function accountUrl(a: { id: string; username: string; source: string }): string | undefined {
  const onX = a.source !== 'demo' && /^\d{1,20}$/.test(a.id) && /^\w{1,50}$/.test(a.username);
  return onX ? `https://x.com/${a.username}` : undefined;
}

export function kolProfile(deps: { db: Db; kolGroups: KolGroups; feed: Feed }) {
  async function accountOf(id: string) {
    const account = await xAccountsRepo(deps.db).byId(id);
    if (!account) throw new AppError(Ret.notFound, 'kol_not_found');
    return account;
  }

  return {
    /** The header: the account, its page on X, and the user's groups that hold it. */
    async profile(userId: number, twitterUserId: string, lang: Language) {
      const account = await accountOf(twitterUserId);
      const url = accountUrl(account);
      return {
        user: presentUser(account),
        ...(url ? { url } : {}),
        groups: await deps.kolGroups.holding(userId, account.id, lang),
      };
    },

    async posts(userId: number, twitterUserId: string, nextCb: string, lang: Language) {
      const account = await accountOf(twitterUserId);
      return deps.feed.authorPosts(userId, account.id, nextCb, lang);
    },
  };
}
export type KolProfile = ReturnType<typeof kolProfile>;
