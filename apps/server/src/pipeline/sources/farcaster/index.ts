/**
 * Farcaster casts of followed fids, read from a hub's HTTP API: a Snapchain node (every public hub
 * since 2025) or a self-run Hubble. No key is sent; a hub that needs one must be reached through a
 * proxy.
 *
 * The hub's kind is read once from `/v1/info`: Snapchain answers `numShards` and `shardInfos`
 * (one per shard with its `maxHeight`), Hubble `rootHash`, `isSyncing`, `nickname`. The two differ:
 *
 * - `reverse`: Snapchain reads only `true`/`false` (`reverse=1` is HTTP 400), Hubble documents `1`.
 * - event ids: Snapchain's are (block height << 14) | index, per shard (`shard_index`), with no
 *   `nextPageEventId`; Hubble's are (ms since the Farcaster epoch) << 12 | sequence, one stream.
 *
 * One fetch = one step. First a bounded backfill per fid: `/v1/castsByFid?fid&pageSize&reverse`
 * (newest first) page after page, until `backfillPages` pages or casts older than `backfillDays`.
 * Then the live stream: `/v1/events?from_event_id=<ev>` (on Snapchain once per shard), page after
 * page while they come full, where MERGE_MESSAGE events carry new casts (CAST_ADD) and deletions
 * (CAST_REMOVE, sent as vanish markers) of the followed fids. The cursor, stored as JSON:
 *
 *   { "v": 1, "shards": { "1": 2437561974784, "2": 2435143233536 }, "fids": { "3": { "bf": 1 } } }
 *
 * (Hubble: `"ev": 377487482880000` instead of `shards`.) The stream's start is set on the very first
 * fetch, before any backfill, so nothing cast while the backfill runs is missed: on Snapchain from
 * the hub's own `maxHeight` of each shard (never from the clock), on Hubble from the clock. Hubs keep
 * events for a few days: a worker stopped longer loses the casts of that gap.
 *
 * Profiles (/v1/userDataByFid) are read when a fid's posts are first mapped, and again after
 * `profileTtlMs`; mentioned fids' usernames likewise, in a bounded cache. Hubs keep no follower
 * count: followers are counted from /v1/linksByTargetFid, `followerPages` pages of 1000 per fetch,
 * continued over fetches up to `followerMaxPages` pages (a lower bound until the count completes).
 * Hubs keep no reaction or reply counts either: every count is null (unknown).
 *
 * A failed request (network, 4xx/5xx with the hub's own error text, unreadable JSON) is one
 * rejected item, keeps the cursor, and waits `errorWaitMs`; a 429 waits Retry-After. Every request
 * a batch made is listed in `requests`. Never throws except on abort.
 */
import { redact } from '../../../security/redact';
import type { RawAuthor, RawPost, RejectedItem, Source, SourceBatch } from '../../types';
import { readStoredCursor } from '../stored-cursor';
import { authorFromUserData, castToPost, FARCASTER_EPOCH_S, type HubMessage, removeToMarker } from './map';

