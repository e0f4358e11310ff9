/**
 * Folding near-duplicates in a list (issue 17 §3). A copy (posts.copy_of, set at ingest by
 * pipeline/copies.ts) is hidden when its leader matches the same view, wherever the leader falls
 * in the paging: the leader shows once, with `copies` ("and N others"). A copy whose leader the
 * view does not show stays as itself. Costs two primary-key/index lookups per page, none when the
 * page holds no copy and no leader.
 */
import type { PostCopies } from '@kolscope/contract';
import type { Queryable } from '../db/db';
import { copiesRepo } from '../db/repos/copies';
import { type FeedQuery, type FeedRow, feedRepo } from '../db/repos/post-filter-sql';

export interface FoldedPage {
  /** Copies whose leader the view shows: left out of the list (and of new-item counts). */
  hidden: Set<string>;
  /** Leaders on the page → who else posted their text. */
  copies: Map<string, PostCopies>;
}

export async function foldPage(
  db: Queryable,
  q: FeedQuery,
  rows: Pick<FeedRow, 'id' | 'copy_of'>[],
): Promise<FoldedPage> {
  const copyRows = rows.filter((r) => r.copy_of);
  const leaderIds = [...new Set(copyRows.map((r) => r.copy_of!))];
  const shown = await feedRepo(db).matchingIds(q, leaderIds);
  const hidden = new Set(copyRows.filter((r) => shown.has(r.copy_of!)).map((r) => r.id));
  const copies = new Map<string, PostCopies>();
  const originals = rows.filter((r) => !r.copy_of).map((r) => r.id);
  for (const c of await copiesRepo(db).copiesOf(originals)) {
    const entry = copies.get(c.copy_of) ?? { count: c.count, users: [] };
    entry.users.push({ id: c.author_id, username: c.username, name: c.name || c.username, icon: c.icon });
    copies.set(c.copy_of, entry);
  }
  return { hidden, copies };
}
