/**
 * Loading state of the statistics chart: a visible load (first load, any change of selection)
 * shows a spinner; a failed one gives an empty chart (spec section 2); the minute's silent
 * refresh shows nothing and a failure of it keeps what is shown; answers to a request that is no
 * longer the newest are dropped.
 */
import type { StatTables } from './series';

export interface StatState {
  tables: StatTables | null;
  loading: boolean;
  failed: boolean;
  /** When the shown answer arrived (epoch ms), for the "updated" line. */
  updatedAt: number | null;
  requestId: number;
}

export const initialStat: StatState = { tables: null, loading: false, failed: false, updatedAt: null, requestId: 0 };

export function startStatLoad(state: StatState, silent: boolean): StatState {
  const requestId = state.requestId + 1;
  return silent ? { ...state, requestId } : { ...state, requestId, loading: true };
}

export function receiveStat(state: StatState, requestId: number, tables: StatTables, now: number): StatState {
  if (requestId !== state.requestId) return state;
  return { ...state, tables, loading: false, failed: false, updatedAt: now };
}

export function failStat(state: StatState, requestId: number, silent: boolean): StatState {
  if (requestId !== state.requestId || silent) return state;
  return { ...state, tables: null, loading: false, failed: true, updatedAt: null };
}

/** What the chart area shows. */
export type StatDisplay = 'spinner' | 'empty' | 'chart';

export function statDisplay(state: StatState): StatDisplay {
  if (state.failed) return 'empty';
  if (state.tables === null) return 'spinner';
  return state.tables.length === 0 ? 'empty' : 'chart';
}
