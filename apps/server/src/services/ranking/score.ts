/**
 * The heat score and the other sorting indicators, from a window's per-coin sums (pure; see
 * docs/API.md, "Hot-coin ranking"). The heat is additive over posts, which is what lets the
 * server keep hourly sums and apply a view's parameters at query time:
 *
 *   heat = Σ over the coin's posts of  α · log10(1 + followers)
 *                                     + β · (wc · f(comments) + wr · f(retweets) + we · f(impressions))
 *
 * with f = ln(1 + x) when logTransform is on, else x. Every term is non-negative and every weight
 * is >= 0, so the heat never falls when a post, a follower, a count or a weight is added.
 */
import type { SortingIndicator } from '@kolscope/contract';
import type { CoinAuthors, CoinSums } from '../../db/repos/ranking';
import type { RankParams } from './settings';

type HeatParams = Pick<
  RankParams,
  'authorWeight' | 'tweetWeight' | 'commentWeight' | 'retweetWeight' | 'exposureWeight' | 'logTransform'
>;

export function heat(s: CoinSums, p: HeatParams): number {
  const [c, r, e] = p.logTransform
    ? [s.commentsLog, s.retweetsLog, s.impressionsLog]
    : [s.comments, s.retweets, s.impressions];
  return (
    p.authorWeight * s.influence + p.tweetWeight * (p.commentWeight * c + p.retweetWeight * r + p.exposureWeight * e)
  );
}

/** Indicators counted over distinct authors (ranking_coin_authors); the rest come from the sums. */
const BY_AUTHORS: readonly SortingIndicator[] = ['kol_score', 'kol_count', 'verified_kol_count'];

export function needsAuthors(indicator: SortingIndicator): boolean {
  return BY_AUTHORS.includes(indicator);
}

/** Each coin with a post in the window and its value for the view's sorting indicator. */
export function indicatorValues(
  p: RankParams,
  data: { sums?: CoinSums[]; authors?: CoinAuthors[] },
): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of data.authors ?? []) {
    const value = { kol_score: a.kolScore, kol_count: a.kols, verified_kol_count: a.verifiedKols }[
      p.sortingIndicatorType as 'kol_score' | 'kol_count' | 'verified_kol_count'
    ];
    out.set(a.coin, value ?? 0);
  }
  for (const s of data.sums ?? []) {
    const value = {
      hot: () => heat(s, p),
      comment_count: () => s.comments,
      retweet_count: () => s.retweets,
      impression_count: () => s.impressions,
      like_count: () => s.likes,
    }[p.sortingIndicatorType as 'hot'];
    out.set(s.coin, value ? value() : 0);
  }
  return out;
}
