import { type TweetCategory, viewCalls } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../../api';

export interface Categories {
  list: TweetCategory[];
  loading: boolean;
  error: string | null;
  retry: () => void;
}

// The taxonomy is static for a session and language, so one successful answer serves every opening.
let cached: TweetCategory[] | null = null;
let inFlight: Promise<TweetCategory[]> | null = null;

export function loadCategories(): Promise<TweetCategory[]> {
  if (cached) return Promise.resolve(cached);
  inFlight ??= api(viewCalls.tweetCategory)
    .then((list) => {
      cached = list;
      return list;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** The tweet categories (view/tweet_category), loaded once and shared by every picker and card. */
export function useCategories(failedText: string): Categories {
  const [state, setState] = useState<Omit<Categories, 'retry'>>(() => ({
    list: cached ?? [],
    loading: !cached,
    error: null,
  }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void attempt; // Only re-runs the load on retry.
    if (cached) return;
    setState({ list: [], loading: true, error: null });
    loadCategories().then(
      (list) => live && setState({ list, loading: false, error: null }),
      (error: unknown) => live && setState({ list: [], loading: false, error: errorMessage(error, failedText) }),
    );
    return () => {
      live = false;
    };
  }, [attempt, failedText]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
