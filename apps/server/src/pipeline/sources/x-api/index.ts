/**
 * The X API v2 source: tracked users' timelines (GET /2/users/:id/tweets) and an optional recent
 * search (GET /2/tweets/search/recent), read with an app bearer token.
 *
 * One fetch = one HTTP request, round-robin over the targets [each tracked user…, search], so a
 * crash resumes exactly from the stored cursor (see cursor.ts). A target with a pending
 * pagination token keeps its turn until its gap is read. Its very first poll (no since_id yet)
 * reads only the newest page: collection follows what is posted from now on, and paging back
 * through a timeline (3,200 posts) or a week of search would spend the rate limit on history.
 *
 * Rate limits are per endpoint: x-rate-limit-remaining / x-rate-limit-reset are read on every
 * response; an exhausted endpoint is skipped until its reset, and when every endpoint in use is
 * exhausted the batch asks to wait until the earliest reset. A 429 throws SourceError with
 * retryAfterMs. Limits live in memory: after a restart one request may meet a 429, which says
 * the same thing.
 *
 * Tracked accounts known only by handle (`handle:<name>` rows: approved KOL submissions, RSS
 * authors) have no timeline to poll until their ids are known. Before the round, a fetch that
 * finds such handles due spends its one request on GET /2/users/by (up to 100 usernames, its own
 * rate limit) instead; the accounts found are merged into their numeric ids at once
 * (`saveResolved`), so the very next fetch polls them, and the names X does not resolve wait in
 * the cursor's `missing` for `handleRetryMs` before they are asked again.
 */
import type { RawAuthor, RawPost, RejectedItem, Source, SourceBatch } from '../../types';
import { maxId, parseCursor, serializeCursor, type TargetState, type XCursor } from './cursor';
import { SourceError } from './errors';
import { mapPage, mapUsers, sample } from './map';

export { SourceError } from './errors';

export interface XApiSourceOptions {
  bearerToken: string;
  /** Default https://api.x.com. */
  baseUrl?: string;
  listTracked: () => Promise<{ id: string; username: string }[]>;
  /** A v2 search query, e.g. '(bitcoin OR $BTC) lang:en -is:retweet'; no search when absent. */
  searchQuery?: string;
  /** Posts per request; clamped to what each endpoint accepts (timeline 5–100, search 10–100). */
  maxResults?: number;
  /** Wait after a full round over all targets. Default 60000. */
  pollIntervalMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /**
   * Usernames of the tracked accounts known only by handle. Looked up before the round; without
   * listHandles and saveResolved there is no lookup.
   */
  listHandles?: () => Promise<string[]>;
  /** Stores the accounts a lookup found: each replaces its handle-only row (see store.ts). */
  saveResolved?: (users: RawAuthor[], now: Date) => Promise<void>;
  /** Wait before a username X did not resolve is asked again. Default 1 hour. */
  handleRetryMs?: number;
}

type Endpoint = 'timeline' | 'search' | 'lookup';
interface Target {
  key: string;
  endpoint: Endpoint;
  userId?: string;
  label: string;
}

const TWEET_FIELDS = 'created_at,public_metrics,lang,author_id,attachments,entities,note_tweet,referenced_tweets';
const EXPANSIONS = 'author_id,attachments.media_keys';
const USER_FIELDS = 'name,username,profile_image_url,public_metrics,verified,verified_type';
const MEDIA_FIELDS = 'url,preview_image_url,type';
/** X usernames: GET /2/users/by refuses the whole request (400) when one name is not one. */
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
/** The most usernames GET /2/users/by takes in one request. */
const LOOKUP_MAX = 100;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.floor(n)));

