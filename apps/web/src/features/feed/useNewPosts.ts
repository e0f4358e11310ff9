/**
 * The new-posts protocol (GUIDE habit 5; spec section 4, "Post loading"): poll for newer posts
 * every AUTO_REFRESH_MS (counting on while new items wait: feedState.newPostsPaused), paused while
 * the page is hidden; when the reader is (or scrolls) within SCROLL_TOP_THRESHOLD_PX of the top,
 * waiting items go in silently with a short spinner.
 */
import { SCROLL_TOP_THRESHOLD_PX, SILENT_INSERT_SPINNER_MS } from '@kolscope/contract';
import { useCallback, useEffect, useState } from 'react';
import { usePoll } from '../query/usePoll';
import type { FeedQuery } from './feedStore';
import { feeds } from './feeds';

/** The new-posts poll, on the shared refresh clock; a poll missed while hidden is made up on return. */
/** `query` is memoized by the caller (Feed): a new object means another feed. */
export function useAutoRefresh(query: FeedQuery, paused: boolean): void {
  const poll = useCallback(() => void feeds.pollNewer(query), [query]);
  usePoll(poll, { paused, catchUpOnShow: true, live: ['posts'] });
}

/** Returns true during the short spinner after a silent insert. */
export function useInsertNearTop(query: FeedQuery, waiting: boolean, enabled: boolean): boolean {
  const [spinning, setSpinning] = useState(false);

  useEffect(() => {
    if (!enabled || !waiting) return;
    const q = query;
    let inserted = false;
    const check = () => {
      // Scroll events keep coming until the store update re-runs this effect: insert once.
      if (inserted || window.scrollY > SCROLL_TOP_THRESHOLD_PX) return;
      inserted = true;
      setSpinning(true);
      void feeds.showPending(q).then(() => {
        // Land exactly on the newest post: at 1-60 px the browser's scroll anchoring would
        // otherwise keep the old first post in view and hide the new ones above it. A reader who
        // scrolled away while the posts loaded (a live hint can start this at any moment) stays.
        if (window.scrollY <= SCROLL_TOP_THRESHOLD_PX) window.scrollTo(0, 0);
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [query, waiting, enabled]);

  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), SILENT_INSERT_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [spinning]);

  return spinning;
}
