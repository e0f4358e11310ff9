/**
 * A ranking view's settings with the spec's defaults filled in (spec section 5, "Ranking"). The
 * hot_coins starter ranks with the defaults; a ranking_list view with what it saved.
 */
import {
  DEFAULT_RANK_PARAMS,
  HOT_COIN,
  type RankParams,
  type RankSettings,
  rankSettings,
  rankWeightsAddUp,
} from '@kolscope/contract';
import { badRequest } from '../errors';
import { readSettings } from '../view-types/kind';

export type { RankParams };

export { DEFAULT_RANK_PARAMS };

/**
 * Stored settings → parameters. Saves are validated by the contract, so anything out of range
 * here is a row from before a rule existed: that field falls back to its default rather than
 * failing the whole ranking.
 */
export function rankParams(settings: Record<string, unknown>): RankParams {
  const d = DEFAULT_RANK_PARAMS;
  const saved: RankSettings = readSettings(rankSettings, settings);
  const p = { ...d, ...saved };
  // Weights that do not add up to 1 are replaced as a set, never mixed with defaults.
  if (rankWeightsAddUp(p.commentWeight, p.retweetWeight, p.exposureWeight)) return p;
  return { ...p, commentWeight: d.commentWeight, retweetWeight: d.retweetWeight, exposureWeight: d.exposureWeight };
}

/**
 * view/add and view/update of a ranking: the contract checks each field's range; the three
 * engagement weights, as they will be used (defaults for the ones left out), must add up to 1.
 */
export function checkRankWeights(fields: Record<string, unknown>): void {
  const weight = (key: string, fallback: number) => (typeof fields[key] === 'number' ? fields[key] : fallback);
  const c = weight('commentWeight', HOT_COIN.commentWeight);
  const r = weight('retweetWeight', HOT_COIN.retweetWeight);
  const e = weight('exposureWeight', HOT_COIN.exposureWeight);
  if (!rankWeightsAddUp(c, r, e)) throw badRequest('rank_weights_sum', { sum: Number((c + r + e).toFixed(4)) });
}
