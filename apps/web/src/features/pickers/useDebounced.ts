import { SEARCH_DEBOUNCE_MS } from '@kolscope/contract';
import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `ms` (search inputs wait 300 ms, spec section 5). */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
