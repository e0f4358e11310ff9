/**
 * Lets the HTTP server go first. Requests in flight are counted, and the collection runner waits
 * until none is before it starts the next history batch. With the embedded database a batch runs
 * in the server's own thread and holds the database for its whole transaction, so a request that
 * arrives meanwhile waits for that one batch, never for a queue of them.
 */
/**
 * How background work (every job of scheduler.ts) waits for requests in one process: 50 ms without
 * a request in flight (a page's calls come a few ms apart), but never longer than 2 s, so it still
 * moves under steady traffic. Short since its slices are (at most 50 ms while the app is in use):
 * a 300 ms quiet, made for whole batches of 0.5-1.6 s, left the first minute's history to the
 * gaps between three users' calls, and Hot Coins empty for 12-57 s after a fresh start.
 */
export const BACKGROUND_GATE = { quietMs: 50, maxWaitMs: 2000 } as const;

export interface RequestGate {
  enter(): void;
  leave(): void;
  readonly inFlight: number;
  /** Callers waiting in `idle` right now (tests wait for the runner to be held). */
  readonly waiting: number;
  /** Milliseconds since a request last came or went, or since the gate was made. */
  quietFor(): number;
  /**
   * Resolves once no request has been in flight for `quietMs` (a page load is a burst of calls a
   * few ms apart), or after `maxWaitMs` at most, so history still loads under steady traffic.
   * It first lets the event loop read what arrived (see `idle`).
   */
  idle(opts: { quietMs: number; maxWaitMs: number; signal: AbortSignal }): Promise<void>;
}

/** Resolves after the event loop's next turn: what arrived on sockets meanwhile is read first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function requestGate(): RequestGate {
  let inFlight = 0;
  // Counted from creation (the server's start): the first visitor comes in the first seconds.
  let lastLeave = performance.now();
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  return {
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return waiters.size;
    },
    quietFor() {
      return inFlight > 0 ? 0 : performance.now() - lastLeave;
    },
    enter() {
      inFlight++;
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1);
      lastLeave = performance.now();
      if (inFlight === 0) wake();
    },
    async idle({ quietMs, maxWaitMs, signal }) {
      const deadline = performance.now() + maxWaitMs;
      // With the embedded database a batch's statements settle as microtasks: background work
      // that never waits on a timer never lets the event loop read a new connection, so a
      // request that came meanwhile is not counted yet, and waited for the whole backfill (a
      // cold home took 23-28 s, issue 29 §8). One turn of the loop lets it in first.
      await nextTurn();
      return new Promise<void>((resolve) => {
        let timer: NodeJS.Timeout | undefined;
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
          signal.removeEventListener('abort', done);
          resolve();
        };
        function check() {
          clearTimeout(timer);
          const now = performance.now();
          if (signal.aborted || now >= deadline) return done();
          if (inFlight === 0) {
            const quietFor = now - lastLeave;
            if (quietFor >= quietMs) return done();
            timer = setTimeout(check, Math.min(quietMs - quietFor, deadline - now));
          } else timer = setTimeout(check, deadline - now); // `leave` wakes it earlier
        }
        waiters.add(check);
        signal.addEventListener('abort', done, { once: true });
        check();
      });
    },
  };
}
