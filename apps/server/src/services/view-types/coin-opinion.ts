/**
 * coin_opinion: how KOLs read one coin (its own calls, view/v2/coin_opinion_*), counted from the
 * coin rollups of its KOL group (migration 0005); a post's coin tag opens it. Saving one writes no
 * rollup: the background keeps the group's (services/group-rollups.ts).
 */
import { type CoinOpinionSettings, stripCoinDollar, viewSettings } from '@kolscope/contract';
import { opinionRepo } from '../../db/repos/opinion';
import type { ViewRow } from '../../db/repos/views';
import { coinBySymbol } from '../../domain/coins/catalogue';
import { badRequest } from '../errors';
import { readSettings, ruleKeywords, type ViewKind } from './kind';
import { opinionKind } from './opinion-kind';

export function coinSettingsOf(row: ViewRow): CoinOpinionSettings {
  return readSettings(viewSettings.coin_opinion, row.settings);
}

/** The coin as stored: no `$`, upper case, one the catalogue knows. */
export function checkCoin(raw: string): string {
  const coin = stripCoinDollar(raw.trim()).toUpperCase();
  if (!coin) throw badRequest('coin_required');
  if (!coinBySymbol(coin)) throw badRequest('coin_unknown', { coin });
  return coin;
}

export const coinOpinion: ViewKind<typeof viewSettings.coin_opinion> = {
  type: 'coin_opinion',
  settings: viewSettings.coin_opinion,
  ...opinionKind((row) => coinSettingsOf(row).kolGroupId),
  groupTitle: 'group_coin_opinion',
  keywordGroups: ruleKeywords,
  postGroups: (row) => [{ coins: [coinSettingsOf(row).coin] }],
  coinOf: (row) => coinSettingsOf(row).coin,
  // A group's rollup is counted in the background once a view uses it (services/group-rollups.ts).
  opinionCounts: (db, row, w, groupId) =>
    groupId === undefined
      ? opinionRepo(db).coin(coinSettingsOf(row).coin, w)
      : opinionRepo(db).coinOfGroup(coinSettingsOf(row).coin, w, groupId),
};
