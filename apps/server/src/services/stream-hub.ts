/**
 * The open live streams of this process (issue 18): it hears every AppEvent once and turns it into
 * hints for the browsers that care. Hints carry no data, so a lost one costs a screen its next
 * poll at most; that lets the hub drop hints for a slow connection instead of buffering them, and
 * send every `posts` hint to everyone through one timer and one buffer, however many streams are open.
 */
import {
  STREAM_HEARTBEAT_MS,
  STREAM_MAX_PER_USER,
  type StreamEventName,
  type StreamMessages,
} from '@kolscope/contract';
import type { AppEvent, EventBus } from './events/types';
import { hashToken } from './sessions';

/** What the hub needs of one response: node's ServerResponse fits. */
export interface StreamSink {
  write(chunk: Buffer): boolean;
  end(): void;
  once(event: 'drain', listener: () => void): unknown;
}

export interface StreamSettings {
  /** Streams of one user; a new one beyond it closes that user's oldest. */
  maxPerUser: number;
  /** Streams of this process; beyond it a new one is refused (503), the app polls instead. */
  maxConnections: number;
  heartbeatMs: number;
  /** Posts hints are merged over this window: one message per stream per window at most. */
  coalesceMs: number;
}

export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  maxPerUser: STREAM_MAX_PER_USER,
  maxConnections: 10_000,
  heartbeatMs: STREAM_HEARTBEAT_MS,
  coalesceMs: 300,
};

/** The browser's wait before reconnecting after the stream broke (SSE `retry:`). */
export const STREAM_RETRY_MS = 5000;

interface Connection {
  userId: number;
  tokenHash: string;
  sink: StreamSink;
  /** `write` returned false: hints are skipped until 'drain' (the next hint will do). */
  blocked: boolean;
}