export function createXApiSource(opts: XApiSourceOptions): Source {
  const baseUrl = (opts.baseUrl ?? 'https://api.x.com').replace(/\/+$/, '');
  const doFetch = opts.fetchImpl ?? fetch;
  const now = opts.now ?? Date.now;
  const pollIntervalMs = opts.pollIntervalMs ?? 60_000;
  const maxResults = opts.maxResults ?? 100;
  const query = opts.searchQuery?.trim() || undefined;
  const handleRetryMs = opts.handleRetryMs ?? 3_600_000;
  /** Per endpoint: epoch ms before which its rate limit is known to be exhausted. */
  const blockedUntil: Record<Endpoint, number> = { timeline: 0, search: 0, lookup: 0 };
  const isBlocked = (e: Endpoint) => blockedUntil[e] > now();

  function stateOf(c: XCursor, t: Target): TargetState {
    if (t.endpoint === 'search') return c.search;
    const id = t.userId as string;
    c.users[id] ??= {};
    return c.users[id];
  }

  function buildUrl(t: Target, s: TargetState): string {
    const p = new URLSearchParams({
      'tweet.fields': TWEET_FIELDS,
      expansions: EXPANSIONS,
      'user.fields': USER_FIELDS,
      'media.fields': MEDIA_FIELDS,
    });
    if (t.endpoint === 'search') {
      p.set('query', query as string);
      p.set('max_results', String(clamp(maxResults, 10, 100)));
      if (s.next) p.set('next_token', s.next);
    } else {
      p.set('max_results', String(clamp(maxResults, 5, 100)));
      if (s.next) p.set('pagination_token', s.next);
    }
    if (s.sinceId) p.set('since_id', s.sinceId);
    const path =
      t.endpoint === 'search' ? '/2/tweets/search/recent' : `/2/users/${encodeURIComponent(t.userId ?? '')}/tweets`;
    return `${baseUrl}${path}?${p}`;
  }

  /** Remembers an exhausted endpoint; returns ms until its reset when the headers say so. */
  function noteRateLimit(res: Response, endpoint: Endpoint): number | undefined {
    const remaining = Number(res.headers.get('x-rate-limit-remaining') ?? Number.NaN);
    const reset = Number(res.headers.get('x-rate-limit-reset') ?? Number.NaN);
    const retryAfter = res.headers.get('retry-after');
    let until: number | undefined;
    if (Number.isFinite(reset) && (remaining === 0 || res.status === 429)) until = reset * 1000;
    else if (res.status === 429 && retryAfter) {
      const secs = Number(retryAfter);
      until = Number.isFinite(secs) ? now() + secs * 1000 : Date.parse(retryAfter);
    }
    if (until === undefined || !Number.isFinite(until)) return undefined;
    blockedUntil[endpoint] = Math.max(blockedUntil[endpoint], until);
    // Clocks drift: never ask for less than a second when told to wait.
    return Math.max(1000, until - now());
  }

  /** GET with the bearer token; transport failures (not HTTP statuses) become SourceError. */
  async function request(url: string, signal: AbortSignal): Promise<{ res: Response; bodyText: string }> {
    try {
      const res = await doFetch(url, {
        headers: { authorization: `Bearer ${opts.bearerToken}`, 'user-agent': 'kolscope' },
        signal,
      });
      return { res, bodyText: await res.text() };
    } catch (err) {
      if (signal.aborted) throw err;
      throw new SourceError(`X API request failed: ${(err as Error).message}`, { cause: err });
    }
  }

  /**
   * How a request that did not throw went, for SourceBatch.requests: true, or its 4xx as X said
   * it (the token masked, should X ever echo it).
   */
  function outcome(res: Response, bodyText: string, label: string): true | string {
    if (res.status < 400) return true;
    const text = `X API HTTP ${res.status} on ${label}: ${errorDetail(bodyText)}`;
    return opts.bearerToken ? text.split(opts.bearerToken).join('***') : text;
  }

  /**
   * The target to serve: the last one again while it has a pending page; else the next in the
   * round (after the search, the user after `lastUser`); skipping endpoints that are exhausted.
   */
  function pick(targets: Target[], c: XCursor): number | undefined {
    const lastIdx = targets.findIndex((t) => t.key === c.last);
    const lastTarget = targets[lastIdx];
    let start = lastIdx + 1;
    if (lastTarget && stateOf(c, lastTarget).next) start = lastIdx;
    else if (lastTarget?.endpoint === 'search') {
      const u = targets.findIndex((t) => t.userId === c.lastUser);
      start = u >= 0 && targets[u + 1]?.endpoint === 'timeline' ? u + 1 : 0;
    }
    for (let i = 0; i < targets.length; i++) {
      const idx = (start + i) % targets.length;
      if (!isBlocked((targets[idx] as Target).endpoint)) return idx;
    }
    return undefined;
  }

  /** Ms until an endpoint in use frees up, when all of them are exhausted; else undefined. */
  function waitForLimits(targets: Target[]): number | undefined {
    const inUse = [...new Set(targets.map((t) => t.endpoint))];
    if (inUse.length === 0 || !inUse.every(isBlocked)) return undefined;
    return Math.max(1000, Math.min(...inUse.map((e) => blockedUntil[e])) - now());
  }

  /**
   * Throws SourceError for what fails the whole request: 429, 401/403, 5xx and any status that is
   * neither 2xx nor 4xx. Returns for 2xx and for the other 4xx, which belong to the request's own
   * target (or lookup) and must not stall the rest.
   */
  function throwOnFailure(
    res: Response,
    bodyText: string,
    label: string,
    retryAfterMs: number | undefined,
    targets: Target[],
  ): void {
    if (res.status === 429) {
      // Another endpoint still has quota: retry soon (the exhausted one is skipped meanwhile)
      // rather than hold every target until this endpoint's reset.
      const soonest = waitForLimits(targets) ?? (retryAfterMs === undefined ? undefined : 1000);
      throw new SourceError(`X API rate limit hit (HTTP 429) on ${label}`, {
        status: 429,
        ...(soonest === undefined ? {} : { retryAfterMs: soonest }),
      });
    }
    if (res.status === 401 || res.status === 403) {
      throw new SourceError(
        `X API refused the request (HTTP ${res.status}: ${errorDetail(bodyText)}): check X_BEARER_TOKEN ` +
          'and that the app has access to this endpoint',
        { status: res.status },
      );
    }
    if (res.status >= 500 || res.status < 200 || (res.status >= 300 && res.status < 400)) {
      throw new SourceError(`X API HTTP ${res.status} on ${label}: ${errorDetail(bodyText)}`, {
        status: res.status,
      });
    }
  }

  /** The JSON object of a 2xx answer; anything else fails the whole request. */
  function parseBody(res: Response, bodyText: string, label: string): Record<string, unknown> {
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      throw new SourceError(`X API returned a non-JSON body on ${label}: ${sample(bodyText)}`, {
        status: res.status,
      });
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new SourceError(`X API returned an unexpected body on ${label}: ${sample(bodyText)}`);
    }
    return body as Record<string, unknown>;
  }

  /**
   * The lookup turn: when tracked handle-only accounts are due (never asked, or not resolved at
   * least handleRetryMs ago) and the lookup endpoint has quota, one GET /2/users/by for up to 100
   * of them. Undefined when there is nothing to look up, and the round goes on.
   */
  async function lookupTurn(c: XCursor, targets: Target[], signal: AbortSignal): Promise<SourceBatch | undefined> {
    if (!opts.listHandles || !opts.saveResolved) return undefined;
    const waiting = [...new Set((await opts.listHandles()).map((h) => h.toLowerCase()))];
    const missing = c.missing ?? {};
    // Names resolved meanwhile or no longer tracked would only grow the cursor.
    const stillWaiting = new Set(waiting);
    for (const name of Object.keys(missing)) if (!stillWaiting.has(name)) delete missing[name];
    if (Object.keys(missing).length) c.missing = missing;
    else delete c.missing;

    const nowSec = Math.floor(now() / 1000);
    const due = waiting.filter((h) => missing[h] === undefined || (nowSec - missing[h]) * 1000 >= handleRetryMs);
    if (due.length === 0 || isBlocked('lookup')) return undefined;
    const rejected: RejectedItem[] = [];
    const retryIn = `asked again in ${Math.round(handleRetryMs / 60_000)} min`;
    const asked: string[] = [];
    for (const name of due) {
      if (USERNAME.test(name)) {
        if (asked.length < LOOKUP_MAX) asked.push(name);
        continue;
      }
      missing[name] = nowSec;
      rejected.push({ reason: `user lookup: @${name} is not a valid X username; ${retryIn}`, sample: name });
    }
    c.missing = missing;
    if (asked.length === 0) return { posts: [], rejected, nextCursor: serializeCursor(c), waitMs: 0 };

    const label = 'user lookup';
    const p = new URLSearchParams({ usernames: asked.join(','), 'user.fields': USER_FIELDS });
    const { res, bodyText } = await request(`${baseUrl}/2/users/by?${p}`, signal);
    const retryAfterMs = noteRateLimit(res, 'lookup');
    throwOnFailure(res, bodyText, label, retryAfterMs, targets);
    const requests = [outcome(res, bodyText, label)];
    if (res.status >= 400) {
      // A 400 names the request as a whole: its names wait like unknown ones, the round goes on.
      for (const name of asked) missing[name] = nowSec;
      rejected.push({
        reason: `X API HTTP ${res.status} on ${label}: ${errorDetail(bodyText)}; ${retryIn}`,
        sample: sample(bodyText),
      });
    } else {
      const users = mapUsers(parseBody(res, bodyText, label), asked);
      rejected.push(...users.rejected);
      for (const [name, why] of users.missing) {
        missing[name] = nowSec;
        rejected.push({ reason: `user lookup: @${name} not resolved (${why}); ${retryIn}`, sample: name });
      }
      // Stored now rather than with the batch: the next fetch must already poll these accounts.
      await opts.saveResolved([...users.found.values()], new Date(now()));
    }
    if (Object.keys(missing).length === 0) delete c.missing;
    // The next fetch sees what is left: more handles, or the round (and any wait for limits).
    return { posts: [], rejected, nextCursor: serializeCursor(c), waitMs: 0, requests };
  }

  return {
    name: 'x-api',
    async fetch(cursorText: string | null, signal: AbortSignal): Promise<SourceBatch> {
      const cursor = parseCursor(cursorText);
      const tracked = await opts.listTracked();
      const targets: Target[] = tracked.map((u) => ({
        key: `u:${u.id}`,
        endpoint: 'timeline',
        userId: u.id,
        label: `@${u.username} timeline`,
      }));
      if (query) targets.push({ key: 'search', endpoint: 'search', label: 'recent search' });
      // Untracked users' states would only grow the cursor.
      const ids = new Set(tracked.map((u) => u.id));
      for (const id of Object.keys(cursor.users)) if (!ids.has(id)) delete cursor.users[id];
      if (cursor.search.query !== query) cursor.search = query ? { query, sinceId: cursor.search.sinceId } : {};

      const lookup = await lookupTurn(cursor, targets, signal);
      if (lookup) return lookup;
      if (targets.length === 0) return { posts: [], rejected: [], nextCursor: null, waitMs: pollIntervalMs };
      const idx = pick(targets, cursor);
      if (idx === undefined) {
        return { posts: [], rejected: [], nextCursor: null, waitMs: waitForLimits(targets) ?? pollIntervalMs };
      }
      const target = targets[idx] as Target;
      const state = stateOf(cursor, target);
      const { res, bodyText } = await request(buildUrl(target, state), signal);
      const retryAfterMs = noteRateLimit(res, target.endpoint);

      let posts: RawPost[] = [];
      let rejected: RejectedItem[] = [];
      throwOnFailure(res, bodyText, target.label, retryAfterMs, targets);
      if (res.status >= 400) {
        // A 400/404 belongs to this target (bad query, unknown user, search since_id older than
        // the 7-day window). Throwing would stall every other target on the same cursor, so
        // it is reported and the target starts afresh on its next turn.
        const reason = `X API HTTP ${res.status} on ${target.label}: ${errorDetail(bodyText)}`;
        rejected = [{ reason, sample: sample(bodyText) }];
        for (const k of ['sinceId', 'next', 'top'] as const) delete state[k];
      } else {
        const page = mapPage(parseBody(res, bodyText, target.label));
        posts = page.posts;
        rejected = page.rejected;
        advance(state, page.newestId, page.nextToken);
      }
      cursor.last = target.key;
      if (target.userId) cursor.lastUser = target.userId;

      const roundDone = !state.next && targets.slice(idx + 1).every((t) => isBlocked(t.endpoint));
      const limitWait = waitForLimits(targets);
      const waitMs = Math.max(roundDone ? pollIntervalMs : 0, limitWait ?? 0);
      const requests = [outcome(res, bodyText, target.label)];
      return { posts, rejected, nextCursor: serializeCursor(cursor), waitMs, requests };
    },
  };
}

/** Moves a target's state after a page; see cursor.ts for the meaning of each field. */
function advance(state: TargetState, newestId: string | undefined, nextToken: string | undefined): void {
  const top = maxId(state.top, newestId);
  if (nextToken && state.sinceId) {
    state.next = nextToken;
    if (top) state.top = top;
    return;
  }
  // Last page of the gap, or a first poll (only its newest page is read).
  const since = maxId(state.sinceId, top);
  if (since) state.sinceId = since;
  delete state.next;
  delete state.top;
}

/** X errors are RFC 7807-like: {title, detail, type, status}; older ones {errors:[{message}]}. */
function errorDetail(bodyText: string): string {
  try {
    const b = JSON.parse(bodyText) as Record<string, unknown>;
    const first = Array.isArray(b.errors) ? (b.errors[0] as Record<string, unknown> | undefined) : undefined;
    const detail = b.detail ?? b.title ?? first?.message ?? first?.detail;
    if (typeof detail === 'string') return detail;
  } catch {
    // not JSON: fall through to the raw excerpt
  }
  return sample(bodyText) || '(empty body)';
}
