import { useEffect } from 'react';
import { liveStream } from '../live/liveStream';
import { type PollOptions, startPolling } from './poll';

/**
 * Runs `poll` on the shared refresh clock (poll.ts) while the component is mounted and not
 * `paused`, and on the live hints it names. A new `poll` (callers memoize it on what it reads) or
 * a resume starts a fresh interval.
 */
export function usePoll(poll: () => void, { paused, intervalMs, catchUpOnShow, live }: PollOptions = {}) {
  // The hint names as one string: callers may pass a new array on every render.
  const hints = live?.join(',') ?? '';
  useEffect(
    () =>
      startPolling(
        poll,
        { paused, intervalMs, catchUpOnShow, live: hints ? (hints.split(',') as PollOptions['live']) : [] },
        undefined,
        liveStream,
      ),
    [poll, paused, intervalMs, catchUpOnShow, hints],
  );
}
