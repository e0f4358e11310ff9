/**
 * When an alert rule fires and when it re-arms (README.md, "Firing once per crossing"): pure, so
 * the minute evaluation, the exactness test and the bench judge alike.
 */
import { ALERT_BASELINE_SECONDS, sentimentShareSplit } from '@kolscope/contract';
import type { AlertRuleRow } from '../../db/repos/alerts';

export interface Counts {
  up: number;
  neutral: number;
  down: number;
}
export const total = (c: Counts) => c.up + c.neutral + c.down;
/** The bullish share as the report screens print it (largest remainder, whole percent). */
export const bullishShare = (c: Counts) => sentimentShareSplit(c.up, c.neutral, c.down).bullish;

type RuleShape = Pick<AlertRuleRow, 'kind' | 'window_s' | 'threshold' | 'min_posts'>;

/**
 * The edges of the windows a rule compares, ascending: the window is [m - W, m); a swing compares
 * it with [m - 2W, m - W), a spike with the 7 days before it, [m - W - 7 d, m - W).
 */
export function rulePoints(r: Pick<RuleShape, 'kind' | 'window_s'>, minute: number): [number, number, number] {
  const w = r.window_s;
  return r.kind === 'sentiment_swing'
    ? [minute - 2 * w, minute - w, minute]
    : [minute - w - ALERT_BASELINE_SECONDS, minute - w, minute];
}

export interface Verdict {
  /** The move reached the threshold: fires when armed. */
  reached: boolean;
  /** The move fell back halfway: re-arms when disarmed. */
  fellBack: boolean;
  /** Spike: posts per window over the 7 days before (their average); swing: 0. */
  baseline: number;
}

/**
 * Swing: the bullish shares as printed (whole percent) of the window and the one before, both
 * holding at least `min_posts` posts; reached at `threshold` points either way, fallen back below
 * half of it. Too few posts on either side measures nothing: the state is kept.
 * Spike: the window's posts against `threshold` times the 7-day average of a window its length,
 * and at least `min_posts`; fallen back below halfway between the average and that level.
 */
export function judge(r: RuleShape, now: Counts, before: Counts): Verdict {
  if (r.kind === 'sentiment_swing') {
    if (total(now) < r.min_posts || total(before) < r.min_posts)
      return { reached: false, fellBack: false, baseline: 0 };
    const move = Math.abs(bullishShare(now) - bullishShare(before));
    return { reached: move >= r.threshold, fellBack: move < r.threshold / 2, baseline: 0 };
  }
  const baseline = (total(before) * r.window_s) / ALERT_BASELINE_SECONDS;
  const level = Math.max(r.threshold * baseline, r.min_posts);
  const n = total(now);
  return { reached: n >= level, fellBack: n < (baseline + level) / 2, baseline };
}
