/**
 * A local stand-in for Bluesky: an AppView answering app.bsky.actor.getProfiles and
 * app.bsky.feed.getAuthorFeed with the lexicon shapes (opaque cursors, RateLimit-* headers,
 * XRPC errors), and a Jetstream WebSocket server (`/subscribe?wantedCollections&wantedDids&cursor`)
 * that replays its event log from the cursor asked, then sends each new event live. Both listen on
 * 127.0.0.1 with a port of the system's choosing. Tests (and e2e) add posts, emit events and drop
 * sockets; canned answers play errors.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

export type Json = Record<string, unknown>;

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface CannedAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (to play non-JSON bodies); anything else as JSON. */
  body?: unknown;
}

export interface FakeBluesky {
  appviewUrl: string;
  jetstreamUrl: string;
  requests: FakeRequest[];
  /** app.bsky.actor.defs#profileViewDetailed objects. */
  profiles: Json[];
  /** Per DID, feedViewPost items newest first (what getAuthorFeed pages through). */
  feeds: Map<string, unknown[]>;
  /** Server-side page size cap, to force paging. */
  pageSize: number;
  /** Headers added to every generated AppView answer. */
  headers: Record<string, string>;
  /** AppView answers served, in order, before the generated ones. */
  queue: CannedAnswer[];
  /** The query of every Jetstream connection, in order. */
  connections: URLSearchParams[];
  /** Resolves once `n` Jetstream connections were made in all. */
  connected(n: number): Promise<void>;
  /** Appends an event to the log (a string is sent as is) and sends it to matching sockets. */
  emit(event: Json | string): void;
  /** Closes every open Jetstream socket, as a network drop would. */
  dropSockets(): void;
  close(): Promise<void>;
}

interface Subscriber {
  socket: WebSocket;
  dids: Set<string>;
}

const timeOf = (e: Json | string): number => (typeof e === 'string' ? 0 : Number(e.time_us ?? 0));
const didOf = (e: Json | string): string => (typeof e === 'string' ? '' : String(e.did ?? ''));

