/**
 * Farcaster casts of followed fids, read from a hub's HTTP API (a self-run Hubble, or a
 * provider's hub URL). No key is sent; a hub that needs one must be reached through a proxy.
 *
 * One fetch = one step. First a bounded backfill per fid: `/v1/castsByFid?fid&pageSize&reverse=1`
 * (newest first) page after page, until `backfillPages` pages or casts older than `backfillDays`.
 * Then the live stream: `/v1/events?from_event_id=<ev>`, page after page while they come full, where MERGE_MESSAGE events carry new
 * casts (CAST_ADD) and deletions (CAST_REMOVE, sent as vanish markers) of the followed fids; the
 * rest of the network's events are passed over. The cursor, stored as JSON:
 *
 *   { "v": 1, "ev": 377487482880000, "fids": { "3": { "next": "AuzO1V…", "pages": 2 }, "5650": { "bf": 1 } } }
 *
 * `ev` is the next event id to read. It is set on the very first fetch, before any backfill, from
 * the clock: a Hubble event id is (ms since the Farcaster epoch) << 12 | sequence, so nothing cast
 * while the backfill runs is missed (what the backfill also returned is upserted again, once).
 * Hubs keep events for a few days: a worker stopped longer loses the casts of that gap.
 *
 * Profiles (/v1/userDataByFid) are read when a fid's posts are first mapped, and again after
 * `profileTtlMs`; followers are counted from /v1/linksByTargetFid, at most `followerPages` pages
 * of 1000 (a lower bound beyond that), kept in memory only.
 *
 * A failed request (network, 5xx, unreadable JSON) is one rejected item, keeps the cursor, and
 * waits `errorWaitMs`; a 429 waits Retry-After. Never throws except on abort.
 */
import type { RawAuthor, RawPost, RejectedItem, Source, SourceBatch } from '../../types';
import { authorFromUserData, castToPost, FARCASTER_EPOCH_S, type HubMessage, removeToMarker } from './map';
import { readStoredCursor } from '../stored-cursor';

