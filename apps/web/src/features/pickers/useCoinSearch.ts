import { searchCalls, stripCoinDollar } from '@kolscope/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api';
import { searchStore } from '../../state/search';
import { useDebounced } from './useDebounced';

export type CoinItem = { coin: string; name: string; icon: string };

export interface CoinSearch {
  items: CoinItem[];
  loading: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * Coin search (spec section 4, "Search"): debounced, '$' stripped, the latest request wins. An
 * empty query lists popular coins. A non-blank query joins the history once it answered.
 */
export function useCoinSearch(query: string, failedText: string): CoinSearch {
  const settled = useDebounced(stripCoinDollar(query));
  const [state, setState] = useState<Omit<CoinSearch, 'retry'>>({ items: [], loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const id = ++latest.current;
    // `attempt` only re-runs the effect (retry); the request does not depend on it.
    void attempt;
    setState((s) => ({ ...s, loading: true, error: null }));
    api(searchCalls.coins, { query: settled }).then(
      (items) => {
        if (id !== latest.current) return;
        setState({ items, loading: false, error: null });
        if (settled) searchStore.getState().record('coin', settled);
      },
      (error: unknown) => {
        if (id !== latest.current) return;
        setState({ items: [], loading: false, error: errorMessage(error, failedText) });
      },
    );
  }, [settled, attempt, failedText]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
