/**
 * Search memory of spec sections 3 and 9: per search kind, a history (at most 20, newest first,
 * no duplicates: a query already there keeps its place) and a list of recent queries (at most
 * 10, newest first, a repeat moves to the front). Kept in localStorage so the pickers remember
 * them across visits; the list logic is pure so it is tested without a browser.
 */
import { RECENT_QUERIES_MAX, SEARCH_HISTORY_MAX } from '@kolscope/contract';
import { createStore } from 'zustand/vanilla';
import { readStored, writeStored } from './storage';

export const SEARCH_KINDS = ['coin', 'user', 'kol'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchMemory {
  history: string[];
  recent: string[];
}

export const SEARCH_STORAGE_PREFIX = 'kolscope.search.';

/** Queries are compared trimmed and case-insensitively: "btc" and "BTC " are one search. */
function sameQuery(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** History: a new query goes first; one already there stays where it is; the oldest fall off. */
export function addToHistory(history: readonly string[], query: string, max = SEARCH_HISTORY_MAX): string[] {
  const q = query.trim();
  if (!q) return [...history];
  if (history.some((h) => sameQuery(h, q))) return history.slice(0, max);
  return [q, ...history].slice(0, max);
}

/** Recent queries: the query goes first, a repeat is moved there rather than listed twice. */
export function addToRecent(recent: readonly string[], query: string, max = RECENT_QUERIES_MAX): string[] {
  const q = query.trim();
  if (!q) return [...recent];
  return [q, ...recent.filter((r) => !sameQuery(r, q))].slice(0, max);
}

/** Reads what localStorage holds, ignoring anything that is not a list of strings. */
export function parseMemory(raw: string | null): SearchMemory {
  const empty: SearchMemory = { history: [], recent: [] };
  if (!raw) return empty;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof SearchMemory, unknown>>;
    const strings = (list: unknown, max: number) =>
      Array.isArray(list)
        ? list.filter((s): s is string => typeof s === 'string' && s.trim() !== '').slice(0, max)
        : [];
    return { history: strings(value.history, SEARCH_HISTORY_MAX), recent: strings(value.recent, RECENT_QUERIES_MAX) };
  } catch {
    return empty;
  }
}

export interface SearchState {
  memory: Record<SearchKind, SearchMemory>;
  /** A search ran with this query: it joins both lists (blank queries are ignored). */
  record: (kind: SearchKind, query: string) => void;
  clearHistory: (kind: SearchKind) => void;
}

function load(kind: SearchKind): SearchMemory {
  return parseMemory(readStored(SEARCH_STORAGE_PREFIX + kind));
}

function save(kind: SearchKind, memory: SearchMemory): void {
  writeStored(SEARCH_STORAGE_PREFIX + kind, JSON.stringify(memory));
}

export const searchStore = createStore<SearchState>()((set, get) => {
  const update = (kind: SearchKind, next: SearchMemory) => {
    save(kind, next);
    set({ memory: { ...get().memory, [kind]: next } });
  };
  return {
    memory: { coin: load('coin'), user: load('user'), kol: load('kol') },
    record: (kind, query) => {
      if (!query.trim()) return;
      const current = get().memory[kind];
      update(kind, { history: addToHistory(current.history, query), recent: addToRecent(current.recent, query) });
    },
    clearHistory: (kind) => update(kind, { history: [], recent: [] }),
  };
});
