/**
 * mindshare (issue 33 §2): the shares of a KOL group's posts naming each coin or sector
 * (services/mindshare.ts), made and read with its own calls (view/v2/mindshare_*). It counts from
 * the coin rollups, so like a coin opinion view it keeps its group's rollup while it exists.
 */
import { type MindshareSettings, viewSettings } from '@kolscope/contract';
import { opinionRepo } from '../../db/repos/opinion';
import type { ViewRow } from '../../db/repos/views';
import { readSettings, ruleKeywords, type ViewKind } from './kind';
import { groupKey } from './opinion-kind';

export function mindshareSettingsOf(row: Pick<ViewRow, 'settings'>): MindshareSettings {
  return readSettings(viewSettings.mindshare, row.settings);
}

export const mindshareKind: ViewKind<typeof viewSettings.mindshare> = {
  type: 'mindshare',
  settings: viewSettings.mindshare,
  addable: false,
  needsRules: false,
  countsOnce: true,
  keywordGroups: ruleKeywords,
  // No feed of its own: its screen lists shares, not posts.
  postGroups: () => [],
  /** Keeps the coin rollup of the view's group (if any), and drops those no view uses any more. */
  async saved(tx, view) {
    const group = groupKey(readSettings(viewSettings.mindshare, view.settings).kolGroupId);
    if (group !== null) await opinionRepo(tx).useGroup(group);
    await opinionRepo(tx).releaseUnusedGroups(view.userId);
  },
  deleted: (db, userId) => opinionRepo(db).releaseUnusedGroups(userId),
};
