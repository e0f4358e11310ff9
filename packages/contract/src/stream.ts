/**
 * The live stream (issue 18): `GET /webapi/v1/stream`, server-sent events, signed in by the
 * `token` cookie. It carries hints only, never data: on a hint the app fetches as it would on its
 * 60 s poll, so every screen keeps one way of loading and the spec's new-items rules hold.
 */
export const STREAM_PATH = 'stream';

/** At most this many open streams per user (a browser allows about 6 connections per host). */
export const STREAM_MAX_PER_USER = 6;

/** A comment line this often keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 25_000;

/** The SSE `event:` names and their `data:` (JSON, snake_case on the wire like every call). */
export interface StreamMessages {
  /** Posts were stored: the coins they name (the ranking, coin reports, feeds may change). */
  posts: { count: number; coins: string[] };
  /** The user's views changed in another tab, device or process. */
  views: { view_id: number | null };
  /** A notification view of the user matched. */
  notification: { view_id: number };
  /** An event view's history count moved on (100: done). */
  view_history: { view_id: number; percent: number };
  /**
   * The server ends this stream and asks the app not to reconnect at once: `replaced` when the
   * user opened more than STREAM_MAX_PER_USER streams (this was the oldest). The app polls.
   */
  closed: { reason: 'replaced' };
}
export type StreamEventName = keyof StreamMessages;
