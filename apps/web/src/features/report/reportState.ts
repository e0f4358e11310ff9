/**
 * Loading state of one report (spec section 4): the first load and every change of period or
 * interval show a spinner; the minute's silent refresh shows none and its failures are ignored;
 * an answer to a request that is no longer the newest is dropped.
 */
import type { ReportData } from '@kolscope/contract';

/** One screen's answer as it loads: the report, and every screen that loads one answer the same way (the coin page). */
export interface LoadedState<T> {
  data: T | null;
  /** A visible load is running (the spinner). */
  loading: boolean;
  /** The last visible load's failure text; a later success clears it. */
  error: string | null;
  /** The id of the newest request; answers carrying another id are stale. */
  requestId: number;
}
export type ReportState = LoadedState<ReportData>;

export const initialReport: ReportState = { data: null, loading: false, error: null, requestId: 0 };

/** Starts a request. A silent one changes nothing the reader sees. */
export function startLoad<S extends LoadedState<unknown>>(state: S, silent: boolean): S {
  const requestId = state.requestId + 1;
  return silent ? { ...state, requestId } : { ...state, requestId, loading: true, error: null };
}

export function receiveData<S extends LoadedState<unknown>>(state: S, requestId: number, data: S['data']): S {
  if (requestId !== state.requestId) return state;
  return { ...state, data, loading: false, error: null };
}

export function receiveFailure<S extends LoadedState<unknown>>(
  state: S,
  requestId: number,
  message: string,
  silent: boolean,
): S {
  if (requestId !== state.requestId) return state;
  // A silent refresh that fails leaves what is shown alone (spec section 8).
  if (silent) return state;
  return { ...state, loading: false, error: message };
}

/** What the chart area shows. */
export type ReportDisplay = 'spinner' | 'error' | 'empty' | 'chart';

export function reportDisplay(state: ReportState): ReportDisplay {
  if (state.data === null) return state.error && !state.loading ? 'error' : 'spinner';
  if (state.error && !state.loading) return 'error';
  // The server sends every bucket of the period, zeros included: nothing counted is "empty".
  const { cntUp, cntNeutral, cntDown } = state.data.sumInfo;
  const counted =
    cntUp + cntNeutral + cntDown > 0 || state.data.intervalList.some((b) => b.cntUp + b.cntNeutral + b.cntDown > 0);
  return state.data.intervalList.length === 0 || !counted ? 'empty' : 'chart';
}
