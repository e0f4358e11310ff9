/**
 * Opinion alerts (issue 33 §1): rules set on a coin or event opinion view that fire when its KOL
 * group's opinion turns. Two kinds:
 * - `sentiment_swing`: the bullish share of the last `window` moved by at least `threshold`
 *   points against the window before it, both windows holding at least `minPosts` posts;
 * - `mention_spike`: the last `window` holds at least `threshold` times the average of a window
 *   of that length over the 7 days before it, and at least `minPosts` posts.
 * How they are evaluated, when they fire and re-arm: apps/server/src/services/alerts/README.md.
 */
import { z } from 'zod';
import { page } from './entities';
import * as f from './fields';

export const ALERT_KINDS = ['sentiment_swing', 'mention_spike'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_WINDOWS = ['1h', '4h', '24h'] as const;
export type AlertWindow = (typeof ALERT_WINDOWS)[number];
export const ALERT_WINDOW_SECONDS: Record<AlertWindow, number> = { '1h': 3600, '4h': 14_400, '24h': 86_400 };
/** The 7 days a spike's baseline averages over. */
export const ALERT_BASELINE_SECONDS = 7 * 86_400;

/**
 * Limits, in the style of VIEW_LIMITS: alert rules per user and per view, and each number's range.
 * A swing's posts floor keeps 1 bearish post turning into 1 bullish one from reading as a 100-point
 * swing; a spike's keeps 1 → 3 posts from being a 3× spike.
 */
export const ALERT_LIMITS = {
  perUser: 30,
  perView: 5,
  swingPoints: { min: 5, max: 100, default: 20 },
  spikeTimes: { min: 1.5, max: 50, default: 3 },
  minPosts: { min: 5, max: 100_000, default: 10 },
} as const;

const kind = z.enum(ALERT_KINDS, { error: 'alert_kind_invalid' });
const window = z.enum(ALERT_WINDOWS, { error: 'alert_window_invalid' });
const threshold = z.number({ error: 'alert_threshold_invalid' }).finite({ error: 'alert_threshold_invalid' });
const minPosts = z
  .number({ error: 'alert_min_posts_invalid' })
  .int({ error: 'alert_min_posts_invalid' })
  .min(ALERT_LIMITS.minPosts.min, { error: 'alert_min_posts_invalid' })
  .max(ALERT_LIMITS.minPosts.max, { error: 'alert_min_posts_invalid' });

/** The threshold's range depends on the kind: points for a swing, a multiple for a spike. */
function thresholdInRange(r: { kind: AlertKind; threshold: number }, ctx: z.RefinementCtx) {
  const range = r.kind === 'sentiment_swing' ? ALERT_LIMITS.swingPoints : ALERT_LIMITS.spikeTimes;
  const whole = r.kind === 'sentiment_swing' && !Number.isInteger(r.threshold);
  if (whole || r.threshold < range.min || r.threshold > range.max) {
    ctx.addIssue({ code: 'custom', message: 'alert_threshold_invalid', path: ['threshold'] });
  }
}

const ruleFields = z.object({ kind, window, threshold, minPosts });

export const alertRule = z.object({
  alertId: z.string(),
  viewId: z.string(),
  kind,
  window,
  /** Points of bullish share (swing) or a multiple of the 7-day average (spike). */
  threshold: z.number(),
  minPosts: z.number().int(),
  /** False after it fired, until the move falls back halfway (README: re-arming). */
  armed: z.boolean(),
});
export type AlertRule = z.infer<typeof alertRule>;

const counts = z.object({ up: z.number().int(), neutral: z.number().int(), down: z.number().int() });

/** A fired alert, as the notification list shows it. */
export const alertEvent = z.object({
  eventId: z.string(),
  alertId: z.string(),
  viewId: z.string(),
  viewType: z.enum(['coin_opinion', 'event_opinion']),
  kind,
  window,
  /** The end of the window it measured (unix seconds, a whole minute): the report opens there. */
  at: z.number().int(),
  /** The coin or the event view's name. */
  subject: z.string(),
  /** The KOL group's name in the reader's language ("All KOLs" without one). */
  groupName: z.string(),
  /** The window it measured, and the one before it (swing) or the 7 days before it (spike). */
  now: counts,
  before: counts,
  /** Spike: posts per window over the 7 days before, the average; swing: 0. */
  baseline: z.number(),
  /** The sentence naming the numbers, in the reader's language (the push says the same). */
  text: z.string(),
});
export type AlertEvent = z.infer<typeof alertEvent>;

/**
 * The bullish share (whole percent) as the report screens show it: largest remainder over the
 * three shares, so they add up to 100 (the web's sentimentShares calls this).
 */
export function sentimentShareSplit(up: number, neutral: number, down: number) {
  const c = [up, neutral, down];
  const total = up + neutral + down;
  if (total <= 0) return { bullish: 0, neutral: 0, bearish: 0 };
  const exact = c.map((x) => (x / total) * 100);
  const shares = exact.map(Math.floor);
  const left = 100 - shares.reduce((a, b) => a + b, 0);
  const order = [0, 1, 2].sort((a, b) => exact[b]! - shares[b]! - (exact[a]! - shares[a]!) || c[b]! - c[a]! || a - b);
  for (const i of order.slice(0, left)) shares[i]! += 1;
  return { bullish: shares[0]!, neutral: shares[1]!, bearish: shares[2]! };
}

export const alertCalls = {
  /** The user's alert rules, of one view when `viewId` is given; with the limits. */
  list: {
    path: 'alert/list',
    request: z.object({ viewId: f.id.optional() }),
    response: z.object({ list: z.array(alertRule), perUser: z.number().int(), perView: z.number().int() }),
  },
  /** A new rule on one of the user's coin or event opinion views. */
  add: {
    path: 'alert/add',
    request: ruleFields.extend({ viewId: f.id }).superRefine(thresholdInRange),
    response: alertRule,
  },
  /** Changes a rule; it is armed again. */
  update: {
    path: 'alert/update',
    request: ruleFields.extend({ alertId: f.id }).superRefine(thresholdInRange),
    response: alertRule,
  },
  delete: { path: 'alert/delete', request: z.object({ alertId: f.id }), response: z.null() },
  /** Fired alerts, newest first, 20 a page (of one view when `viewId` is given). */
  events: {
    path: 'alert/events',
    request: z.object({ viewId: f.id.optional(), nextCb: f.cursor }),
    response: page(alertEvent),
  },
};
