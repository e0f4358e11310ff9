/**
 * The request a statement runs for, carried with AsyncLocalStorage so repositories need no extra
 * argument: `defineCall` runs each handler inside one, and the database adapter (db.ts) then
 * bounds the statement's time and records which PostgreSQL backend runs it, so the request's
 * statements can be cancelled when its client goes away.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Why a request's statement was stopped; http/route.ts answers 503 or 499. */
export class RequestCancelled extends Error {
  constructor(readonly reason: 'timeout' | 'client-gone') {
    super(reason === 'timeout' ? 'request took too long' : 'client closed the request');
  }
}

/** Who runs statements outside any request (ingestion, timers) for the embedded database's turns. */
export const BACKGROUND_CALLER = 'background';

export class QueryContext {
  /**
   * Whose request this is, as the per-user share names it (`user:<id>`, or `ip:<address>` before
   * or without sign-in): the embedded database gives callers fair turns (fair-turns.ts).
   */
  caller: string | undefined;
  /** Backend pids of the connections this request holds right now (PostgreSQL only). */
  readonly backends = new Set<number>();
  /** The same on the read replica (DATABASE_READ_URL): pids of two servers may be equal. */
  readonly replicaBackends = new Set<number>();
  /** Set when the client left: no new statement starts, running ones are cancelled. */
  aborted = false;
  /** Settles once the cancel of the running statements was sent; connections are released after it. */
  cancelling: Promise<void> | undefined;
  private deadline: number;

  /** `timeoutMs` 0: no time limit (REQUEST_STATEMENT_TIMEOUT_MS=0). */
  constructor(readonly timeoutMs: number) {
    this.deadline = this.deadlineFromNow();
  }

  /** Starts the time again, when the request leaves the per-user queue and really runs. */
  restartClock(): void {
    this.deadline = this.deadlineFromNow();
  }

  private deadlineFromNow(): number {
    return this.timeoutMs > 0 ? performance.now() + this.timeoutMs : Number.POSITIVE_INFINITY;
  }

  /** Throws before a statement starts if the request is over (client gone, or out of time). */
  check(): void {
    if (this.aborted) throw new RequestCancelled('client-gone');
    if (performance.now() > this.deadline) throw new RequestCancelled('timeout');
  }
}

const storage = new AsyncLocalStorage<QueryContext>();

export function runInRequest<T>(ctx: QueryContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentRequest(): QueryContext | undefined {
  return storage.getStore();
}

/**
 * Runs work that must not inherit the calling request's time limit or cancellation: background
 * jobs started from a request (a timer, a cache refill shared with other requests).
 */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** A PostgreSQL error raised by a cancelled statement (timeout or pg_cancel_backend). */
export function isCancelledStatement(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '57014';
}