/** One SSE message as bytes, built once and written to every stream it goes to. */
export function encodeMessage<E extends StreamEventName>(event: E, data: StreamMessages[E]): Buffer {
  return Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
const HEARTBEAT = Buffer.from(': keep-alive\n\n');
/** A browser reconnects by itself when a stream ends; this tells the app to poll instead. */
const REPLACED = encodeMessage('closed', { reason: 'replaced' });
/** The first bytes of every stream, after its headers. */
export const STREAM_OPENING = Buffer.from(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);

export type Admission = { ok: true; close: () => void } | { ok: false; reason: 'full' };

/** Token hashes asked at once when the hub re-checks its streams' sessions. */
const RECHECK_BATCH = 1000;

/**
 * `liveSessions` answers which token hashes are still signed in (sessions.ts `liveOf`): after a
 * gap in the events the hub asks it about every open stream, since a revocation may have passed
 * while this process could not hear.
 */
export function streamHub(
  events: EventBus,
  settings: Partial<StreamSettings> = {},
  liveSessions?: (tokenHashes: string[]) => Promise<Set<string>>,
) {
  const s = { ...DEFAULT_STREAM_SETTINGS, ...settings };
  const all = new Set<Connection>();
  /** Each user's streams, oldest first (a Set keeps insertion order). */
  const byUser = new Map<number, Set<Connection>>();
  let pendingPosts: { count: number; coins: Set<string> } | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let fanOutMs = 0;

  const write = (c: Connection, bytes: Buffer) => {
    if (c.blocked) return;
    if (!c.sink.write(bytes)) {
      c.blocked = true;
      c.sink.once('drain', () => {
        c.blocked = false;
      });
    }
  };
  const toAll = (bytes: Buffer) => {
    const started = performance.now();
    for (const c of all) write(c, bytes);
    fanOutMs = performance.now() - started;
  };
  const toUser = (userId: number, bytes: Buffer) => {
    for (const c of byUser.get(userId) ?? []) write(c, bytes);
  };

  const remove = (c: Connection) => {
    if (!all.delete(c)) return;
    const mine = byUser.get(c.userId);
    mine?.delete(c);
    if (mine?.size === 0) byUser.delete(c.userId);
    if (all.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };
  const close = (c: Connection, farewell?: Buffer) => {
    if (!all.has(c)) return;
    remove(c);
    // Written even when blocked: it is the last thing the stream says.
    if (farewell) c.sink.write(farewell);
    c.sink.end();
  };

  const flushPosts = () => {
    flushTimer = undefined;
    if (!pendingPosts) return;
    const { count, coins } = pendingPosts;
    pendingPosts = undefined;
    toAll(encodeMessage('posts', { count, coins: [...coins].sort() }));
  };

  const onEvent = (event: AppEvent) => {
    switch (event.type) {
      case 'posts_stored': {
        if (event.ids.length === 0 || all.size === 0) return;
        pendingPosts ??= { count: 0, coins: new Set() };
        pendingPosts.count += event.ids.length;
        for (const coin of event.coins) pendingPosts.coins.add(coin);
        flushTimer ??= setTimeout(flushPosts, s.coalesceMs);
        return;
      }
      case 'view_changed':
        return toUser(event.userId, encodeMessage('views', { view_id: event.viewId }));
      case 'group_changed':
        // A group's views count differently; the view list shows their figures.
        return toUser(event.userId, encodeMessage('views', { view_id: null }));
      case 'notification_matched':
        return toUser(event.userId, encodeMessage('notification', { view_id: event.viewId }));
      case 'view_history':
        return toUser(event.userId, encodeMessage('view_history', { view_id: event.viewId, percent: event.percent }));
      case 'session_revoked': {
        const gone = new Set(event.tokenHashes);
        for (const c of [...all]) if (gone.has(c.tokenHash)) close(c);
        return;
      }
      case 'user_sessions_revoked':
        for (const c of [...(byUser.get(event.userId) ?? [])]) close(c);
        return;
    }
  };
  const unsubscribe = events.subscribe(onEvent);

  /** Closes the streams whose session ended (the revocation was missed); resolves when done. */
  async function recheckSessions(): Promise<void> {
    if (!liveSessions) return;
    const open = [...all];
    for (let i = 0; i < open.length; i += RECHECK_BATCH) {
      const batch = open.slice(i, i + RECHECK_BATCH);
      const live = await liveSessions([...new Set(batch.map((c) => c.tokenHash))]);
      for (const c of batch) if (!live.has(c.tokenHash)) close(c);
    }
  }
  let rechecking: Promise<void> = Promise.resolve();
  const unsubscribeGap = events.onGap(() => {
    // One check after another; a failed one (database away) leaves the streams to the next gap,
    // and their requests are refused anyway once the session cache has asked the database.
    rechecking = rechecking.then(recheckSessions).catch(() => {});
  });

  return {
    settings: s,
    /**
     * Takes a signed-in stream in, or refuses it when the process is full. The check and the
     * insert run in one synchronous step, so parallel opens never exceed the bound. The caller
     * writes the headers and STREAM_OPENING at once after (nothing else runs in between).
     */
    admit(userId: number, token: string, sink: StreamSink): Admission {
      const mine = byUser.get(userId) ?? new Set<Connection>();
      // The newest tab wins: the user's oldest stream closes and that tab polls instead. A 429
      // would leave the tab the user is looking at without live hints.
      const evict = mine.size >= s.maxPerUser ? mine.values().next().value : undefined;
      if (!evict && all.size >= s.maxConnections) return { ok: false, reason: 'full' };
      if (evict) close(evict, REPLACED);
      const c: Connection = { userId, tokenHash: hashToken(token), sink, blocked: false };
      all.add(c);
      mine.add(c);
      byUser.set(userId, mine);
      heartbeat ??= setInterval(() => toAll(HEARTBEAT), s.heartbeatMs).unref();
      return { ok: true, close: () => remove(c) };
    },
    /** Open streams: all, or one user's. */
    count(userId?: number): number {
      return userId === undefined ? all.size : (byUser.get(userId)?.size ?? 0);
    },
    /** Settles when the re-check after the last gap has (tests wait on it). */
    rechecked: () => rechecking,
    /** How long the last message to every stream took to write (the bench reads it). */
    lastFanOutMs: () => fanOutMs,
    /** Ends every stream (the server is closing: the browsers reconnect to another process). */
    closeAll() {
      for (const c of [...all]) close(c);
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = undefined;
      pendingPosts = undefined;
    },
    stop() {
      this.closeAll();
      unsubscribe();
      unsubscribeGap();
    },
  };
}
export type StreamHub = ReturnType<typeof streamHub>;
