/**
 * The pure state of an alerts panel (a view's rules, or the latest fired alerts): one answer
 * through useQuery, a stale answer dropped, a failed silent refresh keeping what is shown.
 * And what a rule form holds and how it is described.
 */
import { ALERT_LIMITS, type AlertKind, type AlertRule, type AlertWindow } from '@kolscope/contract';

export interface LoadedState<T> {
  requestId: number;
  loading: boolean;
  data: T | null;
  error: string | null;
}

export const initialLoaded = <T>(): LoadedState<T> => ({ requestId: 0, loading: false, data: null, error: null });

export function startLoaded<T>(s: LoadedState<T>, silent: boolean): LoadedState<T> {
  return { ...s, requestId: s.requestId + 1, loading: silent ? s.loading : true };
}

export function receiveLoaded<T>(s: LoadedState<T>, requestId: number, data: T): LoadedState<T> {
  if (requestId !== s.requestId) return s;
  return { ...s, loading: false, data, error: null };
}

export function failLoaded<T>(s: LoadedState<T>, requestId: number, message: string, silent: boolean): LoadedState<T> {
  if (requestId !== s.requestId) return s;
  return silent ? { ...s, loading: false } : { ...s, loading: false, error: message };
}

export interface RuleDraft {
  kind: AlertKind;
  window: AlertWindow;
  threshold: number;
  minPosts: number;
}

/** A new rule starts at the kind's default threshold; switching kind takes the other's default. */
export function draftFor(kind: AlertKind, from?: RuleDraft): RuleDraft {
  return {
    kind,
    window: from?.window ?? '4h',
    threshold: kind === 'sentiment_swing' ? ALERT_LIMITS.swingPoints.default : ALERT_LIMITS.spikeTimes.default,
    minPosts: from?.minPosts ?? ALERT_LIMITS.minPosts.default,
  };
}

/** The translation key and values a rule is described with. */
export function describeRule(r: Pick<AlertRule, 'kind' | 'window' | 'threshold' | 'minPosts'>) {
  return {
    key: r.kind === 'sentiment_swing' ? 'alerts.ruleSwing' : 'alerts.ruleSpike',
    values: { threshold: r.threshold, window: r.window, minPosts: r.minPosts },
  } as const;
}

/** How far the report page opens back in time: a whole `at` in the past, else none. */
export function atParam(raw: string | null, nowSeconds: number): number | undefined {
  if (!raw || !/^\d{9,11}$/.test(raw)) return undefined;
  const at = Number(raw);
  return at < nowSeconds ? at : undefined;
}