export interface FarcasterSourceOptions {
  fids: number[];
  hubUrl: string;
  /** Casts per backfill page (the hub accepts up to 1000). Default 100. */
  pageSize?: number;
  /** Pages read per fid before the live stream. Default 5. */
  backfillPages?: number;
  /** The backfill stops at casts older than this. Default 30. */
  backfillDays?: number;
  /** Events asked per page on Snapchain (which sends no next id). Default 1000. */
  eventPageSize?: number;
  /** Wait once the event stream is caught up. Default 30000. */
  pollIntervalMs?: number;
  errorWaitMs?: number;
  profileTtlMs?: number;
  /** Follower pages (of 1000) read per fetch. Default 3. */
  followerPages?: number;
  /** Follower pages read for one count at most (beyond: a lower bound). Default 500. */
  followerMaxPages?: number;
  /** Usernames of mentioned fids kept. Default 5000. */
  nameCacheSize?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export type HubKind = 'snapchain' | 'hubble';

interface FidState {
  next?: string;
  pages?: number;
  bf?: 1;
}

interface FarcasterCursor {
  v: 1;
  /** Hubble: the next event id. */
  ev?: number;
  /** Snapchain: the next event id of each message shard. */
  shards?: Record<string, number>;
  fids: Record<string, FidState>;
}

/** The Hubble event id of a moment: ms since the Farcaster epoch, shifted past the 12 sequence bits. */
export const eventIdAt = (ms: number) => (ms - FARCASTER_EPOCH_S * 1000) * 4096;

/** The first Snapchain event id of a block: its height shifted past the 14 bits of the event's index. */
export const snapchainEventId = (height: number) => height * 16384;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function parseCursor(raw: string | null, fids: number[]): FarcasterCursor {
  const out: FarcasterCursor = { v: 1, fids: {} };
  const parsed = readStoredCursor(raw) ?? {};
  if (isCount(parsed.ev)) out.ev = parsed.ev;
  if (typeof parsed.shards === 'object' && parsed.shards !== null) {
    const shards: Record<string, number> = {};
    for (const [k, v] of Object.entries(parsed.shards as Record<string, unknown>))
      if (/^\d+$/.test(k) && isCount(v)) shards[k] = v;
    if (Object.keys(shards).length > 0) out.shards = shards;
  }
  const stored = (typeof parsed.fids === 'object' && parsed.fids !== null ? parsed.fids : {}) as Record<
    string,
    unknown
  >;
  for (const fid of fids) {
    const s = stored[fid] as Record<string, unknown> | undefined;
    if (typeof s !== 'object' || s === null) continue;
    const state: FidState = {};
    if (typeof s.next === 'string' && s.next !== '') state.next = s.next;
    if (isCount(s.pages)) state.pages = s.pages;
    if (s.bf === 1) state.bf = 1;
    out.fids[fid] = state;
  }
  return out;
}

/** The hub's kind from its /v1/info answer; null when it is neither's. */
export function hubKindOf(info: Record<string, unknown>): HubKind | null {
  if (Array.isArray(info.shardInfos) || typeof info.numShards === 'number') return 'snapchain';
  if ('rootHash' in info || 'isSyncing' in info || 'nickname' in info) return 'hubble';
  return null;
}

/** The message shards of a Snapchain /v1/info (shard 0 orders blocks and holds no casts). */
function shardHeights(info: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of Array.isArray(info.shardInfos) ? (info.shardInfos as Record<string, unknown>[]) : [])
    if (isCount(s?.shardId) && s.shardId > 0 && isCount(s.maxHeight)) out[s.shardId] = s.maxHeight;
  return out;
}

