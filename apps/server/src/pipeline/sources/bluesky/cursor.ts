/**
 * The bluesky cursor, stored as JSON after every batch:
 *
 *   { "v": 1,
 *     "since": 1732700000000000,        // µs when collection began: the live stream starts here
 *     "live": 1732700123456789,         // time_us of the last Jetstream event stored (absent before)
 *     "n": 42,                          // live batches handed out: each batch's cursor is unique
 *     "back": { "did:plc:abc": { "c": "2024-11-20T…", "pages": 3 },
 *               "did:plc:def": { "pages": 10, "done": true } } }
 *
 * `back` is each account's backfill through getAuthorFeed: `c` the feed cursor of the next page,
 * `pages` read so far, `done` once the feed ended, reached the backfill span or the page bound.
 * An account added to BLUESKY_ACCOUNTS later has no entry and is backfilled then. The live stream
 * resumes from `live` (or `since`) minus a small overlap: posts are upserted by id.
 */
import { readStoredCursor } from '../stored-cursor';

export interface BackfillState {
  c?: string;
  pages: number;
  done?: true;
}

export interface BlueskyCursor {
  v: 1;
  since: number;
  live?: number;
  /**
   * Counts live batches, so that every batch's cursor differs from the one before even when its
   * events are overlap replays (time_us not past `live`): the source tells a saved batch from a
   * lost one by comparing the cursor it is called with to the one it handed out.
   */
  n?: number;
  back: Record<string, BackfillState>;
}

const DID = /^did:[a-z]+:[A-Za-z0-9._:%-]{1,2000}$/;
export const isDid = (v: unknown): v is string => typeof v === 'string' && DID.test(v);

const isMicros = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * Reads a stored cursor. One that cannot be read starts afresh rather than throwing (a throw would
 * retry the same bad cursor forever): the backfill runs again, its posts upserted by id.
 */
export function parseCursor(raw: string | null, nowUs: number): BlueskyCursor {
  const fresh: BlueskyCursor = { v: 1, since: nowUs, back: {} };
  const r = readStoredCursor(raw);
  if (!r) return fresh;
  if (isMicros(r.since)) fresh.since = r.since;
  if (isMicros(r.live)) fresh.live = r.live;
  if (isMicros(r.n)) fresh.n = r.n;
  if (typeof r.back === 'object' && r.back !== null) {
    for (const [did, v] of Object.entries(r.back)) {
      if (!isDid(did) || typeof v !== 'object' || v === null) continue;
      const s = v as Record<string, unknown>;
      const state: BackfillState = { pages: typeof s.pages === 'number' && s.pages >= 0 ? Math.floor(s.pages) : 0 };
      if (typeof s.c === 'string' && s.c !== '') state.c = s.c;
      if (s.done === true) state.done = true;
      fresh.back[did] = state;
    }
  }
  return fresh;
}

export const serializeCursor = (c: BlueskyCursor): string => JSON.stringify(c);

/** Where the live stream picks up: the last stored event, else the start of collection. */
export const liveFrom = (c: BlueskyCursor): number => c.live ?? c.since;
