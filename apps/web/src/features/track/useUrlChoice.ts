import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's choice (tab, horizon, coin) kept in the URL's query, replaced rather than pushed: the
 * back button from a profile opened from here comes back to the same tab and horizon.
 * A value that `accept` refuses (a hand-edited URL) reads as `fallback`.
 */
export function useUrlChoice<T extends string>(
  name: string,
  fallback: T,
  accept: (value: string) => value is T,
): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value = raw !== null && accept(raw) ? raw : fallback;
  const set = useCallback(
    (next: T) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next === fallback) out.delete(name);
          else out.set(name, next);
          return out;
        },
        { replace: true },
      ),
    [setParams, name, fallback],
  );
  return [value, set];
}

export function oneOf<T extends string>(values: readonly T[]): (value: string) => value is T {
  return (value: string): value is T => (values as readonly string[]).includes(value);
}
