/**
 * The rank setting form's rules (spec section 5, "Ranking"), as pure functions: defaults, the
 * values an existing view had, and validation into the view/add and view/update payload.
 */
import {
  DEFAULT_RANK_PARAMS,
  fromSeconds,
  HOT_COIN,
  type RankParams,
  rankWeightsAddUp,
  type SortingIndicator,
  TIME_UNITS,
  type TimeUnit,
  trimTitle,
  type ViewInfo,
} from '@kolscope/contract';

export interface RankForm {
  title: string;
  /** null: left empty, which means 10. */
  topNum: number | null;
  /** The time range as the selector shows it: a whole amount of minutes, hours or days. */
  rangeAmount: number | null;
  rangeUnit: TimeUnit;
  sortingIndicatorType: SortingIndicator;
  authorWeight: number;
  tweetWeight: number;
  commentWeight: number;
  retweetWeight: number;
  exposureWeight: number;
  logTransform: boolean;
  newCoinEntry: boolean;
  fastestRising: boolean;
}

export function defaultRankForm(): RankForm {
  const { statRangeSeconds, ...params } = DEFAULT_RANK_PARAMS;
  const range = fromSeconds(statRangeSeconds);
  return { title: '', ...params, rangeAmount: range.amount, rangeUnit: range.unit };
}

/** An existing view's values; what it never saved keeps its default. */
export function formFromInfo(info: ViewInfo): RankForm {
  const d = defaultRankForm();
  const range = info.statRangeSeconds
    ? fromSeconds(info.statRangeSeconds)
    : { amount: d.rangeAmount, unit: d.rangeUnit };
  return {
    title: info.name,
    topNum: info.topNum ?? d.topNum,
    rangeAmount: range.amount,
    rangeUnit: range.unit,
    sortingIndicatorType: info.sortingIndicatorType ?? d.sortingIndicatorType,
    authorWeight: info.authorWeight ?? d.authorWeight,
    tweetWeight: info.tweetWeight ?? d.tweetWeight,
    commentWeight: info.commentWeight ?? d.commentWeight,
    retweetWeight: info.retweetWeight ?? d.retweetWeight,
    exposureWeight: info.exposureWeight ?? d.exposureWeight,
    logTransform: info.logTransform ?? d.logTransform,
    newCoinEntry: info.newCoinEntry ?? d.newCoinEntry,
    fastestRising: info.fastestRising ?? d.fastestRising,
  };
}

/** The weights' sum as shown (two decimals), and whether it is 1. */
export function weightsSum(f: Pick<RankForm, 'commentWeight' | 'retweetWeight' | 'exposureWeight'>) {
  const sum = f.commentWeight + f.retweetWeight + f.exposureWeight;
  return { text: sum.toFixed(2), valid: rankWeightsAddUp(f.commentWeight, f.retweetWeight, f.exposureWeight) };
}

export type RankFormError = 'titleRequired' | 'topNumRange' | 'statRangeInvalid' | 'weightsSumInvalid';

/** What view/add and view/update receive: the contract's rank settings, all filled in. */
export type RankPayload = RankParams & { name: string; viewType: 'ranking_list'; matchingRules: [] };

export function validateRankForm(f: RankForm): { error: RankFormError } | { payload: RankPayload } {
  const name = trimTitle(f.title);
  if (!name) return { error: 'titleRequired' };
  // Spec: an empty top range means 10.
  const topNum = f.topNum ?? HOT_COIN.topNum.default;
  if (!Number.isInteger(topNum) || topNum < HOT_COIN.topNum.min || topNum > HOT_COIN.topNum.max) {
    return { error: 'topNumRange' };
  }
  const seconds = (f.rangeAmount ?? 0) * TIME_UNITS[f.rangeUnit];
  if (
    !Number.isInteger(f.rangeAmount) ||
    seconds < HOT_COIN.statRangeSeconds.min ||
    seconds > HOT_COIN.statRangeSeconds.max
  ) {
    return { error: 'statRangeInvalid' };
  }
  if (!weightsSum(f).valid) return { error: 'weightsSumInvalid' };
  return {
    payload: {
      name,
      viewType: 'ranking_list',
      matchingRules: [],
      topNum,
      authorWeight: f.authorWeight,
      tweetWeight: f.tweetWeight,
      commentWeight: f.commentWeight,
      retweetWeight: f.retweetWeight,
      exposureWeight: f.exposureWeight,
      logTransform: f.logTransform,
      newCoinEntry: f.newCoinEntry,
      fastestRising: f.fastestRising,
      statRangeSeconds: seconds,
      sortingIndicatorType: f.sortingIndicatorType,
    },
  };
}
