/**
 * Completes `authors` rules from the accounts the service knows, so every stored rule has what
 * the web app's author tags read: `value` (the account id), `data.username` and a `label`.
 *
 * A rule sent by handle alone ('@name', or the object form without a value) gets the account's
 * id; a handle no account has yet gets `handle:<name>`, the id the pipeline gives accounts known
 * only by handle, which its handle lookup later moves to the numeric id
 * (collection.ts mergeHandleAccount). A rule sent by id alone gets the handle and name. What the
 * client did send is kept; a label that is only the handle or the id becomes the account's name.
 */
import type { MatchingRule, MatchingRuleGroup } from '@kolscope/contract';
import type { Queryable } from '../db/db';
import type { XAccountRow } from '../db/repos/x-accounts';
import { xAccountsRepo } from '../db/repos/x-accounts';
import { handleId } from '../pipeline/store';

const isHandleId = (id: string) => id.startsWith('handle:');

/** The account a handle names: the one with a numeric id wins over a handle-only row. */
function byHandle(rows: XAccountRow[]): Map<string, XAccountRow> {
  const out = new Map<string, XAccountRow>();
  for (const r of rows) {
    const key = r.username.toLowerCase();
    const seen = out.get(key);
    if (!seen || (isHandleId(seen.id) && !isHandleId(r.id))) out.set(key, r);
  }
  return out;
}

function completed(rule: MatchingRule, account: XAccountRow | undefined, username: string): MatchingRule {
  const value = rule.value || account?.id || handleId(username);
  const handle = account?.username || username;
  const label = (rule.label ?? '').trim();
  const placeholder = !label || label.toLowerCase() === `@${handle.toLowerCase()}` || label === rule.value;
  const named = account ? account.name || `@${account.username}` : handle ? `@${handle}` : value;
  return { ...rule, label: placeholder ? named : label, value, data: { ...rule.data, username: handle } };
}

export async function resolveAuthors(db: Queryable, groups: MatchingRuleGroup[]): Promise<MatchingRuleGroup[]> {
  const rules = groups.filter((g) => g.type === 'authors').flatMap((g) => g.rules);
  const handles = rules.filter((r) => !r.value && r.data?.username).map((r) => r.data!.username!);
  const ids = rules.filter((r) => r.value && !r.data?.username).map((r) => r.value!);
  if (handles.length === 0 && ids.length === 0) return groups;
  const repo = xAccountsRepo(db);
  const [named, known] = await Promise.all([repo.byUsernames(handles), repo.existing(ids)]);
  const accountByHandle = byHandle(named);
  const accountById = new Map(known.map((r) => [r.id, r]));
  return groups.map((g) => {
    if (g.type !== 'authors') return g;
    return {
      type: g.type,
      rules: g.rules.map((r) => {
        const username = r.data?.username ?? '';
        if (!r.value && username) return completed(r, accountByHandle.get(username.toLowerCase()), username);
        if (r.value && !username) return completed(r, accountById.get(r.value), '');
        return r;
      }),
    };
  });
}
