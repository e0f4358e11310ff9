/**
 * Events between kolscope processes (issue 18). Every process publishes what it changed and
 * every process (itself included) hears it: caches drop what went stale, open streams tell
 * browsers to fetch. With no broker (EVENTS_URL unset) the bus is in-process only; with Redis
 * the same events also cross to the other processes. Delivery is best effort: a process that
 * misses an event (broker down) serves from caches that expire on their own (10 s at most).
 */
import { z } from 'zod';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** At most this many ids, coins, authors or token hashes in one event: big batches are split. */
export const EVENT_LIST_MAX = 1000;
const strings = z.array(z.string().min(1).max(200)).max(EVENT_LIST_MAX);

/**
 * The events, one schema: the type is inferred from it, and what arrives from another process is
 * checked against it (wire.ts).
 */
export const appEvent = z.discriminatedUnion('type', [
  /** Sessions ended by token hash (logout). */
  z.object({ type: z.literal('session_revoked'), tokenHashes: strings }),
  /** Every session of a user ended (password reset). */
  z.object({ type: z.literal('user_sessions_revoked'), userId: id }),
  /** A user's views were created, edited, reordered or deleted (viewId null: several). */
  z.object({ type: z.literal('view_changed'), userId: id, viewId: id.nullable() }),
  /** A KOL group (range, whitelist, blacklist) changed; views using it count differently. */
  z.object({ type: z.literal('group_changed'), userId: id, groupId: id }),
  /** A batch was stored: ids stored for the first time, the coins and authors they name. */
  z.object({ type: z.literal('posts_stored'), ids: strings, coins: strings, authors: strings }),
  /** A notification view of this user matched new posts or a forwarded message. */
  z.object({ type: z.literal('notification_matched'), userId: id, viewId: id }),
  /** An event view's background count of its history moved on (0-100; 100 when done). */
  z.object({ type: z.literal('view_history'), userId: id, viewId: id, percent: z.number().min(0).max(100) }),
]);
export type AppEvent = z.infer<typeof appEvent>;

export type AppEventType = AppEvent['type'];

export interface EventBus {
  /**
   * Hands the event to this process's subscribers at once, and to the others through the broker.
   * Resolves once the broker has taken it (Redis has then written it to every subscriber), at once
   * without a broker or while it is away, and after PUBLISH_TIMEOUT_MS (redis.ts) when it does not
   * answer; never rejects. A write that must be seen by the other processes' next request (a
   * logout, a view edit) awaits it before answering.
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
