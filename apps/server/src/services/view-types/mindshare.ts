/**
 * mindshare (issue 33 §2): the shares of a KOL group's posts naming each coin or sector
 * (services/mindshare.ts), made and read with its own calls (view/v2/mindshare_*). It counts from
 * the coin rollups, so like a coin opinion view its group's rollup is kept while it exists
 * (counted in the background: services/group-rollups.ts).
 */
import { type MindshareSettings, viewSettings } from '@kolscope/contract';
import type { ViewRow } from '../../db/repos/views';
import { readSettings, ruleKeywords, type ViewKind } from './kind';

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
};
