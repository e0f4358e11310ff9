/**
 * The Bluesky source: the accounts of BLUESKY_ACCOUNTS (handles or DIDs), read without an account.
 *
 * 1. Profiles: app.bsky.actor.getProfiles (25 actors a request) resolves handles to DIDs and gives
 *    name, avatar, followers and bio; refreshed every `profileRefreshMs`. An actor the AppView does
 *    not return is reported and asked again at the next refresh.
 * 2. Backfill, one getAuthorFeed page (filter=posts_and_author_threads: posts and the author's own
 *    threads, no replies to others) per fetch, account after account,
 *    back to `backfillDays` or `backfillPages` pages, whichever comes first. Reposts are skipped:
 *    the post is someone else's, and the live stream (posts only) would not see them either.
 * 3. Live: Jetstream commit events of those DIDs (jetstream.ts), from the moment collection began
 *    (cursor `since`), so nothing posted during the backfill is missed. Replies to other people's
 *    posts are skipped, as the backfill's filter does; an update replaces the text; a delete marks the
 *    stored post vanished (`markVanished`), since Jetstream sends no text with it.
 *
 * The cursor (cursor.ts) advances to an event's time_us only in the batch that stores it.
 */
import type { RawAuthor, RawPost, RejectedItem, Source, SourceBatch } from '../../types';
import { type BlueskyCursor, isDid, liveFrom, parseCursor, serializeCursor } from './cursor';
import { type Entry, JetstreamFeed } from './jetstream';
import { mapFeedItem, mapProfile, mapRecord, postId, repliesToOthers, sample } from './map';
import { xrpcClient } from './xrpc';

export interface BlueskySourceOptions {
  /** Handles ("alice.bsky.social", "@alice.bsky.social") or DIDs. */
  accounts: string[];
  /** Default https://public.api.bsky.app. */
  appviewUrl?: string;
  /** Default wss://jetstream2.us-east.bsky.network. */
  jetstreamUrl?: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** How far back the backfill reads each account. Default 30 days. */
  backfillDays?: number;
  /** The most getAuthorFeed pages per account (100 posts each). Default 10. */
  backfillPages?: number;
  profileRefreshMs?: number;
  /** Live events per batch. Default 200. */
  liveBatch?: number;
  /** Live events buffered at most before the socket pauses. Default 5000. */
  maxBuffer?: number;
  /** How long a caught-up fetch waits for the next live event. Default 10 s. */
  liveWaitMs?: number;
  /** Wait after a batch that emptied the buffer: a second's events go into one batch. Default 1 s. */
  livePauseMs?: number;
  /** Replayed before the checkpoint on every (re)connect. Default 2 s. */
  overlapMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Flags stored posts deleted on Bluesky; without it deletes are ignored. */
  markVanished?: (postIds: string[]) => Promise<void>;
  log?: (line: string) => void;
}

/** getProfiles takes at most 25 actors. */
const PROFILES_MAX = 25;

/** A handle as typed in config: '@' and case dropped, as the AppView compares them. */
const normalizeActor = (a: string) => (isDid(a.trim()) ? a.trim() : a.trim().replace(/^@/, '').toLowerCase());

