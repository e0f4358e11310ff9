import { searchCalls, stripAt, type TwitterUser } from '@kolscope/contract';
import { api, errorMessage } from '../../api';
import { usePagedQuery } from '../query/usePagedQuery';
import { searchStore } from '../../state/search';
import { useDebounced } from './useDebounced';

/** 'user' searches every known X account; 'kol' only the tracked KOLs. */
export type UserPickerMode = 'user' | 'kol';

interface Found {
  items: TwitterUser[];
  more: boolean;
  nextCb: string;
}

const NONE: Found = { items: [], more: false, nextCb: '' };

export interface UserSearch extends Found {
  /** The first page of the current query is on its way. */
  loading: boolean;
  error: string | null;
  /** Loads the next page; rejects on failure so the infinite scroll can offer a retry. */
  loadMore: () => Promise<void>;
  retry: () => void;
}

/** The next page of a search; an account already listed is not repeated. */
export function addFound(state: Found, page: { list: TwitterUser[]; more: number; nextCb: string }): Found {
  const seen = new Set(state.items.map((u) => u.id));
  return {
    items: [...state.items, ...page.list.filter((u) => !seen.has(u.id))],
    more: page.more === 1,
    nextCb: page.nextCb,
  };
}

/**
 * Author search (spec section 4, "Search"): without a cursor the answer replaces the list and
 * the query joins the history; with one it appends. Answers to an older query are ignored.
 */
export function useUserSearch(mode: UserPickerMode, query: string, failedText: string): UserSearch {
  const settled = useDebounced(stripAt(query));
  const call = mode === 'kol' ? searchCalls.twitterKol : searchCalls.twitterUser;
  const list = usePagedQuery(`${mode}|${settled}|${failedText}`, {
    fetchPage: (nextCb) => api(call, { query: settled, nextCb }),
    empty: () => NONE,
    first: (page) => addFound(NONE, page),
    onFirstPage: () => {
      if (settled) searchStore.getState().record(mode, settled);
    },
    append: addFound,
    next: (s) => (s.more ? s.nextCb : null),
    messageOf: (error) => errorMessage(error, failedText),
  });
  return { ...list.data, loading: list.loading, error: list.error, loadMore: list.loadMore, retry: list.retry };
}
