/**
 * The refresh clock every screen shares (spec section 4): a poll every interval (AUTO_REFRESH_MS
 * unless a screen has its own constant), skipped while the page is hidden. With `catchUpOnShow`,
 * a poll missed while hidden is made up once, as soon as the page shows again. A paused clock
 * (the feed while new posts wait) does not run; usePoll starts a fresh interval when it resumes.
 */
import { AUTO_REFRESH_MS } from '@kolscope/contract';

export interface PollOptions {
  paused?: boolean;
  intervalMs?: number;
  catchUpOnShow?: boolean;
}

/** What the clock needs from the page; tests pass their own. */
export interface PageVisibility {
  visible(): boolean;
  /** Calls `listener` on every visibility change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export const documentVisibility: PageVisibility = {
  visible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  onChange(listener) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** Starts the clock; returns its stop. */
export function startPolling(
  poll: () => void,
  { paused = false, intervalMs = AUTO_REFRESH_MS, catchUpOnShow = false }: PollOptions = {},
  page: PageVisibility = documentVisibility,
): () => void {
  if (paused) return () => undefined;
  let lastPoll = Date.now();
  const run = () => {
    lastPoll = Date.now();
    poll();
  };
  const timer = setInterval(() => {
    if (page.visible()) run();
  }, intervalMs);
  const stopListening = catchUpOnShow
    ? page.onChange(() => {
        if (page.visible() && Date.now() - lastPoll >= intervalMs) run();
      })
    : () => undefined;
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
