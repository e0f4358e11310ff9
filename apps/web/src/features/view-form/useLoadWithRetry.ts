import { useCallback, useEffect, useRef, useState } from 'react';

/** Where an edit form stands with the record it edits; a create form is 'ready' at once. */
export type LoadState = 'loading' | 'failed' | 'ready';

/**
 * Edit mode of a setting form: fetches the record once (again on retry) and hands it to `apply`.
 * No answer counts as a failure: 'Network error, please retry' (spec section 4, "Editing an
 * existing view"). With `onFailed` a failure is handed over instead (the KOL group form leaves).
 */
export function useLoadWithRetry<T>(
  id: string | undefined,
  fetch: (id: string) => Promise<T | null | undefined>,
  apply: (record: T) => void,
  onFailed?: () => void,
) {
  const [loadState, setLoadState] = useState<LoadState>(id ? 'loading' : 'ready');
  const [attempt, setAttempt] = useState(0);
  // The callbacks change every render; the load must only follow the id and the retries.
  const calls = useRef({ fetch, apply, onFailed });
  calls.current = { fetch, apply, onFailed };

  useEffect(() => {
    if (!id) return setLoadState('ready');
    let live = true;
    void attempt; // Only re-runs the load on retry.
    setLoadState('loading');
    const fail = () => {
      if (!live) return;
      if (calls.current.onFailed) calls.current.onFailed();
      else setLoadState('failed');
    };
    calls.current.fetch(id).then((record) => {
      if (!live) return;
      if (!record) return fail();
      calls.current.apply(record);
      setLoadState('ready');
    }, fail);
    return () => {
      live = false;
    };
  }, [id, attempt]);

  return { loadState, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