export async function startFakeBluesky(): Promise<FakeBluesky> {
  const log: (Json | string)[] = [];
  const subscribers = new Set<Subscriber>();
  const connectWaiters: { n: number; resolve: () => void }[] = [];
  const fake: FakeBluesky = {
    appviewUrl: '',
    jetstreamUrl: '',
    requests: [],
    profiles: [],
    feeds: new Map(),
    pageSize: 100,
    headers: {},
    queue: [],
    connections: [],
    connected: (n) =>
      new Promise((resolve) => {
        if (fake.connections.length >= n) resolve();
        else connectWaiters.push({ n, resolve });
      }),
    emit(event) {
      log.push(event);
      for (const s of subscribers) if (matches(s, event)) s.socket.send(text(event));
    },
    dropSockets() {
      for (const s of subscribers) s.socket.terminate();
      subscribers.clear();
    },
    close: async () => {},
  };
  const matches = (s: Subscriber, e: Json | string) => s.dids.size === 0 || !didOf(e) || s.dids.has(didOf(e));
  const text = (e: Json | string) => (typeof e === 'string' ? e : JSON.stringify(e));
  const findProfile = (actor: string) =>
    fake.profiles.find((p) => p.did === actor || String(p.handle).toLowerCase() === actor.toLowerCase());

  function appview(path: string, q: URLSearchParams): { status: number; body: Json } {
    if (path === '/xrpc/app.bsky.actor.getProfiles') {
      const actors = q.getAll('actors');
      if (actors.length === 0 || actors.length > 25)
        return { status: 400, body: { error: 'InvalidRequest', message: 'actors must hold 1 to 25 items' } };
      return { status: 200, body: { profiles: actors.map(findProfile).filter(Boolean) } };
    }
    if (path === '/xrpc/app.bsky.feed.getAuthorFeed') {
      const profile = findProfile(q.get('actor') ?? '');
      if (!profile) return { status: 400, body: { error: 'InvalidRequest', message: 'Profile not found' } };
      const all = fake.feeds.get(String(profile.did)) ?? [];
      const size = Math.min(Number(q.get('limit') ?? 50), fake.pageSize);
      const offset = q.get('cursor') ? Number(Buffer.from(q.get('cursor') ?? '', 'base64url').toString()) : 0;
      const feed = all.slice(offset, offset + size);
      const more = offset + size < all.length;
      return {
        status: 200,
        body: { feed, ...(more ? { cursor: Buffer.from(String(offset + size)).toString('base64url') } : {}) },
      };
    }
    return { status: 404, body: { error: 'MethodNotImplemented', message: `no method ${path}` } };
  }

  const http = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    fake.requests.push({ path: u.pathname, query: u.searchParams, headers: req.headers });
    const canned = fake.queue.shift();
    if (canned) {
      const body = typeof canned.body === 'string' ? canned.body : JSON.stringify(canned.body ?? {});
      res.writeHead(canned.status ?? 200, { 'content-type': 'application/json', ...canned.headers });
      res.end(body);
      return;
    }
    const { status, body } = appview(u.pathname, u.searchParams);
    res.writeHead(status, { 'content-type': 'application/json', ...fake.headers });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  fake.appviewUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/subscribe' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  fake.jetstreamUrl = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  wss.on('connection', (socket, req) => {
    const q = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const sub: Subscriber = { socket, dids: new Set(q.getAll('wantedDids')) };
    // Replay from the cursor (µs, inclusive), then live, as Jetstream does.
    const cursor = q.get('cursor');
    if (cursor !== null) for (const e of log) if (timeOf(e) >= Number(cursor) && matches(sub, e)) socket.send(text(e));
    subscribers.add(sub);
    socket.on('close', () => subscribers.delete(sub));
    fake.connections.push(q);
    for (const w of [...connectWaiters])
      if (fake.connections.length >= w.n) {
        connectWaiters.splice(connectWaiters.indexOf(w), 1);
        w.resolve();
      }
  });

  fake.close = async () => {
    fake.dropSockets();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  };
  return fake;
}

/** A profileViewDetailed. */
export function profile(did: string, handle: string, extra: Json = {}): Json {
  return {
    did,
    handle,
    displayName: handle.split('.')[0]?.toUpperCase(),
    description: '',
    avatar: `https://cdn.bsky.app/img/avatar/plain/${did}/bafkavatar@jpeg`,
    followersCount: 1200,
    followsCount: 10,
    postsCount: 300,
    ...extra,
  };
}

/** An app.bsky.feed.post record. */
export function postRecord(text: string, createdAt: string, extra: Json = {}): Json {
  return { $type: 'app.bsky.feed.post', text, createdAt, langs: ['en'], ...extra };
}

/** A feedViewPost of `author`'s post `rkey`. */
export function feedItem(author: Json, rkey: string, text: string, createdAt: string, extra: Json = {}): Json {
  const { reason, embed, ...post } = extra;
  return {
    post: {
      uri: `at://${author.did}/app.bsky.feed.post/${rkey}`,
      cid: `bafy${rkey}`,
      author: { did: author.did, handle: author.handle, displayName: author.displayName, avatar: author.avatar },
      record: postRecord(text, createdAt),
      ...(embed ? { embed } : {}),
      replyCount: 1,
      repostCount: 2,
      likeCount: 3,
      quoteCount: 4,
      indexedAt: createdAt,
      ...post,
    },
    ...(reason ? { reason } : {}),
  };
}

/** A Jetstream commit event. */
export function commit(
  did: string,
  rkey: string,
  timeUs: number,
  record: Json | undefined,
  operation: 'create' | 'update' | 'delete' = 'create',
): Json {
  return {
    did,
    time_us: timeUs,
    kind: 'commit',
    commit: {
      rev: `rev${timeUs}`,
      operation,
      collection: 'app.bsky.feed.post',
      rkey,
      ...(record ? { record, cid: `bafy${rkey}` } : {}),
    },
  };
}
