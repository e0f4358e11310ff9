/**
 * The app's one live stream (issue 18 §2): an EventSource on /webapi/v1/stream while signed in.
 * It carries hints only; a screen that names a hint (usePoll's `live`) runs its usual poll when
 * one arrives. EventSource reconnects by itself after a network break (the server's `retry:`);
 * a refusal (401, 503 when the server is full) closes it for good, so we try again after
 * RECONNECT_AFTER_REFUSAL_MS, and meanwhile every screen polls every 60 s as without a stream.
 * So does a tab whose stream was replaced by the user's newer tabs (the `closed` message).
 */
import { API_PREFIX, STREAM_PATH, type StreamEventName, type StreamMessages } from '@kolscope/contract';

/** The hints screens may name (`closed` is the stream's own business). */
export const STREAM_EVENTS: StreamEventName[] = ['posts', 'views', 'notification', 'view_history'];
export const RECONNECT_AFTER_REFUSAL_MS = 60_000;

type Hint = { [E in StreamEventName]: { event: E; data: StreamMessages[E] } }[StreamEventName];

/** What screens need of the stream; poll tests pass their own. */
export interface LiveSource {
  connected(): boolean;
  /** Calls `listener` whenever `connected` changes; returns the unsubscribe. */
  onConnectedChange(listener: () => void): () => void;
  /** Calls `handler` for each hint named in `events`; returns the unsubscribe. */
  onHint(events: readonly StreamEventName[], handler: (hint: Hint) => void): () => void;
}

/** The part of EventSource the stream uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
}
const CLOSED = 2;

export function createLiveStream(
  open: (url: string) => EventSourceLike = (url) => new EventSource(url, { withCredentials: true }),
) {
  let source: EventSourceLike | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let isConnected = false;
  const connectionListeners = new Set<() => void>();
  const hintHandlers = new Set<{ events: readonly StreamEventName[]; handler: (hint: Hint) => void }>();

  const setConnected = (next: boolean) => {
    if (next === isConnected) return;
    isConnected = next;
    for (const listener of [...connectionListeners]) listener();
  };
  const deliver = (event: StreamEventName, raw: string) => {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return; // a hint we cannot read is a hint missed: the interval poll still runs
    }
    const hint = { event, data } as Hint;
    for (const h of [...hintHandlers]) if (h.events.includes(event)) h.handler(hint);
  };

  function start() {
    stop();
    const es = open(`${API_PREFIX}/${STREAM_PATH}`);
    source = es;
    es.onopen = () => setConnected(true);
    es.onerror = () => {
      setConnected(false);
      if (es.readyState === CLOSED && source === es) {
        retry = setTimeout(start, RECONNECT_AFTER_REFUSAL_MS);
      }
    };
    for (const name of STREAM_EVENTS) es.addEventListener(name, (ev) => deliver(name, String(ev.data)));
    // Replaced by a newer tab of the same user: reconnecting at once would replace that one in
    // turn, so this tab polls and tries again later.
    es.addEventListener('closed', () => {
      if (source !== es) return;
      stop();
      retry = setTimeout(start, RECONNECT_AFTER_REFUSAL_MS);
    });
  }
  function stop() {
    if (retry) clearTimeout(retry);
    retry = undefined;
    source?.close();
    source = undefined;
    setConnected(false);
  }

  const live: LiveSource & { start(): void; stop(): void } = {
    start,
    stop,
    connected: () => isConnected,
    onConnectedChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    onHint(events, handler) {
      const entry = { events, handler };
      hintHandlers.add(entry);
      return () => hintHandlers.delete(entry);
    },
  };
  return live;
}

/** The app's stream; LiveConnection (app/) starts it while signed in. */
export const liveStream = createLiveStream();

/** No stream: what a screen without hints, or a test, polls against. */
export const noLive: LiveSource = {
  connected: () => false,
  onConnectedChange: () => () => undefined,
  onHint: () => () => undefined,
};