export function createBlueskySource(opts: BlueskySourceOptions): Source & { readonly live: JetstreamFeed } {
  const now = opts.now ?? Date.now;
  const xrpc = xrpcClient({
    baseUrl: opts.appviewUrl ?? 'https://public.api.bsky.app',
    fetchImpl: opts.fetchImpl ?? fetch,
    now,
  });
  const live = new JetstreamFeed({
    url: opts.jetstreamUrl ?? 'wss://jetstream2.us-east.bsky.network',
    overlapUs: (opts.overlapMs ?? 2000) * 1000,
    maxBuffer: opts.maxBuffer ?? 5000,
    minBackoffMs: opts.reconnectMinMs ?? 1000,
    maxBackoffMs: opts.reconnectMaxMs ?? 60_000,
    ...(opts.log ? { log: opts.log } : {}),
  });
  const actors = [...new Set(opts.accounts.map(normalizeActor).filter(Boolean))];
  const backfillSpanMs = (opts.backfillDays ?? 30) * 86_400_000;
  const backfillPages = opts.backfillPages ?? 10;
  const profileRefreshMs = opts.profileRefreshMs ?? 3_600_000;
  /** Profiles by DID, and the DID of each configured actor once resolved. */
  const authors = new Map<string, RawAuthor>();
  const didOf = new Map<string, string>();
  let profilesAt: number | undefined;
  /** The live batch handed out last: dropped from the buffer once its cursor comes back. */
  let handed: { cursor: string; count: number } | undefined;
  let watching = false;
  /** The AppView calls of the current fetch and how they went (SourceBatch.requests). */
  let requests: (true | string)[] = [];

  /** An AppView call, noted in `requests`; a 429 or 5xx throws (the batch fails). */
  async function call(method: string, params: [string, string][], signal: AbortSignal) {
    const answer = await xrpc.get(method, params, signal);
    requests.push(answer.ok ? true : `${method} HTTP ${answer.status}: ${answer.detail}`);
    return answer;
  }

  async function refreshProfiles(signal: AbortSignal): Promise<RejectedItem[]> {
    const rejected: RejectedItem[] = [];
    for (let i = 0; i < actors.length; i += PROFILES_MAX) {
      const chunk = actors.slice(i, i + PROFILES_MAX);
      const answer = await call(
        'app.bsky.actor.getProfiles',
        chunk.map((a) => ['actors', a]),
        signal,
      );
      if (!answer.ok) {
        rejected.push({ reason: `getProfiles HTTP ${answer.status}: ${answer.detail}`, sample: chunk.join(',') });
        continue;
      }
      const found = new Set<string>();
      for (const raw of Array.isArray(answer.body.profiles) ? answer.body.profiles : []) {
        const author = mapProfile(raw);
        if (!author) {
          rejected.push({ reason: 'profile without did or handle', sample: sample(raw) });
          continue;
        }
        const did = author.id.slice('bsky:'.length);
        authors.set(did, author);
        for (const key of [did, author.username.toLowerCase()]) {
          if (chunk.includes(key)) {
            didOf.set(key, did);
            found.add(key);
          }
        }
      }
      for (const a of chunk)
        if (!found.has(a)) rejected.push({ reason: `account ${a} not found on Bluesky; asked again later`, sample: a });
    }
    profilesAt = now();
    return rejected;
  }

  /** One getAuthorFeed page of the first account whose backfill is not done; undefined when none. */
  async function backfillTurn(c: BlueskyCursor, dids: string[], signal: AbortSignal) {
    const did = dids.find((d) => !c.back[d]?.done);
    if (!did) return undefined;
    const state = c.back[did] ?? { pages: 0 };
    const params: [string, string][] = [
      ['actor', did],
      ['limit', '100'],
      // posts_no_replies would drop self-thread continuations, which are posts like any other.
      ['filter', 'posts_and_author_threads'],
    ];
    if (state.c) params.push(['cursor', state.c]);
    const answer = await call('app.bsky.feed.getAuthorFeed', params, signal);
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    if (!answer.ok) {
      // The account is gone, suspended or blocks the AppView: its backfill ends, live goes on.
      rejected.push({ reason: `getAuthorFeed of ${did} HTTP ${answer.status}: ${answer.detail}`, sample: did });
      c.back[did] = { pages: state.pages, done: true };
      return { posts, rejected };
    }
    const oldestKept = now() - backfillSpanMs;
    let reachedSpan = false;
    for (const item of Array.isArray(answer.body.feed) ? answer.body.feed : []) {
      const mapped = mapFeedItem(item, authors);
      if (mapped === null) continue;
      if (typeof mapped === 'string') rejected.push({ reason: mapped, sample: sample(item) });
      else if (mapped.createdAt * 1000 >= oldestKept) posts.push(mapped);
      // A pinned post comes first whatever its age: it says nothing about where the page is.
      else if ((item as { reason?: { $type?: string } }).reason?.$type !== 'app.bsky.feed.defs#reasonPin')
        reachedSpan = true;
    }
    const next = typeof answer.body.cursor === 'string' && answer.body.cursor ? answer.body.cursor : undefined;
    const pages = state.pages + 1;
    c.back[did] = !next || reachedSpan || pages >= backfillPages ? { pages, done: true } : { c: next, pages };
    return { posts, rejected };
  }

  async function liveTurn(c: BlueskyCursor, signal: AbortSignal): Promise<SourceBatch> {
    if (live.size === 0) await live.wait(opts.liveWaitMs ?? 10_000, signal);
    const entries = live.take(opts.liveBatch ?? 200);
    if (entries.length === 0) return { posts: [], rejected: [], nextCursor: null, waitMs: opts.livePauseMs ?? 1000 };
    const { posts, rejected, deleted } = mapEntries(entries);
    // Before the cursor moves: a batch that fails is handed out again and flags them again.
    if (deleted.length && opts.markVanished) await opts.markVanished(deleted);
    c.live = Math.max(liveFrom(c), ...entries.map((e) => e.timeUs));
    c.n = (c.n ?? 0) + 1;
    const nextCursor = serializeCursor(c);
    handed = { cursor: nextCursor, count: entries.length };
    const waitMs = live.size > entries.length ? 0 : (opts.livePauseMs ?? 1000);
    return { posts, rejected, nextCursor, waitMs };
  }

  function mapEntries(entries: Entry[]) {
    const posts: RawPost[] = [];
    const rejected: RejectedItem[] = [];
    const deleted: string[] = [];
    for (const entry of entries) {
      if ('rejected' in entry) {
        rejected.push(entry.rejected);
        continue;
      }
      const e = entry.event;
      if (e.operation === 'delete') {
        deleted.push(postId(e.did, e.rkey));
        continue;
      }
      const author = authors.get(e.did);
      const record = e.record as Record<string, unknown> | undefined;
      if (!author) rejected.push({ reason: `event of an untracked account ${e.did}`, sample: e.rkey });
      else if (record && typeof record === 'object' && repliesToOthers(e.did, record)) continue;
      else {
        const mapped = mapRecord(e.did, e.rkey, e.record, author);
        if (typeof mapped === 'string') rejected.push({ reason: mapped, sample: sample(e.record) });
        else posts.push(mapped);
      }
    }
    return { posts, rejected, deleted };
  }

  return {
    name: 'bluesky',
    live,
    async fetch(cursorText: string | null, signal: AbortSignal): Promise<SourceBatch> {
      if (!watching) {
        watching = true;
        signal.addEventListener('abort', () => live.close(), { once: true });
      }
      // The last live batch was stored (its cursor came back): its events leave the buffer.
      if (handed && handed.cursor === cursorText) live.drop(handed.count);
      handed = undefined;
      requests = [];
      const c = parseCursor(cursorText, now() * 1000);
      const rejected: RejectedItem[] = [];
      if (profilesAt === undefined || now() - profilesAt >= profileRefreshMs)
        rejected.push(...(await refreshProfiles(signal)));
      const dids = [...new Set(actors.map((a) => didOf.get(a)).filter((d): d is string => Boolean(d)))];
      for (const did of Object.keys(c.back)) if (!dids.includes(did)) delete c.back[did];

      const page = await backfillTurn(c, dids, signal);
      if (page) {
        return {
          posts: page.posts,
          rejected: [...rejected, ...page.rejected],
          nextCursor: serializeCursor(c),
          waitMs: xrpc.waitMs(),
          requests,
        };
      }
      // A live batch reads the open socket: only a profile refresh is a request of its own.
      const made = requests.length ? { requests } : {};
      if (dids.length === 0) return { posts: [], rejected, nextCursor: null, waitMs: profileRefreshMs, ...made };
      live.ensure(dids, liveFrom(c));
      const batch = await liveTurn(c, signal);
      return { ...batch, rejected: [...rejected, ...batch.rejected], ...made };
    },
  };
}
