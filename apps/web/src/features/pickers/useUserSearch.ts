import { searchCalls, stripAt, type TwitterUser } from '@kolscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api';
import { searchStore } from '../../state/search';
import { useDebounced } from './useDebounced';

/** 'user' searches every known X account; 'kol' only the tracked KOLs. */
export type UserPickerMode = 'user' | 'kol';

interface State {
  items: TwitterUser[];
  more: boolean;
  nextCb: string;
  /** The first page of the current query is on its way. */
  loading: boolean;
  error: string | null;
}

export interface UserSearch extends State {
  /** Loads the next page; rejects on failure so the infinite scroll can offer a retry. */
  loadMore: () => Promise<void>;
  retry: () => void;
}

const INITIAL: State = { items: [], more: false, nextCb: '', loading: true, error: null };

/**
 * Author search (spec section 4, "Search"): without a cursor the answer replaces the list and
 * the query joins the history; with one it appends. Answers to an older query are ignored.
 */
export function useUserSearch(mode: UserPickerMode, query: string, failedText: string): UserSearch {
  const settled = useDebounced(stripAt(query));
  const [state, setState] = useState<State>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);
  const call = mode === 'kol' ? searchCalls.twitterKol : searchCalls.twitterUser;

  useEffect(() => {
    const id = ++generation.current;
    void attempt; // Only re-runs the search on retry.
    setState({ ...INITIAL });
    api(call, { query: settled, nextCb: '' }).then(
      (page) => {
        if (id !== generation.current) return;
        setState({ items: page.list, more: page.more === 1, nextCb: page.nextCb, loading: false, error: null });
        if (settled) searchStore.getState().record(mode, settled);
      },
      (error: unknown) => {
        if (id !== generation.current) return;
        setState({ ...INITIAL, loading: false, error: errorMessage(error, failedText) });
      },
    );
  }, [call, mode, settled, attempt, failedText]);

  const current = useRef(state);
  current.current = state;

  const loadMore = useCallback(async () => {
    const { more, nextCb, loading } = current.current;
    if (!more || loading) return;
    const id = generation.current;
    const page = await api(call, { query: settled, nextCb });
    if (id !== generation.current) return;
    setState((s) => {
      const seen = new Set(s.items.map((u) => u.id));
      return {
        ...s,
        items: [...s.items, ...page.list.filter((u) => !seen.has(u.id))],
        more: page.more === 1,
        nextCb: page.nextCb,
      };
    });
  }, [call, settled]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, loadMore, retry };
}
