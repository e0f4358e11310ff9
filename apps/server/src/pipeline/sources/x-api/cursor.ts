/**
 * The x-api cursor, stored as JSON after every batch:
 *
 *   { "v": 1,
 *     "last": "u:44196397",                       // the target served by the previous fetch
 *     "lastUser": "44196397",                     // the last timeline served, see below
 *     "users": { "44196397": { "sinceId": "1858…", "next": "7140dibd…", "top": "1859…" } },
 *     "search": { "query": "(bitcoin OR $BTC) lang:en", "sinceId": "1858…" },
 *     "missing": { "ghost_kol": 1700000000 } }
 *
 * Per target (a tracked user's timeline, or the search): `sinceId` is the newest post id already
 * returned, sent as since_id. While a gap newer than sinceId spans several pages, `next` holds
 * the pending pagination token and `top` the newest id seen on the first page of that gap; when
 * the last page arrives, sinceId becomes `top`. since_id stays fixed while paging because X
 * requires the same query parameters alongside a pagination token.
 *
 * The round is [each tracked user…, search]. `lastUser` keeps the users' rotation apart from
 * the search: when the timeline endpoint is rate-limited the search is served out of turn, and
 * the rotation must then go on from the user after `lastUser`, not from the first user again, or
 * the users at the end of the list would starve whenever the limit is smaller than the list.
 *
 * `missing` (absent when empty) holds the tracked handle-only accounts (`handle:<name>` rows) that
 * GET /2/users/by did not resolve (unknown, suspended, or not a valid username): lower-cased
 * username → epoch second of the lookup. They are asked again only once `handleRetryMs` has
 * passed. *Why the cursor:* it is the source's own checkpoint, written in the same transaction as
 * the batch that made the lookup, needs no schema change and keeps the X-specific retry state out
 * of `x_accounts`, which every source shares; names no longer waiting are pruned like untracked
 * users. Losing it (an unreadable cursor) costs at most one early repeat of the lookup.
 */
import { readStoredCursor } from '../stored-cursor';

export interface TargetState {
  sinceId?: string;
  next?: string;
  top?: string;
}

export interface SearchState extends TargetState {
  /** The query the tokens belong to; a changed query must not reuse a pending token. */
  query?: string;
}

export interface XCursor {
  v: 1;
  last?: string;
  lastUser?: string;
  users: Record<string, TargetState>;
  search: SearchState;
  /** Usernames the lookup did not resolve → epoch second asked; see above. */
  missing?: Record<string, number>;
}

const ID = /^\d{1,25}$/;

/** True when `id` looks like an X post/user id (a decimal snowflake). */
export const isId = (id: unknown): id is string => typeof id === 'string' && ID.test(id);

/** Numeric comparison of decimal ids without BigInt: longer is larger, then lexical. */
export function idGreater(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

export function maxId(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return idGreater(a, b) ? a : b;
}

function readState(v: unknown): TargetState {
  const out: TargetState = {};
  if (typeof v !== 'object' || v === null) return out;
  const r = v as Record<string, unknown>;
  if (isId(r.sinceId)) out.sinceId = r.sinceId;
  if (isId(r.top)) out.top = r.top;
  if (typeof r.next === 'string' && r.next !== '') out.next = r.next;
  return out;
}

/**
 * Reads a stored cursor. A cursor that cannot be read starts afresh rather than throwing: a
 * throw would make the runner retry the same bad cursor forever, while starting afresh only
 * costs one first page per target (posts are upserted by id).
 */
export function parseCursor(raw: string | null): XCursor {
  const fresh: XCursor = { v: 1, users: {}, search: {} };
  const r = readStoredCursor(raw);
  if (!r) return fresh;
  if (typeof r.last === 'string') fresh.last = r.last;
  if (isId(r.lastUser)) fresh.lastUser = r.lastUser;
  if (typeof r.users === 'object' && r.users !== null) {
    for (const [id, state] of Object.entries(r.users)) if (isId(id)) fresh.users[id] = readState(state);
  }
  const search = r.search as Record<string, unknown> | undefined;
  fresh.search = readState(search);
  if (typeof search?.query === 'string') fresh.search.query = search.query;
  if (typeof r.missing === 'object' && r.missing !== null) {
    for (const [name, at] of Object.entries(r.missing)) {
      if (name !== '' && name.length <= 50 && typeof at === 'number' && Number.isFinite(at)) {
        fresh.missing ??= {};
        fresh.missing[name] = at;
      }
    }
  }
  return fresh;
}

export const serializeCursor = (c: XCursor): string => JSON.stringify(c);