export interface FarcasterSourceOptions {
  fids: number[];
  hubUrl: string;
  /** Casts per backfill page (the hub accepts up to 1000). Default 100. */
  pageSize?: number;
  /** Pages read per fid before the live stream. Default 5. */
  backfillPages?: number;
  /** The backfill stops at casts older than this. Default 30. */
  backfillDays?: number;
  /** Wait once the event stream is caught up. Default 30000. */
  pollIntervalMs?: number;
  errorWaitMs?: number;
  profileTtlMs?: number;
  followerPages?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

interface FidState {
  next?: string;
  pages?: number;
  bf?: 1;
}

interface FarcasterCursor {
  v: 1;
  ev?: number;
  fids: Record<string, FidState>;
}

/** The Hubble event id of a moment: ms since the Farcaster epoch, shifted past the 12 sequence bits. */
export const eventIdAt = (ms: number) => (ms - FARCASTER_EPOCH_S * 1000) * 4096;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function parseCursor(raw: string | null, fids: number[]): FarcasterCursor {
  const out: FarcasterCursor = { v: 1, fids: {} };
  const parsed = readStoredCursor(raw) ?? {};
  if (isCount(parsed.ev)) out.ev = parsed.ev;
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

class HubFailure {
  constructor(
    readonly reason: string,
    readonly waitMs?: number,
  ) {}
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
  const pollIntervalMs = opts.pollIntervalMs ?? 30_000;
  const errorWaitMs = opts.errorWaitMs ?? 30_000;
  const profileTtlMs = opts.profileTtlMs ?? 3_600_000;
  const followerPages = opts.followerPages ?? 3;
  const profiles = new Map<number, { author: RawAuthor; at: number }>();
  let longestEventPage = 0;

  /** GET a hub path as JSON; a failure is thrown as HubFailure (caught in fetch), an abort as is. */
  async function getJson(path: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${hubUrl}${path}`, {
        headers: { accept: 'application/json', 'user-agent': 'kolscope' },
        signal,
      });
      text = await res.text();
    } catch (err) {
      if (signal.aborted) throw err;
      throw new HubFailure(`${path}: request failed: ${(err as Error).message}`);
    }
    if (res.status === 429) {
      const secs = Number(res.headers.get('retry-after') ?? Number.NaN);
      throw new HubFailure('', Number.isFinite(secs) ? Math.max(1000, secs * 1000) : 60_000);
    }
    if (!res.ok) throw new HubFailure(`${path}: HTTP ${res.status}`);
    try {
      const body = JSON.parse(text);
      if (typeof body === 'object' && body !== null) return body;
    } catch {}
    throw new HubFailure(`${path}: not JSON`);
  }

  async function countFollowers(fid: number, signal: AbortSignal): Promise<number> {
    let count = 0;
    let token = '';
    for (let page = 0; page < followerPages; page++) {
      const q = new URLSearchParams({ target_fid: String(fid), link_type: 'follow', pageSize: '1000' });
      if (token) q.set('pageToken', token);
      const body = await getJson(`/v1/linksByTargetFid?${q}`, signal);
      count += Array.isArray(body.messages) ? body.messages.length : 0;
      token = typeof body.nextPageToken === 'string' ? body.nextPageToken : '';
      if (!token) break;
    }
    return count;
  }

  async function authorOf(fid: number, signal: AbortSignal): Promise<RawAuthor> {
    const cached = profiles.get(fid);
    if (cached && now() - cached.at < profileTtlMs) return cached.author;
    const body = await getJson(`/v1/userDataByFid?fid=${fid}`, signal);
    const messages = Array.isArray(body.messages) ? (body.messages as HubMessage[]) : [];
    const author = authorFromUserData(fid, messages, await countFollowers(fid, signal));
    profiles.set(fid, { author, at: now() });
    return author;
  }

  const nameOf = (fid: number) => {
    const name = profiles.get(fid)?.author.username;
    return name && !name.startsWith('!') ? name : undefined;
  };

  async function backfill(fid: number, state: FidState, signal: AbortSignal) {
    const author = await authorOf(fid, signal);
    const q = new URLSearchParams({ fid: String(fid), pageSize: String(pageSize), reverse: '1' });
    if (state.next) q.set('pageToken', state.next);
    const body = await getJson(`/v1/castsByFid?${q}`, signal);
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    const cutoff = now() / 1000 - backfillDays * 86_400;
    let reachedCutoff = false;
    for (const m of Array.isArray(body.messages) ? (body.messages as HubMessage[]) : []) {
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

  async function readEvents(cursor: FarcasterCursor, signal: AbortSignal) {
    const from = cursor.ev ?? eventIdAt(now());
    const body = await getJson(`/v1/events?from_event_id=${from}`, signal);
    const events = Array.isArray(body.events) ? (body.events as Record<string, unknown>[]) : [];
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    let last = from - 1;
    for (const e of events) {
      if (isCount(e?.id)) last = Math.max(last, e.id);
      if (e?.type !== 'HUB_EVENT_TYPE_MERGE_MESSAGE') continue;
      const m = (e.mergeMessageBody as { message?: HubMessage } | undefined)?.message;
      const fid = m?.data?.fid;
      if (typeof fid !== 'number' || !followed.has(fid)) continue;
      const type = m?.data?.type;
      if (type !== 'MESSAGE_TYPE_CAST_ADD' && type !== 'MESSAGE_TYPE_CAST_REMOVE') continue;
      const author = await authorOf(fid, signal);
      const mapped =
        type === 'MESSAGE_TYPE_CAST_ADD'
          ? castToPost(m as HubMessage, author, nameOf)
          : removeToMarker(m as HubMessage, author);
      if ('reason' in mapped) rejected.push({ reason: mapped.reason, sample: JSON.stringify(m).slice(0, 200) });
      else posts.push(mapped.post);
    }
    const nextId = isCount(body.nextPageEventId) ? body.nextPageEventId : last + 1;
    // Past every event read even if the hub's nextPageEventId lags: a page is never read twice.
    cursor.ev = Math.max(from, nextId, last + 1);
    // Caught up when the page was empty or shorter than the longest page seen: the hub had no more.
    // (Hubs differ in page size, so the page size is learnt, not assumed.)
    const caughtUp = events.length === 0 || events.length < longestEventPage;
    longestEventPage = Math.max(longestEventPage, events.length);
    return { posts, rejected, waitMs: caughtUp ? pollIntervalMs : 0 };
  }

  return {
    name: 'farcaster',
    async fetch(cursorText: string | null, signal: AbortSignal): Promise<SourceBatch> {
      if (fids.length === 0) return { posts: [], rejected: [], nextCursor: null, waitMs: pollIntervalMs };
      const cursor = parseCursor(cursorText, fids);
      // Taken before the first backfill page: the stream then starts where the backfill began.
      cursor.ev ??= eventIdAt(now());
      const pending = fids.find((fid) => cursor.fids[fid]?.bf !== 1);
      try {
        if (pending !== undefined) {
          cursor.fids[pending] ??= {};
          const state = cursor.fids[pending];
          const { posts, rejected } = await backfill(pending, state, signal);
          return { posts, rejected, nextCursor: JSON.stringify(cursor), waitMs: 0 };
        }
        const { posts, rejected, waitMs } = await readEvents(cursor, signal);
        return { posts, rejected, nextCursor: JSON.stringify(cursor), waitMs };
      } catch (err) {
        if (!(err instanceof HubFailure)) throw err;
        if (err.waitMs !== undefined) return { posts: [], rejected: [], nextCursor: null, waitMs: err.waitMs };
        return {
          posts: [],
          rejected: [{ reason: `hub ${err.reason}`, sample: hubUrl }],
          nextCursor: null,
          waitMs: errorWaitMs,
        };
      }
    },
  };
}
