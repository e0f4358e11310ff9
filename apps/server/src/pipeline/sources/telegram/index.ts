/**
 * Telegram public channels, read from their web preview `GET {baseUrl}/s/<channel>` (about 20
 * newest messages; older ones with `?before=<id>`). No account or key is needed.
 *
 * One fetch = one request for one channel, round-robin, like the RSS source. Per channel, a
 * bounded backfill first: the newest page, then older pages until `backfillPages` pages are read
 * or a page reaches `backfillDays` back or the channel's start. Then each turn reads the newest
 * page. The cursor, stored as JSON:
 *
 *   { "v": 1, "last": "wublockchain",
 *     "ch": { "wublockchain": { "top": 4521, "old": 4301, "bf": 1, "seen": { "4521": "9f3a1c2e", … } } } }
 *
 * `top` is the newest message id returned; `old` the oldest id read by the backfill, `bf` 1 once
 * the backfill is done. `seen` maps the newest page's ids to a short hash of their text and photos
 * (20 entries, a few hundred bytes): a message seen again with another hash was edited and is
 * re-sent (the store replaces its text); an id of the previous newest page that is missing now
 * while ids on both sides of it are still shown, or above the newest id shown, was deleted, and is
 * re-sent as a marker with `vanished: true` (the store flags the stored post and keeps its text).
 *
 * A channel that fails (network, 5xx, a page without preview) becomes one rejected item and the
 * round moves on. A 429 keeps the turn and waits Retry-After. Each batch reports its one request
 * in `requests`: true, or the failure with the service's own words. Never throws except on abort.
 */
import { createHash } from 'node:crypto';
import { parse as parseHtml } from 'node-html-parser';
import type { RawPost, RejectedItem, Source, SourceBatch } from '../../types';
import { normaliseChannel } from './channel';
import { parseChannelPage, type TelegramPage } from './parse';
import { readStoredCursor } from '../stored-cursor';

export { normaliseChannel } from './channel';

