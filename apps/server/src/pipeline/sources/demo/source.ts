/**
 * The demo source: the embedded default collection source. It loads `backfillDays` of generated
 * history newest first (the hours before start, then older days), keeps up with virtual time as
 * it passes, emitting the posts of each slot once the slot is over. Because posts are a pure
 * function of (seed, story start, slot), the cursor only records which range is stored: a
 * repeated fetch after a crash returns the same posts with the same ids, so restarts lose nothing
 * and duplicate nothing.
 *
 * Cursor: `demo2:<storyEndMs>:<liveMs>:<backMs>:<refreshMs>` (unix ms, integers). The posts of
 * [backMs, liveMs) are stored; both are slot boundaries.
 * - storyEndMs: the slot boundary at which collection first started; storylines are laid out on
 *   the 30 days before it, and history reaches `backfillDays` before it.
 * - liveMs: the live edge, moving forward from storyEndMs as slots end.
 * - backMs: the backfill edge, moving backward from storyEndMs to the origin.
 * - refreshMs: when the last metrics refresh went out.
 * A batch takes the slots that ended since the live edge first (new posts are never held up by
 * history), then fills up with history going backward. The older `demo1:<storyEnd>:<end>:<refresh>`
 * cursor (history loaded oldest first up to `end`) reads as back = origin, live = end.
 *
 * Metrics refresh: once caught up, every `refreshEveryMs` a batch also carries the posts of the
 * last `refreshWindowMs` again (same ids, same text) with their grown engagement counts, so
 * the store's "a post seen again replaces its counts" path runs. It is capped to `batchSize`
 * posts, dropping the oldest slots of the window first.
 */
import type { RawPost, Source, SourceBatch, SourceHistory } from '../../types';
import { DEFAULT_DEMO_SEED } from './accounts';
import { DEMO_SLOT_MS, demoGenerator, type SlotGenerator } from './generate';
import { DAY_MS, STORY_DAYS } from './story';

export { DEFAULT_DEMO_SEED };
export const DEMO_SOURCE_NAME = 'demo';
export const DEMO_BACKFILL_DAYS = 30;

export interface DemoSourceOptions {
  seed?: number;
  /** Clock, unix ms. */
  now?: () => number;
  /** Average posts per day (default 3000). */
  postsPerDay?: number;
  /** How far back history reaches (default 30). */
  backfillDays?: number;
  /**
   * Posts per batch, rounded to whole slots (default 500; a single slot may exceed it), or a
   * function asked before each batch: with the embedded database a batch's transaction holds the
   * server's thread, so batches are made small while people use the app.
   */
  batchSize?: number | (() => number);
  /** Wait between fetches once caught up (default 3000). */
  liveIntervalMs?: number;
  /** How often caught-up batches re-emit recent posts with grown metrics (default 10 min; 0 = never). */
  refreshEveryMs?: number;
  /** How far back such a refresh reaches (default 1 h). */
  refreshWindowMs?: number;
}

export interface DemoCursor {
  storyEnd: number;
  /** End (exclusive) of the stored range. */
  live: number;
  /** Start (inclusive) of the stored range. */
  back: number;
  refresh: number;
}

const CURSOR_RE = /^demo2:(\d+):(\d+):(\d+):(\d+)$/;
const LEGACY_CURSOR_RE = /^demo1:(\d+):(\d+):(\d+)$/;

export function formatDemoCursor(c: DemoCursor): string {
  return `demo2:${c.storyEnd}:${c.live}:${c.back}:${c.refresh}`;
}

const onSlot = (...ts: number[]) => ts.every((t) => t % DEMO_SLOT_MS === 0);

/**
 * Reads a cursor; anything unreadable yields null (the source then starts afresh). A legacy
 * cursor needs the backfill length its history started from.
 */
export function parseDemoCursor(cursor: string | null, backfillDays = DEMO_BACKFILL_DAYS): DemoCursor | null {
  const m = cursor ? CURSOR_RE.exec(cursor) : null;
  if (m) {
    const [storyEnd, live, back, refresh] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    if (!onSlot(storyEnd, live, back) || back > live) return null;
    return { storyEnd, live, back, refresh };
  }
  const old = cursor ? LEGACY_CURSOR_RE.exec(cursor) : null;
  if (!old) return null;
  const [storyEnd, end, refresh] = [Number(old[1]), Number(old[2]), Number(old[3])];
  if (!onSlot(storyEnd, end)) return null;
  // Loaded oldest first, [origin, end) is stored; the live edge carries on from end.
  return { storyEnd, live: end, back: floorSlot(storyEnd - backfillDays * DAY_MS), refresh };
}

/**
 * How far the history of a demo cursor is loaded: the share of [origin, now) stored, and from
 * when on everything is stored (null while the live edge is still catching up).
 */
export function demoHistory(cursor: string | null, nowMs: number, backfillDays = DEMO_BACKFILL_DAYS): SourceHistory {
  const c = parseDemoCursor(cursor, backfillDays);
  if (!c) return { fraction: 0, completeFromMs: null, done: false };
  const origin = floorSlot(c.storyEnd - backfillDays * DAY_MS);
  const limit = Math.max(c.live, floorSlot(nowMs));
  const fraction = limit > origin ? Math.min(1, (c.live - Math.max(origin, c.back)) / (limit - origin)) : 1;
  const liveCaughtUp = limit - c.live <= LIVE_SLACK_MS;
  return {
    fraction,
    completeFromMs: liveCaughtUp ? Math.max(origin, c.back) : null,
    done: liveCaughtUp && c.back <= origin,
  };
}

