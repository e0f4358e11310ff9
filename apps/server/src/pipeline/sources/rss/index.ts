/**
 * The RSS/Atom source: KOL timelines served as feeds by RSSHub or Nitter instances.
 *
 * One fetch = one feed, round-robin over the configured list, so the cursor stays small and a
 * crash resumes exactly. The cursor, stored as JSON:
 *
 *   { "v": 1, "last": "https://nitter.net/alice/rss",
 *     "feeds": { "https://nitter.net/alice/rss":
 *                  { "lastId": "1858…", "etag": "\"abc\"", "lastModified": "Tue, 19 Nov 2024 10:00:00 GMT" } } }
 *
 * `lastId` is the newest status id seen in that feed: only items with a larger id are returned
 * (feeds repeat their last N items on every poll). `etag` / `lastModified` are sent back as
 * If-None-Match / If-Modified-Since; a 304 means nothing new.
 *
 * A feed that fails (network, HTTP error, unparsable XML) becomes one rejected item with the
 * reason and the round moves on: one dead Nitter instance must not hold up the other feeds.
 * The source never throws except on abort, even when every feed fails; the runner logs every
 * rejected item, so a dead list shows up in the log and in the rejected counts.
 * waitMs: pollIntervalMs after the last feed of a round, else 0.
 */
import type { RawPost, RejectedItem, Source, SourceBatch } from '../../types';
import { parseFeed } from './parse';
import { readStoredCursor } from '../stored-cursor';

export interface RssSourceOptions {
  feeds: string[];
  fetchImpl?: typeof fetch;
  /** Wait after a full round over all feeds. Default 60000. */
  pollIntervalMs?: number;
}

interface FeedState {
  lastId?: string;
  etag?: string;
  lastModified?: string;
}

interface RssCursor {
  v: 1;
  last?: string;
  feeds: Record<string, FeedState>;
}

const isId = (v: unknown): v is string => typeof v === 'string' && /^\d{1,25}$/.test(v);
const idGreater = (a: string, b: string) => (a.length !== b.length ? a.length > b.length : a > b);

/** An unreadable cursor starts afresh (one full read of each feed) instead of failing forever. */
function parseCursor(raw: string | null, feeds: string[]): RssCursor {
  const out: RssCursor = { v: 1, feeds: {} };
  const parsed = readStoredCursor(raw) ?? {};
  if (typeof parsed.last === 'string') out.last = parsed.last;
  const stored = (typeof parsed.feeds === 'object' && parsed.feeds !== null ? parsed.feeds : {}) as Record<
    string,
    Record<string, unknown>
  >;
  // Only configured feeds are kept, so a removed feed does not linger in the cursor.
  for (const url of feeds) {
    const s = stored[url];
    if (typeof s !== 'object' || s === null) continue;
    const state: FeedState = {};
    if (isId(s.lastId)) state.lastId = s.lastId;
    if (typeof s.etag === 'string') state.etag = s.etag;
    if (typeof s.lastModified === 'string') state.lastModified = s.lastModified;
    out.feeds[url] = state;
  }
  return out;
}

export function createRssSource(opts: RssSourceOptions): Source {
  const feeds = [...new Set(opts.feeds.map((f) => f.trim()).filter(Boolean))];
  const doFetch = opts.fetchImpl ?? fetch;
  const pollIntervalMs = opts.pollIntervalMs ?? 60_000;

  return {
    name: 'rss',
    async fetch(cursorText: string | null, signal: AbortSignal): Promise<SourceBatch> {
      if (feeds.length === 0) return { posts: [], rejected: [], nextCursor: null, waitMs: pollIntervalMs };
      const cursor = parseCursor(cursorText, feeds);
      const idx = (feeds.indexOf(cursor.last ?? '') + 1) % feeds.length;
      const url = feeds[idx] as string;
      const state = cursor.feeds[url] ?? {};
      cursor.feeds[url] = state;
      cursor.last = url;
      const waitMs = idx === feeds.length - 1 ? pollIntervalMs : 0;
      const done = (posts: RawPost[], rejected: RejectedItem[]): SourceBatch => ({
        posts,
        rejected,
        nextCursor: JSON.stringify(cursor),
        waitMs,
      });
      const failed = (reason: string, sample = url) => {
        // Validators belong to a document we never read: drop them so the next poll reads it in full.
        delete state.etag;
        delete state.lastModified;
        return done([], [{ reason: `feed ${url}: ${reason}`, sample: sample.slice(0, 200) }]);
      };

      const headers: Record<string, string> = {
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1',
        'user-agent': 'kolscope',
      };
      if (state.etag) headers['if-none-match'] = state.etag;
      if (state.lastModified) headers['if-modified-since'] = state.lastModified;

      let res: Response;
      let body: string;
      try {
        res = await doFetch(url, { headers, signal });
        body = await res.text();
      } catch (err) {
        if (signal.aborted) throw err;
        return failed(`request failed: ${(err as Error).message}`);
      }
      if (res.status === 304) return done([], []);
      if (!res.ok) return failed(`HTTP ${res.status}`, body);

      const parsed = parseFeed(body, url);
      if (typeof parsed === 'string') return failed(parsed, body);

      let newest = state.lastId;
      const fresh: RawPost[] = [];
      for (const post of parsed.posts) {
        if (!newest || idGreater(post.id, newest)) newest = post.id;
        if (!state.lastId || idGreater(post.id, state.lastId)) fresh.push(post);
      }
      if (newest) state.lastId = newest;
      const etag = res.headers.get('etag');
      const lastModified = res.headers.get('last-modified');
      if (etag) state.etag = etag;
      else delete state.etag;
      if (lastModified) state.lastModified = lastModified;
      else delete state.lastModified;
      return done(fresh, parsed.rejected);
    },
  };
}