export interface TelegramSourceOptions {
  /** Channel names, as TELEGRAM_CHANNELS gives them (see normaliseChannel). */
  channels: string[];
  /** Default https://t.me. */
  baseUrl?: string;
  /** Older pages read per channel before polling only the newest. Default 10 (about 200 messages). */
  backfillPages?: number;
  /** The backfill stops at messages older than this. Default 30. */
  backfillDays?: number;
  /** Wait after a full round of newest pages. Default 60000. */
  pollIntervalMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

interface ChannelState {
  top?: number;
  old?: number;
  bf?: 1;
  /** Older pages read so far, while the backfill runs. */
  pages?: number;
  seen?: Record<string, string>;
}

interface TelegramCursor {
  v: 1;
  last?: string;
  ch: Record<string, ChannelState>;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

function parseCursor(raw: string | null, channels: string[]): TelegramCursor {
  const out: TelegramCursor = { v: 1, ch: {} };
  const parsed = readStoredCursor(raw) ?? {};
  if (typeof parsed.last === 'string') out.last = parsed.last;
  const stored = (typeof parsed.ch === 'object' && parsed.ch !== null ? parsed.ch : {}) as Record<string, unknown>;
  for (const name of channels) {
    const s = stored[name] as Record<string, unknown> | undefined;
    if (typeof s !== 'object' || s === null) continue;
    const state: ChannelState = {};
    if (isId(s.top)) state.top = s.top;
    if (isId(s.old)) state.old = s.old;
    if (s.bf === 1) state.bf = 1;
    if (isId(s.pages)) state.pages = s.pages;
    if (typeof s.seen === 'object' && s.seen !== null) {
      state.seen = {};
      for (const [id, hash] of Object.entries(s.seen)) if (typeof hash === 'string') state.seen[id] = hash;
    }
    out.ch[name] = state;
  }
  return out;
}

/** Text and photos as before; links and the card only when there are some (old hashes stay valid). */
const contentHash = (p: RawPost) => {
  const extra = [...(p.links ?? []).map((l) => l.url), p.card?.url ?? ''].filter(Boolean).join(' ');
  return createHash('sha1')
    .update(`${p.text}\u0000${p.medias.map((m) => m.imgUrlOrigin).join(' ')}${extra ? `\u0000${extra}` : ''}`)
    .digest('hex')
    .slice(0, 8);
};

function retryAfterMs(res: Response, now: number): number {
  const raw = res.headers.get('retry-after');
  const secs = Number(raw);
  const until = Number.isFinite(secs) ? now + secs * 1000 : Date.parse(raw ?? '');
  // Clocks drift and the header may be absent: never less than a second, 60 s when unknown.
  return Number.isFinite(until) ? Math.max(1000, until - now) : 60_000;
}

/** The service's own words in an error page, short: ": Too Many Requests"; '' when it said nothing. */
function said(body: string): string {
  const words = parseHtml(body).text.replace(/\s+/g, ' ').trim().slice(0, 120);
  return words ? `: ${words}` : '';
}

export function createTelegramSource(opts: TelegramSourceOptions): Source {
  const channels = [...new Set(opts.channels.map(normaliseChannel).filter(Boolean))];
  const baseUrl = (opts.baseUrl ?? 'https://t.me').replace(/\/+$/, '');
  const doFetch = opts.fetchImpl ?? fetch;
  const now = opts.now ?? Date.now;
  const backfillPages = opts.backfillPages ?? 10;
  const backfillDays = opts.backfillDays ?? 30;
  const pollIntervalMs = opts.pollIntervalMs ?? 60_000;

  /** The newest page: new messages, edits and deletions since the previous newest page. */
  function readNewest(page: TelegramPage, state: ChannelState): RawPost[] {
    const out: RawPost[] = [];
    const seen: Record<string, string> = {};
    for (const post of page.posts) {
      const id = Number(post.id.slice(post.id.lastIndexOf('/') + 1));
      const hash = contentHash(post);
      seen[id] = hash;
      const before = state.seen?.[id];
      if (state.top === undefined || id > state.top || (before !== undefined && before !== hash)) out.push(post);
    }
    if (page.ids.length > 0) {
      const lo = Math.min(...page.ids);
      const hi = Math.max(...page.ids);
      const shown = new Set(page.ids);
      // Missing between ids still shown: deleted. Missing above the newest id shown: the newest
      // messages were deleted (the newest page always ends with the channel's newest message).
      // Missing below the page: only scrolled off.
      for (const id of Object.keys(state.seen ?? {}).map(Number)) {
        if (id > lo && !shown.has(id)) out.push(vanishMarker(page, id));
      }
      state.top = Math.max(state.top ?? 0, hi);
      state.old ??= lo;
      // The channel's first message is on the newest page: there is no history to read.
      if (lo <= 1 || backfillPages <= 0) state.bf = 1;
    }
    state.seen = seen;
    return out;
  }

  function vanishMarker(page: TelegramPage, id: number): RawPost {
    const channel = page.author.username;
    return {
      id: `tg:${channel.toLowerCase()}/${id}`,
      network: 'telegram',
      url: `https://t.me/${channel}/${id}`,
      vanished: true,
      text: '',
      createdAt: Math.floor(now() / 1000),
      lang: '',
      author: page.author,
      medias: [],
      metrics: { likeCount: null, retweetCount: null, replyCount: null, quoteCount: null, impressionCount: null },
    };
  }

  /** An older page: everything on it, and whether the backfill is now done. */
  function readOlder(page: TelegramPage, state: ChannelState): RawPost[] {
    state.pages = (state.pages ?? 0) + 1;
    const oldBefore = state.old ?? Number.POSITIVE_INFINITY;
    const cutoff = now() / 1000 - backfillDays * 86_400;
    const older = page.posts.filter((p) => Number(p.id.slice(p.id.lastIndexOf('/') + 1)) < oldBefore);
    const fresh = older.filter((p) => p.createdAt >= cutoff);
    const lo = page.ids.length ? Math.min(...page.ids) : oldBefore;
    if (lo < oldBefore) state.old = lo;
    if (lo >= oldBefore || lo <= 1 || fresh.length < older.length || state.pages >= backfillPages) {
      state.bf = 1;
      delete state.pages;
    }
    return fresh;
  }

  return {
    name: 'telegram',
    async fetch(cursorText: string | null, signal: AbortSignal): Promise<SourceBatch> {
      if (channels.length === 0) return { posts: [], rejected: [], nextCursor: null, waitMs: pollIntervalMs };
      const cursor = parseCursor(cursorText, channels);
      const idx = (channels.indexOf(cursor.last ?? '') + 1) % channels.length;
      const channel = channels[idx] as string;
      const state = cursor.ch[channel] ?? {};
      cursor.ch[channel] = state;
      cursor.last = channel;
      const backfilling = state.top !== undefined && state.bf !== 1 && state.old !== undefined;
      // Back to back while any channel has history to read; after a round of newest pages, a pause.
      const done = (posts: RawPost[], rejected: RejectedItem[]): SourceBatch => ({
        posts,
        rejected,
        nextCursor: JSON.stringify(cursor),
        waitMs:
          idx === channels.length - 1 &&
          channels.every((c) => cursor.ch[c]?.bf === 1 || cursor.ch[c]?.top === undefined)
            ? pollIntervalMs
            : 0,
      });
      const url = `${baseUrl}/s/${channel}${backfilling ? `?before=${state.old}` : ''}`;
      const failed = (reason: string, sample = url) => ({
        ...done([], [{ reason: `channel ${channel}: ${reason}`, sample: sample.slice(0, 200) }]),
        requests: [`channel ${channel}: ${reason}`],
      });

      let res: Response;
      let body: string;
      try {
        res = await doFetch(url, { headers: { 'user-agent': 'kolscope', accept: 'text/html' }, signal });
        body = await res.text();
      } catch (err) {
        if (signal.aborted) throw err;
        return failed(`request failed: ${(err as Error).message}`);
      }
      if (res.status === 429) {
        // Rate limited: no cursor change, so the same channel's turn comes again after the wait.
        return {
          posts: [],
          rejected: [],
          requests: [`channel ${channel}: HTTP 429${said(body)}`],
          nextCursor: null,
          waitMs: retryAfterMs(res, now()),
        };
      }
      if (!res.ok) return failed(`HTTP ${res.status}${said(body)}`, body);
      const page = parseChannelPage(body, channel);
      if (page.ids.length === 0 && !body.includes('tgme_channel_info'))
        return failed('no public preview (a private channel, or not a channel)', body);
      const posts = backfilling ? readOlder(page, state) : readNewest(page, state);
      return { ...done(posts, page.rejected), requests: [true] };
    },
  };
}
