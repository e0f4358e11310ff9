/**
 * Events between kolscope processes (issue 18). Every process publishes what it changed and
 * every process (itself included) hears it: caches drop what went stale, open streams tell
 * browsers to fetch. With no broker (EVENTS_URL unset) the bus is in-process only; with Redis
 * the same events also cross to the other processes. Delivery is best effort: a process that
 * misses an event (broker down) serves from caches that expire on their own (10 s at most).
 */
export type AppEvent =
  /** Sessions ended: by token hash (logout) or every session of a user (password reset). */
  | { type: 'session_revoked'; tokenHashes: string[] }
  | { type: 'user_sessions_revoked'; userId: number }
  /** A user's views were created, edited, reordered or deleted. */
  | { type: 'view_changed'; userId: number; viewId: number | null }
  /** A KOL group (range, whitelist, blacklist) changed; views using it count differently. */
  | { type: 'group_changed'; userId: number; groupId: number }
  /** A batch was stored: ids stored for the first time, the coins and authors they name. */
  | { type: 'posts_stored'; ids: string[]; coins: string[]; authors: string[] }
  /** A notification view of this user matched new posts or a forwarded message. */
  | { type: 'notification_matched'; userId: number; viewId: number }
  /** An event view's background count of its history moved on (0-100; 100 when done). */
  | { type: 'view_history'; userId: number; viewId: number; percent: number };

export type AppEventType = AppEvent['type'];

export interface EventBus {
  /**
   * Hands the event to this process's subscribers at once, and to the others through the broker.
   * Resolves once the broker has taken it (Redis has then written it to every subscriber), at once
   * without a broker or while it is away; never rejects. A write that must be seen by the other
   * processes' next request (a logout, a view edit) awaits it before answering.
   */
  publish(event: AppEvent): Promise<void>;
  /** Calls `handler` for every event, this process's and the others'; returns the unsubscribe. */
  subscribe(handler: (event: AppEvent) => void): () => void;
  /**
   * Calls `handler` when events from other processes may have been missed (the broker came back
   * after a break): caches then drop everything. Returns the unsubscribe.
   */
  onGap(handler: () => void): () => void;
  /** Whether events reach the other processes now (always true without a broker). */
  readonly connected: boolean;
  close(): Promise<void>;
}
