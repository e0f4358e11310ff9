/**
 * The live half of the bluesky source: one Jetstream WebSocket
 * (`{url}/subscribe?wantedCollections=app.bsky.feed.post&wantedDids=…&cursor=<µs>`) whose commit
 * events wait in a bounded buffer until a fetch takes them. Events leave the buffer only once the
 * batch that carried them is stored (`drop`), so a failed save hands them out again.
 *
 * When the socket drops it reconnects with backoff from the newest event received minus an
 * overlap (events are upserted by id; replays inside this process are recognised and skipped).
 * A full buffer (the worker lost its lease, or the database stalls) closes the socket instead of
 * dropping events; it reopens from the same point once fetches have drained half the buffer.
 */
import WebSocket from 'ws';
import { backoffMs } from '../../runner';
import type { RejectedItem } from '../../types';
import { isDid } from './cursor';
import { sample } from './map';

export interface CommitEvent {
  did: string;
  timeUs: number;
  operation: 'create' | 'update' | 'delete';
  rkey: string;
  record: unknown;
}

/** A buffered event, or a message that could not be read (counted and skipped by the batch). */
export type Entry = { timeUs: number; event: CommitEvent } | { timeUs: number; rejected: RejectedItem };

export interface JetstreamOptions {
  url: string;
  overlapUs: number;
  maxBuffer: number;
  minBackoffMs: number;
  maxBackoffMs: number;
  log?: (line: string) => void;
}

const OPERATIONS = new Set(['create', 'update', 'delete']);
const COLLECTION = 'app.bsky.feed.post';

export class JetstreamFeed {
  private socket: WebSocket | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private dids: string[] = [];
  private buffer: Entry[] = [];
  private lastSeenUs: number | undefined;
  private fallbackUs = 0;
  /** Events of the overlap window already received: a replay after a reconnect is skipped. */
  private recent = new Map<string, number>();
  private waiters = new Set<() => void>();
  private failures = 0;
  private closed = false;
  /** Connections opened so far (status and tests). */
  connections = 0;

  constructor(private readonly opts: JetstreamOptions) {}

  get size(): number {
    return this.buffer.length;
  }

  /**
   * Keeps a socket open for these DIDs, resuming from `fromUs` (the stored checkpoint) when
   * nothing newer was received in this process. A changed list of DIDs reconnects.
   */
  ensure(dids: string[], fromUs: number): void {
    if (this.closed) return;
    this.fallbackUs = fromUs;
    const same = dids.length === this.dids.length && dids.every((d, i) => d === this.dids[i]);
    if (!same) {
      this.dids = [...dids];
      this.disconnect();
    }
    if (this.socket || this.reconnectTimer || this.dids.length === 0) return;
    if (this.buffer.length >= this.opts.maxBuffer / 2) return;
    this.connect();
  }

  /** The oldest `max` entries, left in the buffer until `drop`. */
  take(max: number): Entry[] {
    return this.buffer.slice(0, max);
  }

  /** Forgets the `n` oldest entries: their batch is stored. */
  drop(n: number): void {
    this.buffer.splice(0, n);
  }

  /** Resolves when an entry is buffered, after `ms`, or on abort. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (this.buffer.length > 0 || signal.aborted || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  close(): void {
    this.closed = true;
    this.disconnect();
    for (const w of [...this.waiters]) w();
  }

  private disconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const ws = this.socket;
    this.socket = undefined;
    ws?.terminate();
  }

  private connect(): void {
    const from = (this.lastSeenUs ?? this.fallbackUs) - this.opts.overlapUs;
    const params = new URLSearchParams({ wantedCollections: COLLECTION });
    for (const did of this.dids) params.append('wantedDids', did);
    if (from > 0) params.set('cursor', String(from));
    const ws = new WebSocket(`${this.opts.url.replace(/\/+$/, '')}/subscribe?${params}`);
    this.socket = ws;
    this.connections++;
    ws.on('open', () => {
      if (this.socket === ws) this.opts.log?.(`bluesky: Jetstream connected from ${from > 0 ? from : 'now'}`);
    });
    ws.on('message', (data) => {
      if (this.socket === ws) this.receive(String(data));
    });
    // 'close' follows every 'error'; the reconnect is scheduled there.
    ws.on('error', (err) => {
      if (this.socket === ws) this.opts.log?.(`bluesky: Jetstream socket error: ${err.message}`);
    });
    ws.on('close', () => {
      if (this.socket !== ws) return; // closed on purpose
      this.socket = undefined;
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.failures++;
    const wait = backoffMs(this.failures, this.opts.minBackoffMs, this.opts.maxBackoffMs);
    this.opts.log?.(`bluesky: Jetstream socket closed; reconnecting in ${Math.round(wait / 1000)} s`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.closed && this.buffer.length < this.opts.maxBuffer / 2) this.connect();
    }, wait);
  }

  private push(entry: Entry): void {
    this.buffer.push(entry);
    for (const w of [...this.waiters]) w();
  }

  private receive(text: string): void {
    if (this.buffer.length >= this.opts.maxBuffer) {
      // Full: stop reading rather than drop; `ensure` reopens from the newest event kept.
      this.opts.log?.(`bluesky: ${this.buffer.length} live events waiting; pausing the Jetstream socket`);
      this.disconnect();
      return;
    }
    this.failures = 0;
    const parsed = parseEvent(text);
    if (parsed === null) return;
    if ('reason' in parsed) {
      this.push({ timeUs: this.lastSeenUs ?? 0, rejected: parsed });
      return;
    }
    const key = `${parsed.timeUs}:${parsed.did}:${parsed.rkey}:${parsed.operation}`;
    if (this.recent.has(key)) return;
    this.recent.set(key, parsed.timeUs);
    this.lastSeenUs = Math.max(this.lastSeenUs ?? 0, parsed.timeUs);
    if (this.recent.size > 1000) {
      const oldest = this.lastSeenUs - 2 * this.opts.overlapUs;
      for (const [k, t] of this.recent) if (t < oldest) this.recent.delete(k);
    }
    this.push({ timeUs: parsed.timeUs, event: parsed });
  }
}

/**
 * One Jetstream message: a post commit, null for what is not ours to read (identity and account
 * events, other collections), or a rejection for what cannot be read.
 */
export function parseEvent(text: string): CommitEvent | RejectedItem | null {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return { reason: 'Jetstream message is not JSON', sample: sample(text) };
  }
  const r = typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : undefined;
  if (!r) return { reason: 'Jetstream message is not an object', sample: sample(text) };
  if (r.kind !== 'commit') return null;
  const c = typeof r.commit === 'object' && r.commit !== null ? (r.commit as Record<string, unknown>) : undefined;
  if (c && c.collection !== COLLECTION) return null;
  const timeUs = r.time_us;
  if (!c || !isDid(r.did) || typeof timeUs !== 'number' || !Number.isSafeInteger(timeUs) || timeUs <= 0)
    return { reason: 'Jetstream commit without did, time_us or commit', sample: sample(text) };
  if (typeof c.operation !== 'string' || !OPERATIONS.has(c.operation) || typeof c.rkey !== 'string')
    return { reason: 'Jetstream commit without operation or rkey', sample: sample(text) };
  return {
    did: r.did,
    timeUs,
    operation: c.operation as CommitEvent['operation'],
    rkey: c.rkey,
    record: c.record,
  };
}