/** A live edge this close to now counts as caught up (a fetch every few seconds). */
const LIVE_SLACK_MS = 60_000;

/** All posts of the whole slots in [fromMs, toMs), metrics as of nowMs. For benchmarks and tools. */
export function generateDemoPosts(opts: {
  seed?: number;
  fromMs: number;
  toMs: number;
  nowMs?: number;
  postsPerDay?: number;
  /** When the storylines culminate (default: toMs). */
  storyEndMs?: number;
}): RawPost[] {
  const storyEnd = floorSlot(opts.storyEndMs ?? opts.toMs);
  const gen = demoGenerator(opts.seed ?? DEFAULT_DEMO_SEED, storyStartOf(storyEnd), opts.postsPerDay ?? 3000);
  const out: RawPost[] = [];
  for (let s = Math.ceil(opts.fromMs / DEMO_SLOT_MS); (s + 1) * DEMO_SLOT_MS <= opts.toMs; s++) {
    gen.generate(s, opts.nowMs ?? opts.toMs, out);
  }
  return out;
}

const floorSlot = (t: number) => Math.floor(t / DEMO_SLOT_MS) * DEMO_SLOT_MS;

/** The storylines are laid out on the 30 days before collection first started (the Story's startMs). */
const storyStartOf = (storyEndMs: number) => storyEndMs - STORY_DAYS * DAY_MS;

/**
 * The Story start of the demo collection whose cursor this is, null before its first batch: what
 * the demo price source moves with, so prices follow the very storylines the posts tell.
 */
export function demoStoryStartMs(cursor: string | null): number | null {
  const c = parseDemoCursor(cursor);
  return c ? storyStartOf(c.storyEnd) : null;
}

export function createDemoSource(opts: DemoSourceOptions = {}): Source {
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const now = opts.now ?? Date.now;
  const postsPerDay = opts.postsPerDay ?? 3000;
  const backfillMs = (opts.backfillDays ?? 30) * DAY_MS;
  const sizeOption = opts.batchSize ?? 500;
  const batchSizeNow = () => Math.max(1, typeof sizeOption === 'function' ? sizeOption() : sizeOption);
  const liveIntervalMs = opts.liveIntervalMs ?? 3000;
  const refreshEveryMs = opts.refreshEveryMs ?? 600_000;
  const refreshWindowMs = opts.refreshWindowMs ?? 3_600_000;

  let cached: { storyEnd: number; gen: SlotGenerator } | undefined;
  const generatorFor = (storyEnd: number) => {
    if (cached?.storyEnd !== storyEnd) {
      cached = { storyEnd, gen: demoGenerator(seed, storyStartOf(storyEnd), postsPerDay) };
    }
    return cached.gen;
  };

  return {
    name: DEMO_SOURCE_NAME,
    history: (cursor, nowMs) => demoHistory(cursor, nowMs, backfillMs / DAY_MS),
    async fetch(cursor: string | null, signal: AbortSignal): Promise<SourceBatch> {
      signal.throwIfAborted();
      const nowMs = now();
      const parsed = parseDemoCursor(cursor, backfillMs / DAY_MS);
      const storyEnd = parsed?.storyEnd ?? floorSlot(nowMs);
      const origin = floorSlot(storyEnd - backfillMs);
      const state = parsed ?? { storyEnd, live: storyEnd, back: storyEnd, refresh: storyEnd };
      const gen = generatorFor(storyEnd);
      const limit = floorSlot(nowMs); // only slots that are over: their posts are final
      const batchSize = batchSizeNow();

      // Whole slots only, so the cursor stays exact. New slots first, then history backward.
      let live = state.live;
      let total = 0;
      while (live < limit) {
        const k = gen.count(live / DEMO_SLOT_MS);
        if (total > 0 && total + k > batchSize) break;
        total += k;
        live += DEMO_SLOT_MS;
      }
      let back = state.back;
      if (live >= limit) {
        while (back > origin) {
          const k = gen.count(back / DEMO_SLOT_MS - 1);
          if (total > 0 && total + k > batchSize) break;
          total += k;
          back -= DEMO_SLOT_MS;
        }
      }
      const caughtUp = live >= limit && back <= origin;

      // The refresh re-sends stored slots just before the live edge: only once history is whole.
      let from = state.live;
      let refresh = state.refresh;
      if (caughtUp && state.back <= origin && refreshEveryMs > 0 && nowMs - state.refresh >= refreshEveryMs) {
        const windowStart = Math.max(origin, floorSlot(state.live - refreshWindowMs));
        while (from > windowStart) {
          const k = gen.count(from / DEMO_SLOT_MS - 1);
          if (total + k > batchSize) break;
          total += k;
          from -= DEMO_SLOT_MS;
        }
        refresh = nowMs;
      }

      // Oldest first within the batch: history, re-sent slots, new slots (ids increase).
      const posts: RawPost[] = [];
      for (let t = back; t < state.back; t += DEMO_SLOT_MS) gen.generate(t / DEMO_SLOT_MS, nowMs, posts);
      for (let t = from; t < live; t += DEMO_SLOT_MS) gen.generate(t / DEMO_SLOT_MS, nowMs, posts);
      const next = { storyEnd, live, back, refresh };
      const moved = parsed === null || cursor !== formatDemoCursor(next);
      return {
        posts,
        rejected: [],
        nextCursor: moved ? formatDemoCursor(next) : null,
        waitMs: caughtUp ? liveIntervalMs : 0,
        // History older than everything stored: its track records wait for the whole backfill.
        ...(back < state.back ? { backfill: { done: back <= origin } } : {}),
      };
    },
  };
}
