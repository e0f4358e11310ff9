/**
 * A ranking view's settings with the spec's defaults filled in (spec section 5, "Ranking"). The
 * hot_coins starter ranks with the defaults; a ranking_list view with what it saved.
 */
import {
  HOT_COIN,
  type RankParams,
  rankWeightsAddUp,
  SORTING_INDICATORS,
  type SortingIndicator,
} from '@kolscope/contract';
import { badRequest } from '../errors';

export type { RankParams };

export const DEFAULT_RANK_PARAMS: RankParams = {
  topNum: HOT_COIN.topNum.default,
  authorWeight: HOT_COIN.authorWeight.default,
  tweetWeight: HOT_COIN.tweetWeight.default,
  commentWeight: HOT_COIN.commentWeight,
  retweetWeight: HOT_COIN.retweetWeight,
  exposureWeight: HOT_COIN.exposureWeight,
  logTransform: HOT_COIN.logTransform,
  newCoinEntry: HOT_COIN.newCoinEntry,
  fastestRising: HOT_COIN.fastestRising,
  statRangeSeconds: HOT_COIN.statRangeSeconds.default,
  sortingIndicatorType: HOT_COIN.sortingIndicatorType,
};

const inRange = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/**
 * Stored settings → parameters. Saves are validated by the contract, so anything out of range
 * here is a row from before a rule existed: that field falls back to its default rather than
 * failing the whole ranking.
 */
export function rankParams(settings: Record<string, unknown>): RankParams {
  const d = DEFAULT_RANK_PARAMS;
  const num = (key: keyof RankParams, min: number, max: number, fallback: number, int = false) => {
    const v = settings[key];
    return inRange(v, min, max) && (!int || Number.isInteger(v)) ? v : fallback;
  };
  const bool = (key: keyof RankParams, fallback: boolean) =>
    typeof settings[key] === 'boolean' ? (settings[key] as boolean) : fallback;
  const weights = {
    commentWeight: num('commentWeight', 0, 1, d.commentWeight),
    retweetWeight: num('retweetWeight', 0, 1, d.retweetWeight),
    exposureWeight: num('exposureWeight', 0, 1, d.exposureWeight),
  };
  const indicator = settings.sortingIndicatorType;
  return {
    topNum: num('topNum', HOT_COIN.topNum.min, HOT_COIN.topNum.max, d.topNum, true),
    authorWeight: num('authorWeight', HOT_COIN.authorWeight.min, HOT_COIN.authorWeight.max, d.authorWeight),
    tweetWeight: num('tweetWeight', HOT_COIN.tweetWeight.min, HOT_COIN.tweetWeight.max, d.tweetWeight),
    // Weights that do not add up to 1 are replaced as a set, never mixed with defaults.
    ...(rankWeightsAddUp(weights.commentWeight, weights.retweetWeight, weights.exposureWeight)
      ? weights
      : { commentWeight: d.commentWeight, retweetWeight: d.retweetWeight, exposureWeight: d.exposureWeight }),
    logTransform: bool('logTransform', d.logTransform),
    newCoinEntry: bool('newCoinEntry', d.newCoinEntry),
    fastestRising: bool('fastestRising', d.fastestRising),
    statRangeSeconds: num(
      'statRangeSeconds',
      HOT_COIN.statRangeSeconds.min,
      HOT_COIN.statRangeSeconds.max,
      d.statRangeSeconds,
      true,
    ),
    sortingIndicatorType: (SORTING_INDICATORS as readonly unknown[]).includes(indicator)
      ? (indicator as SortingIndicator)
      : d.sortingIndicatorType,
  };
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
