/**
 * Per-user share of the server: each caller (a signed-in user, or a client address for public
 * calls) runs at most `running` requests at once and queues at most `queued` more; beyond that
 * the request is refused with 429. One account hammering an expensive call then holds a couple of
 * database connections, not the pool. The counts live in this process: with several API
 * processes, each gives a caller its own share.
 */
import { QueueFull, type Release, Semaphore } from './semaphore';

export interface RequestLimitSettings {
  /** Requests a caller runs at once (USER_CONCURRENT_REQUESTS). */
  running: number;
  /** Requests a caller may have waiting behind those (USER_QUEUED_REQUESTS). */
  queued: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimitSettings = { running: 2, queued: 8 };

/**
 * The image proxy's share (/media/proxy), a second one of its own: a feed page asks for dozens of
 * pictures at once (over HTTP/2 all together), which must neither be refused nor take the
 * caller's places for API calls. Its cost is the network and memory, not the database: 4
 * downloads at once hold 4 x MEDIA_MAX_BYTES (20 MB) of a user's pictures at most (issue 34: 100
 * parallel 5 MB downloads of one user slowed everyone's feed 150-fold).
 */
export const MEDIA_REQUEST_LIMITS: RequestLimitSettings = { running: 4, queued: 60 };

export { QueueFull };

export function requestLimits(settings: RequestLimitSettings = DEFAULT_REQUEST_LIMITS) {
  // One semaphore per caller while it has requests; dropped when idle, so memory follows the
  // callers active now, not every caller ever seen.
  const byCaller = new Map<string, Semaphore>();
  return {
    settings,
    /** Waits for the caller's turn; throws QueueFull (answer 429) when its queue is full. */
    async enter(caller: string, signal?: AbortSignal): Promise<Release> {
      let sem = byCaller.get(caller);
      if (!sem) {
        sem = new Semaphore(settings.running, settings.queued);
        byCaller.set(caller, sem);
      }
      const s = sem;
      try {
        const release = await s.acquire(signal);
        return () => {
          release();
          if (s.idle && byCaller.get(caller) === s) byCaller.delete(caller);
        };
      } catch (err) {
        if (s.idle && byCaller.get(caller) === s) byCaller.delete(caller);
        throw err;
      }
    },
    /** Requests of a caller running and waiting now (tests and diagnostics). */
    stats(caller: string): { running: number; queued: number } {
      const s = byCaller.get(caller);
      return { running: s?.running ?? 0, queued: s?.queued ?? 0 };
    },
  };
}
