/** hot_coins: the starter ranking every account has, with the default parameters and no filter. */
import { viewSettings } from '@kolscope/contract';
import { DEFAULT_RANK_PARAMS } from '../ranking/settings';
import { ruleKeywords, type ViewKind } from './kind';

export const hotCoins: ViewKind<typeof viewSettings.hot_coins> = {
  type: 'hot_coins',
  settings: viewSettings.hot_coins,
  addable: false,
  needsRules: false,
  keywordGroups: ruleKeywords,
  postGroups: () => [],
  rankParams: () => DEFAULT_RANK_PARAMS,
};
