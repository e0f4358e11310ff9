import { useEffect } from 'react';
import { type PollOptions, startPolling } from './poll';

/**
 * Runs `poll` on the shared refresh clock (poll.ts) while the component is mounted and not
 * `paused`. A new `poll` (callers memoize it on what it reads) or a resume starts a fresh interval.
 */
export function usePoll(poll: () => void, { paused, intervalMs, catchUpOnShow }: PollOptions = {}) {
  useEffect(() => startPolling(poll, { paused, intervalMs, catchUpOnShow }), [poll, paused, intervalMs, catchUpOnShow]);
}
