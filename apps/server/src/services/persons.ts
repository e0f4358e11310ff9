/**
 * One KOL, several networks (issue 17 §2): the administrator's merge, split and "Same person?"
 * queue, the operator's KOL_LINKS, and the cross-links an account states itself. The counting is
 * db/repos/persons.ts's; this file decides what may be linked.
 */
import { networkOfId, Ret, type TwitterUser } from '@kolscope/contract';
import type { Db, Queryable } from '../db/db';
import type { AccountRow } from '../db/repos/collection';
import { type PersonAccountRow, personsRepo } from '../db/repos/persons';
import { type ProfileRef, profileRefs, refersTo } from '../domain/persons/profile-refs';
import { type Clock, epochSeconds } from '../domain/clock';
import { trackAuthorsChanged } from './track-record/store';
import { AppError, badRequest } from './errors';

/** The account's page on its network; none for demo accounts (invented ids and handles). */
export function accountPageUrl(a: { id: string; username: string; source: string }): string | undefined {
  if (a.source === 'demo') return undefined;
  const network = networkOfId(a.id);
  const handle = /^[\w.-]{1,100}$/.test(a.username) ? a.username : '';
  if (network === 'x')
    return /^\d{1,20}$/.test(a.id) && /^\w{1,50}$/.test(a.username) ? `https://x.com/${a.username}` : undefined;
  if (network === 'telegram') return `https://t.me/${a.id.slice(3)}`;
  if (network === 'bluesky') return `https://bsky.app/profile/${a.id.slice(5)}`;
  return handle ? `https://warpcast.com/${handle}` : undefined;
}

/** An account as the profile and the review queue show it. */
export function presentAccount(a: PersonAccountRow): TwitterUser & { url?: string } {
  const url = accountPageUrl(a);
  return {
    id: a.id,
    // The id says the network (contract networks.ts) even for rows stored before the column.
    network: networkOfId(a.id),
    username: a.username,
    name: a.name || a.username,
    icon: a.icon,
    followersCount: Number(a.followers_count),
    ...(url ? { url } : {}),
  };
}

/**
 * Links the accounts of a stored batch by what they say about themselves: an account whose bio or
 * links name another stored account's profile, which names it back, is the same person (merged
 * now); a one-sided claim is only a suggestion for an administrator, since anyone can write
 * "x.com/famous_kol" in a bio. Runs inside the batch's transaction (pipeline/store.ts, through
 * services/store-hooks.ts).
 */
export async function crossLink(tx: Queryable, accounts: AccountRow[], now: Date): Promise<void> {
  const claims = accounts
    .map((a) => ({ account: a, refs: profileRefs([a.bio ?? '', ...(a.links ?? [])]) }))
    .filter((c) => c.refs.length > 0);
  if (claims.length === 0) return;
  const repo = personsRepo(tx);
  const targets = await repo.resolve(claims.flatMap((c) => c.refs));
  for (const { account, refs } of claims) {
    const claimant = { ...account, network: account.network ?? 'x' };
    for (const target of targets) {
      if (target.id === account.id || !refs.some((r) => refersTo(r, target))) continue;
      // Read again each time: a merge just made may have joined them already.
      const self = (await repo.accountsOf(account.id)).find((a) => a.id === account.id);
      if (!self || self.person_id === target.person_id) continue;
      const mutual = profileRefs([target.bio, ...target.links]).some((r) => refersTo(r, claimant));
      if (mutual) await mergeIn(tx, [account.id, target.id]);
      else await repo.suggest(account.id, target.id, describe(refs.find((r) => refersTo(r, target))!), now);
    }
  }
}

/** Merges in the caller's transaction, then re-derives the track records of every person touched. */
async function mergeIn(tx: Queryable, ids: string[]): Promise<string> {
  const { person, touched } = await personsRepo(tx).merge(ids);
  await trackAuthorsChanged(tx, touched);
  return person;
}

const describe = (r: ProfileRef) => `${r.network}:${'id' in r ? r.id : `@${r.handle}`}`;

export function persons(deps: { db: Db; clock: Clock }) {
  const repo = () => personsRepo(deps.db);

  async function requireAccounts(ids: string[]) {
    const found = new Set(await repo().existing(ids));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw badRequest('kol_account_unknown', { id: missing });
  }

  return {
    async merge(ids: string[]) {
      const distinct = [...new Set(ids)];
      if (distinct.length < 2) throw badRequest('kol_merge_count');
      await requireAccounts(distinct);
      const personId = await deps.db.transaction((tx) => mergeIn(tx, distinct));
      return { personId, accounts: (await repo().accountsOf(personId)).map(presentAccount) };
    },

    async unmerge(id: string): Promise<null> {
      await requireAccounts([id]);
      const done = await deps.db.transaction(async (tx) => {
        const touched = await personsRepo(tx).unmerge(id);
        await trackAuthorsChanged(tx, touched);
        return touched.length > 0;
      });
      if (!done) throw badRequest('kol_not_merged');
      return null;
    },

    async suggestions() {
      const rows = await repo().suggestions(100);
      const ids = [...new Set(rows.flatMap((r) => [r.claimant_id, r.claimed_id]))];
      const accounts = new Map<string, PersonAccountRow>();
      for (const id of ids) for (const a of await repo().accountsOf(id)) if (a.id === id) accounts.set(id, a);
      return rows.flatMap((r) => {
        const claimant = accounts.get(r.claimant_id);
        const claimed = accounts.get(r.claimed_id);
        return claimant && claimed
          ? [
              {
                claimant: presentAccount(claimant),
                claimed: presentAccount(claimed),
                reason: r.reason,
                ct: epochSeconds(r.created_at),
              },
            ]
          : [];
      });
    },

    async decide(claimantId: string, claimedId: string, merge: boolean): Promise<null> {
      await deps.db.transaction(async (tx) => {
        const r = personsRepo(tx);
        if (!(await r.decide(claimantId, claimedId, merge ? 'merged' : 'dismissed')))
          throw new AppError(Ret.notFound, 'kol_suggestion_not_found');
        if (merge) await mergeIn(tx, [claimantId, claimedId]);
      });
      return null;
    },

    /**
     * KOL_LINKS: each person's accounts that are stored are merged; returns how many persons were
     * linked and which entries name no stored account yet (linked at a later start).
     */
    async applyLinks(groups: ProfileRef[][]): Promise<{ linked: number; missing: string[] }> {
      let linked = 0;
      const missing: string[] = [];
      for (const refs of groups) {
        const found = await repo().resolve(refs);
        for (const r of refs) if (!found.some((a) => refersTo(r, a))) missing.push(describe(r));
        const ids = found.map((a) => a.id);
        if (new Set(found.map((a) => a.person_id)).size < 2) continue;
        await deps.db.transaction((tx) => mergeIn(tx, ids));
        linked++;
      }
      return { linked, missing };
    },
  };
}
export type Persons = ReturnType<typeof persons>;
