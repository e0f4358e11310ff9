import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** The page scrolls to the top on every path change (spec section 2); query changes keep the scroll. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger, not an input.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
