/** ranking_list: the hot-coin ranking (services/ranking) with the parameters the view saved. */
import { viewSettings } from '@kolscope/contract';
import { checkRankWeights, rankParams } from '../ranking/settings';
import { filtered } from './filtered';
import type { ViewKind } from './kind';

export const rankingList: ViewKind<typeof viewSettings.ranking_list> = {
  type: 'ranking_list',
  settings: viewSettings.ranking_list,
  addable: true,
  needsRules: false,
  ...filtered,
  check: checkRankWeights,
  rankParams: (row) => rankParams(row.settings),
};