/** The hub's own words for a failed request: Hubble's errCode/details, Snapchain's error/error_detail. */
export function hubErrorText(text: string): string {
  try {
    const b = JSON.parse(text) as Record<string, unknown>;
    if (typeof b === 'object' && b !== null) {
      const parts = [b.errCode, b.details ?? b.message, b.error, b.error_detail].filter(
        (p): p is string => typeof p === 'string' && p.trim() !== '',
      );
      if (parts.length > 0) return [...new Set(parts)].join(': ').slice(0, 300);
    }
  } catch {}
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

class HubFailure {
  constructor(
    readonly reason: string,
    readonly waitMs?: number,
  ) {}
}

interface FollowerCount {
  /** The last complete count. */
  known?: number;
  partial: number;
  token: string;
  pages: number;
  counting: boolean;
  at: number;
}

export function createFarcasterSource(opts: FarcasterSourceOptions): Source {
  const fids = [...new Set(opts.fids.filter((f) => Number.isSafeInteger(f) && f > 0))];
  const followed = new Set(fids);
  const hubUrl = opts.hubUrl.replace(/\/+$/, '');
  const doFetch = opts.fetchImpl ?? fetch;
  const now = opts.now ?? Date.now;
  const pageSize = opts.pageSize ?? 100;
  const backfillPages = opts.backfillPages ?? 5;
  const backfillDays = opts.backfillDays ?? 30;
  const eventPageSize = opts.eventPageSize ?? 1000;
  const pollIntervalMs = opts.pollIntervalMs ?? 30_000;
  const errorWaitMs = opts.errorWaitMs ?? 30_000;
  const profileTtlMs = opts.profileTtlMs ?? 3_600_000;
  const followerPages = opts.followerPages ?? 3;
  const followerMaxPages = opts.followerMaxPages ?? 500;
  const nameCacheSize = opts.nameCacheSize ?? 5000;
  const profiles = new Map<number, { author: RawAuthor; at: number }>();
  const followers = new Map<number, FollowerCount>();
  /** Usernames of mentioned fids (null: the hub knows none), oldest first, at most nameCacheSize. */
  const names = new Map<number, { name: string | null; at: number }>();
  /** The names read for the batch being made (kept for it even when the cache lets them go). */
  let batchNames = new Map<number, string>();
  let kind: HubKind | null = null;
  let info: Record<string, unknown> | null = null;
  let longestEventPage = 0;
  /** The requests of the batch being made (see SourceBatch.requests). */
  let requests: (true | string)[] = [];

  /** GET a hub path as JSON; a failure is thrown as HubFailure (caught in fetch), an abort as is. */
  async function getJson(path: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    let res: Response;
    let text: string;
    const fail = (reason: string, waitMs?: number) => {
      const masked = redact(reason);
      requests.push(masked);
      return new HubFailure(masked, waitMs);
    };
    try {
      res = await doFetch(`${hubUrl}${path}`, {
        headers: { accept: 'application/json', 'user-agent': 'kolscope' },
        signal,
      });
      text = await res.text();
    } catch (err) {
      if (signal.aborted) throw err;
      throw fail(`${path}: request failed: ${(err as Error).message}`);
    }
    if (res.status === 429) {
      const secs = Number(res.headers.get('retry-after') ?? Number.NaN);
      const said = hubErrorText(text);
      throw fail(
        `${path}: HTTP 429${said ? `: ${said}` : ''}`,
        Number.isFinite(secs) ? Math.max(1000, secs * 1000) : 60_000,
      );
    }
    if (!res.ok) {
      const said = hubErrorText(text);
      throw fail(`${path}: HTTP ${res.status}${said ? `: ${said}` : ''}`);
    }
    try {
      const body = JSON.parse(text);
      if (typeof body === 'object' && body !== null) {
        requests.push(true);
        return body;
      }
    } catch {}
    throw fail(`${path}: not JSON`);
  }

  async function hubKind(signal: AbortSignal): Promise<HubKind> {
    if (kind) return kind;
    const body = await getJson('/v1/info', signal);
    const k = hubKindOf(body);
    if (!k) {
      const reason = '/v1/info: neither a Snapchain nor a Hubble answer';
      requests[requests.length - 1] = reason;
      throw new HubFailure(reason);
    }
    kind = k;
    info = body;
    return k;
  }

  /** Advances the follower count of a fid by up to followerPages pages; the best count known. */
  async function countFollowers(fid: number, signal: AbortSignal): Promise<number> {
    let st = followers.get(fid);
    if (!st) {
      st = { partial: 0, token: '', pages: 0, counting: true, at: now() };
      followers.set(fid, st);
    }
    if (!st.counting && now() - st.at >= profileTtlMs)
      Object.assign(st, { partial: 0, token: '', pages: 0, counting: true });
    for (let page = 0; st.counting && page < followerPages; page++) {
      const q = new URLSearchParams({ target_fid: String(fid), link_type: 'follow', pageSize: '1000' });
      if (st.token) q.set('pageToken', st.token);
      const body = await getJson(`/v1/linksByTargetFid?${q}`, signal);
      st.partial += Array.isArray(body.messages) ? body.messages.length : 0;
      st.pages++;
      st.token = typeof body.nextPageToken === 'string' ? body.nextPageToken : '';
      if (!st.token || st.pages >= followerMaxPages) {
        st.known = st.partial;
        st.counting = false;
        st.at = now();
      }
    }
    return Math.max(st.known ?? 0, st.partial);
  }

  async function authorOf(fid: number, signal: AbortSignal): Promise<RawAuthor> {
    const cached = profiles.get(fid);
    if (cached && now() - cached.at < profileTtlMs) {
      if (followers.get(fid)?.counting) {
        const author = { ...cached.author, followersCount: await countFollowers(fid, signal) };
        profiles.set(fid, { author, at: cached.at });
        return author;
      }
      return cached.author;
    }
    const body = await getJson(`/v1/userDataByFid?fid=${fid}`, signal);
    const messages = Array.isArray(body.messages) ? (body.messages as HubMessage[]) : [];
    const author = authorFromUserData(fid, messages, await countFollowers(fid, signal));
    profiles.set(fid, { author, at: now() });
    return author;
  }

  const nameOf = (fid: number) => {
    const name = profiles.get(fid)?.author.username;
    if (name && !name.startsWith('!')) return name;
    return batchNames.get(fid) ?? names.get(fid)?.name ?? undefined;
  };

  /**
   * Reads the usernames of the fids these casts mention that are not known yet (at most 100 a
   * batch); a failed lookup leaves the mention as @<fid> and the batch goes on.
   */
  async function resolveMentions(messages: (HubMessage | undefined)[], signal: AbortSignal) {
    const wanted = new Set<number>();
    for (const m of messages)
      for (const fid of Array.isArray(m?.data?.castAddBody?.mentions) ? m.data.castAddBody.mentions : [])
        if (isCount(fid) && nameOf(fid) === undefined) {
          const cached = names.get(fid);
          if (!cached || now() - cached.at >= profileTtlMs) wanted.add(fid);
        } else if (isCount(fid) && !batchNames.has(fid)) batchNames.set(fid, nameOf(fid) as string);
    for (const fid of [...wanted].slice(0, 100)) {
      const q = kind === 'hubble' ? `fid=${fid}&user_data_type=6` : `fid=${fid}`;
      let body: Record<string, unknown>;
      try {
        body = await getJson(`/v1/userDataByFid?${q}`, signal);
      } catch (err) {
        if (!(err instanceof HubFailure)) throw err;
        if (/not_found|NotFound|not found/i.test(err.reason)) remember(fid, null);
        continue;
      }
      // Hubble answers one message for a type asked, Snapchain every message of the fid.
      const list = Array.isArray(body.messages) ? (body.messages as HubMessage[]) : [body as HubMessage];
      const username = list.find((m) => m?.data?.userDataBody?.type === 'USER_DATA_TYPE_USERNAME')?.data?.userDataBody
        ?.value;
      remember(fid, typeof username === 'string' && username.trim() !== '' ? username.trim() : null);
    }
  }

  function remember(fid: number, name: string | null) {
    if (name) batchNames.set(fid, name);
    names.delete(fid);
    names.set(fid, { name, at: now() });
    while (names.size > nameCacheSize) names.delete(names.keys().next().value as number);
  }

  async function backfill(fid: number, state: FidState, signal: AbortSignal) {
    const author = await authorOf(fid, signal);
    const q = new URLSearchParams({
      fid: String(fid),
      pageSize: String(pageSize),
      reverse: kind === 'hubble' ? '1' : 'true',
    });
    if (state.next) q.set('pageToken', state.next);
    const body = await getJson(`/v1/castsByFid?${q}`, signal);
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    const cutoff = now() / 1000 - backfillDays * 86_400;
    let reachedCutoff = false;
    const messages = Array.isArray(body.messages) ? (body.messages as HubMessage[]) : [];
    await resolveMentions(messages, signal);
    for (const m of messages) {
      // castsByFid may list removes too: they are not casts to show.
      if (m?.data?.type === 'MESSAGE_TYPE_CAST_REMOVE') continue;
      const mapped = castToPost(m, author, nameOf);
      if ('reason' in mapped) rejected.push({ reason: mapped.reason, sample: JSON.stringify(m).slice(0, 200) });
      else if (mapped.post.createdAt < cutoff) reachedCutoff = true;
      else posts.push(mapped.post);
    }
    const next = typeof body.nextPageToken === 'string' ? body.nextPageToken : '';
    state.pages = (state.pages ?? 0) + 1;
    if (!next || reachedCutoff || state.pages >= backfillPages) {
      delete state.next;
      delete state.pages;
      state.bf = 1;
    } else state.next = next;
    return { posts, rejected };
  }

  /** The casts and removes of followed fids among a page of events. */
  async function takeEvents(events: Record<string, unknown>[], signal: AbortSignal) {
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    const ours = events
      .filter((e) => e?.type === 'HUB_EVENT_TYPE_MERGE_MESSAGE')
      .map((e) => (e.mergeMessageBody as { message?: HubMessage } | undefined)?.message)
      .filter((m) => {
        const fid = m?.data?.fid;
        const type = m?.data?.type;
        return (
          typeof fid === 'number' &&
          followed.has(fid) &&
          (type === 'MESSAGE_TYPE_CAST_ADD' || type === 'MESSAGE_TYPE_CAST_REMOVE')
        );
      }) as HubMessage[];
    await resolveMentions(ours, signal);
    for (const m of ours) {
      const author = await authorOf(m.data?.fid as number, signal);
      const mapped =
        m.data?.type === 'MESSAGE_TYPE_CAST_ADD' ? castToPost(m, author, nameOf) : removeToMarker(m, author);
      if ('reason' in mapped) rejected.push({ reason: mapped.reason, sample: JSON.stringify(m).slice(0, 200) });
      else posts.push(mapped.post);
    }
    return { posts, rejected };
  }

  const eventsOf = (body: Record<string, unknown>) =>
    Array.isArray(body.events) ? (body.events as Record<string, unknown>[]) : [];

  async function readHubbleEvents(cursor: FarcasterCursor, signal: AbortSignal) {
    const from = cursor.ev ?? eventIdAt(now());
    const body = await getJson(`/v1/events?from_event_id=${from}`, signal);
    const events = eventsOf(body);
    let last = from - 1;
    for (const e of events) if (isCount(e?.id)) last = Math.max(last, e.id);
    const { posts, rejected } = await takeEvents(events, signal);
    const nextId = isCount(body.nextPageEventId) ? body.nextPageEventId : last + 1;
    // Past every event read even if the hub's nextPageEventId lags: a page is never read twice.
    cursor.ev = Math.max(from, nextId, last + 1);
    // Caught up when the page was empty or shorter than the longest page seen: the hub had no more.
    // (Hubs differ in page size, so the page size is learnt, not assumed.)
    const caughtUp = events.length === 0 || events.length < longestEventPage;
    longestEventPage = Math.max(longestEventPage, events.length);
    return { posts, rejected, waitMs: caughtUp ? pollIntervalMs : 0 };
  }

  /** One page of each shard; the next id is past the last event read (Snapchain sends none). */
  async function readSnapchainEvents(cursor: FarcasterCursor, signal: AbortSignal) {
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    let behind = false;
    for (const [shard, from] of Object.entries(cursor.shards ?? {})) {
      const q = new URLSearchParams({
        from_event_id: String(from),
        shard_index: shard,
        pageSize: String(eventPageSize),
      });
      const body = await getJson(`/v1/events?${q}`, signal);
      const events = eventsOf(body);
      let last = from - 1;
      for (const e of events) if (isCount(e?.id)) last = Math.max(last, e.id);
      const taken = await takeEvents(events, signal);
      posts.push(...taken.posts);
      rejected.push(...taken.rejected);
      (cursor.shards as Record<string, number>)[shard] = Math.max(from, last + 1);
      if (events.length >= eventPageSize) behind = true;
    }
    return { posts, rejected, waitMs: behind ? 0 : pollIntervalMs };
  }

  /** Sets where the stream starts, in the hub's own numbering; drops a start of the other kind. */
  function startStream(cursor: FarcasterCursor) {
    if (kind === 'snapchain') {
      delete cursor.ev;
      if (!cursor.shards) {
        const heights = shardHeights(info ?? {});
        if (Object.keys(heights).length === 0)
          throw new HubFailure('/v1/info: no shard heights to start the stream at');
        cursor.shards = Object.fromEntries(Object.entries(heights).map(([s, h]) => [s, snapchainEventId(h)]));
      }
    } else {
      delete cursor.shards;
      cursor.ev ??= eventIdAt(now());
    }
  }

  /** Advances one unfinished follower count (so a large one completes while nothing is cast). */
  async function advanceFollowerCount(signal: AbortSignal) {
    const fid = [...followers].find(([f, c]) => c.counting && followed.has(f))?.[0];
    if (fid === undefined) return;
    const count = await countFollowers(fid, signal);
    const cached = profiles.get(fid);
    if (cached) profiles.set(fid, { author: { ...cached.author, followersCount: count }, at: cached.at });
  }

  return {
    name: 'farcaster',
    async fetch(cursorText: string | null, signal: AbortSignal): Promise<SourceBatch> {
      if (fids.length === 0) return { posts: [], rejected: [], nextCursor: null, waitMs: pollIntervalMs };
      requests = [];
      batchNames = new Map();
      const cursor = parseCursor(cursorText, fids);
      const pending = fids.find((fid) => cursor.fids[fid]?.bf !== 1);
      try {
        await hubKind(signal);
        // Taken before the first backfill page: the stream then starts where the backfill began.
        startStream(cursor);
        if (pending !== undefined) {
          cursor.fids[pending] ??= {};
          const state = cursor.fids[pending];
          const { posts, rejected } = await backfill(pending, state, signal);
          return { posts, rejected, requests, nextCursor: JSON.stringify(cursor), waitMs: 0 };
        }
        const { posts, rejected, waitMs } =
          kind === 'snapchain' ? await readSnapchainEvents(cursor, signal) : await readHubbleEvents(cursor, signal);
        if (waitMs > 0)
          await advanceFollowerCount(signal).catch((err) => {
            if (!(err instanceof HubFailure)) throw err;
          });
        return { posts, rejected, requests, nextCursor: JSON.stringify(cursor), waitMs };
      } catch (err) {
        if (!(err instanceof HubFailure)) throw err;
        if (err.waitMs !== undefined)
          return { posts: [], rejected: [], requests, nextCursor: null, waitMs: err.waitMs };
        return {
          posts: [],
          rejected: [{ reason: `hub ${err.reason}`, sample: redact(hubUrl) }],
          requests,
          nextCursor: null,
          waitMs: errorWaitMs,
        };
      }
    },
  };
}
