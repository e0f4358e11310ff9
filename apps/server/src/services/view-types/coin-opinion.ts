/**
 * coin_opinion: how KOLs read one coin (its own calls, view/v2/coin_opinion_*), counted from the
 * coin rollups of its KOL group (migration 0005); a post's coin tag opens it.
 */
import { type CoinOpinionSettings, stripCoinDollar, viewSettings } from '@kolscope/contract';
import { opinionRepo } from '../../db/repos/opinion';
import type { ViewRow } from '../../db/repos/views';
import { coinBySymbol } from '../../domain/coins/catalogue';
import { badRequest } from '../errors';
import { readSettings, ruleKeywords, type ViewKind } from './kind';
import { groupKey, opinionKind } from './opinion-kind';

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
  opinionCounts: (db, row, w, groupId) => opinionRepo(db).coin(coinSettingsOf(row).coin, w, groupId),
  /** Keeps the coin rollup of the view's group (if any), and drops those no view uses any more. */
  async saved(tx, view) {
    const group = groupKey(readSettings(viewSettings.coin_opinion, view.settings).kolGroupId);
    if (group !== null) await opinionRepo(tx).useGroup(group);
    await opinionRepo(tx).releaseUnusedGroups(view.userId);
  },
  /** The group rollups nothing needs any more go with the view. */
  deleted: (db, userId) => opinionRepo(db).releaseUnusedGroups(userId),
};
