/**
 * kol/profile and kol/posts: one collected account as the KOL profile page shows it. The track
 * record beside it is services/track-records (kol/track_record); the posts are a view feed's page.
 */
import { type Language, networkOfId, Ret } from '@kolscope/contract';
import type { Db } from '../db/db';
import { personsRepo } from '../db/repos/persons';
import { xAccountsRepo } from '../db/repos/x-accounts';
import { AppError } from './errors';
import type { Feed } from './feed';
import type { KolGroups } from './kol-groups';
import { accountPageUrl, presentAccount } from './persons';
import { presentUser } from './twitter-users';

export function kolProfile(deps: { db: Db; kolGroups: KolGroups; feed: Feed }) {
  async function accountOf(id: string) {
    const account = await xAccountsRepo(deps.db.read).byId(id);
    if (!account) throw new AppError(Ret.notFound, 'kol_not_found');
    return account;
  }

  return {
    /**
     * The header: the account, its page, the user's groups that hold it, and the person's accounts
     * on every network (issue 17 §2); the followers shown are the person's largest audience.
     */
    async profile(userId: number, twitterUserId: string, lang: Language) {
      const account = await accountOf(twitterUserId);
      const url = accountPageUrl(account);
      const accounts = await personsRepo(deps.db.read).accountsOf(account.id);
      const largest = Math.max(Number(account.followers_count), ...accounts.map((a) => Number(a.followers_count)));
      return {
        user: { ...presentUser(account), network: networkOfId(account.id), followersCount: largest },
        ...(url ? { url } : {}),
        groups: await deps.kolGroups.holding(userId, account.id, lang),
        accounts: accounts.map(presentAccount),
      };
    },

    async posts(userId: number, twitterUserId: string, nextCb: string, lang: Language) {
      const account = await accountOf(twitterUserId);
      return deps.feed.authorPosts(userId, account.id, nextCb, lang);
    },
  };
}
export type KolProfile = ReturnType<typeof kolProfile>;
