/**
 * The refresh clock every screen shares (spec section 4): a poll every interval (AUTO_REFRESH_MS
 * unless a screen has its own constant), skipped while the page is hidden. With `catchUpOnShow`,
 * a poll missed while hidden is made up once, as soon as the page shows again. A paused clock
 * (the feed while new posts wait) does not run; usePoll starts a fresh interval when it resumes.
 *
 * A screen that names live hints (`live: ['posts']`) also polls when one arrives on the stream
 * (features/live), under the same rules: not while paused, not while hidden (a hint missed while
 * hidden is made up on return: it said something changed). The interval keeps running while the
 * stream is connected: a report's last bucket and windows move with the clock, not only with
 * posts, and the spec refreshes every minute; hints only bring changes sooner. When the stream
 * comes back after a drop one poll makes up the hints missed meanwhile.
 */
import { AUTO_REFRESH_MS, type StreamEventName } from '@kolscope/contract';
import { type LiveSource, noLive } from '../live/liveStream';

export interface PollOptions {
  paused?: boolean;
  intervalMs?: number;
  catchUpOnShow?: boolean;
  /** Stream hints that mean this screen's data may have changed. */
  live?: readonly StreamEventName[];
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
  { paused = false, intervalMs = AUTO_REFRESH_MS, catchUpOnShow = false, live = [] }: PollOptions = {},
  page: PageVisibility = documentVisibility,
  stream: LiveSource = noLive,
): () => void {
  if (paused) return () => undefined;
  const hinted = live.length > 0;
  let lastPoll = Date.now();
  let missedHint = false;
  let dropped = false;
  const run = () => {
    lastPoll = Date.now();
    missedHint = false;
    poll();
  };
  const timer = setInterval(() => {
    if (page.visible()) run();
  }, intervalMs);

  const stopListening =
    catchUpOnShow || hinted
      ? page.onChange(() => {
          if (!page.visible()) return;
          if (missedHint || (catchUpOnShow && Date.now() - lastPoll >= intervalMs)) run();
        })
      : () => undefined;
  const stopHints = hinted
    ? stream.onHint(live, () => {
        if (page.visible()) run();
        else missedHint = true;
      })
    : () => undefined;
  const stopConnection = hinted
    ? stream.onConnectedChange(() => {
        if (!stream.connected()) dropped = true;
        else if (dropped) {
          dropped = false;
          if (page.visible()) run();
          else missedHint = true;
        }
      })
    : () => undefined;
  return () => {
    clearInterval(timer);
    stopListening();
    stopHints();
    stopConnection();
  };
}
