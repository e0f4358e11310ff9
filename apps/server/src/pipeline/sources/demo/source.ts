/**
 * The demo source: the embedded default collection source. It backfills `backfillDays` of
 * generated posts in batches, then follows virtual time as it passes, emitting the posts of each
 * slot once the slot is over. Because posts are a pure function of (seed, story start, slot), the
 * cursor only records where the last batch ended: a repeated fetch after a crash returns the same
 * posts with the same ids, so restarts lose nothing and duplicate nothing.
 *
 * Cursor: `demo1:<storyEndMs>:<endMs>:<refreshMs>` (unix ms, integers).
 * - storyEndMs: the slot boundary at which collection first started; storylines are laid out on
 *   the 30 days before it, and the backfill begins `backfillDays` before it.
 * - endMs: end (exclusive) of the last emitted range; always a slot boundary.
 * - refreshMs: when the last metrics refresh went out.
 *
 * Metrics refresh: once caught up, every `refreshEveryMs` a batch also carries the posts of the
 * last `refreshWindowMs` again (same ids, same text) with their grown engagement counts, so
 * the store's "a post seen again replaces its counts" path runs. It is capped to `batchSize`
 * posts, dropping the oldest slots of the window first.
 */
import type { RawPost, Source, SourceBatch } from '../../types';
import { DEFAULT_DEMO_SEED } from './accounts';
import { DEMO_SLOT_MS, demoGenerator, type SlotGenerator } from './generate';
import { DAY_MS, STORY_DAYS } from './story';

export { DEFAULT_DEMO_SEED };
export const DEMO_SOURCE_NAME = 'demo';

export interface DemoSourceOptions {
  seed?: number;
  /** Clock, unix ms. */
  now?: () => number;
  /** Average posts per day (default 3000). */
  postsPerDay?: number;
  /** How far back the first fetch starts (default 30). */
  backfillDays?: number;
  /** Posts per backfill batch, rounded to whole slots (default 500; a single slot may exceed it). */
  batchSize?: number;
  /** Wait between fetches once caught up (default 3000). */
  liveIntervalMs?: number;
  /** How often caught-up batches re-emit recent posts with grown metrics (default 10 min; 0 = never). */
  refreshEveryMs?: number;
  /** How far back such a refresh reaches (default 1 h). */
  refreshWindowMs?: number;
}

interface DemoCursor {
  storyEnd: number;
  end: number;
  refresh: number;
}

const CURSOR_RE = /^demo1:(\d+):(\d+):(\d+)$/;

export function formatDemoCursor(c: DemoCursor): string {
  return `demo1:${c.storyEnd}:${c.end}:${c.refresh}`;
}

/** Reads a cursor; anything unreadable yields null (the source then starts a fresh backfill). */
export function parseDemoCursor(cursor: string | null): DemoCursor | null {
  const m = cursor ? CURSOR_RE.exec(cursor) : null;
  if (!m) return null;
  const [storyEnd, end, refresh] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (end % DEMO_SLOT_MS !== 0 || storyEnd % DEMO_SLOT_MS !== 0) return null;
  return { storyEnd, end, refresh };
}

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
  const gen = demoGenerator(opts.seed ?? DEFAULT_DEMO_SEED, storyEnd - STORY_DAYS * DAY_MS, opts.postsPerDay ?? 3000);
  const out: RawPost[] = [];
  for (let s = Math.ceil(opts.fromMs / DEMO_SLOT_MS); (s + 1) * DEMO_SLOT_MS <= opts.toMs; s++) {
    gen.generate(s, opts.nowMs ?? opts.toMs, out);
  }
  return out;
}

const floorSlot = (t: number) => Math.floor(t / DEMO_SLOT_MS) * DEMO_SLOT_MS;

export function createDemoSource(opts: DemoSourceOptions = {}): Source {
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const now = opts.now ?? Date.now;
  const postsPerDay = opts.postsPerDay ?? 3000;
  const backfillMs = (opts.backfillDays ?? 30) * DAY_MS;
  const batchSize = Math.max(1, opts.batchSize ?? 500);
  const liveIntervalMs = opts.liveIntervalMs ?? 3000;
  const refreshEveryMs = opts.refreshEveryMs ?? 600_000;
  const refreshWindowMs = opts.refreshWindowMs ?? 3_600_000;

  let cached: { storyEnd: number; gen: SlotGenerator } | undefined;
  const generatorFor = (storyEnd: number) => {
    if (cached?.storyEnd !== storyEnd) {
      cached = { storyEnd, gen: demoGenerator(seed, storyEnd - STORY_DAYS * DAY_MS, postsPerDay) };
    }
    return cached.gen;
  };

  return {
    name: DEMO_SOURCE_NAME,
    async fetch(cursor: string | null, signal: AbortSignal): Promise<SourceBatch> {
      signal.throwIfAborted();
      const nowMs = now();
      const parsed = parseDemoCursor(cursor);
      const storyEnd = parsed?.storyEnd ?? floorSlot(nowMs);
      const origin = floorSlot(storyEnd - backfillMs);
      const state = parsed ?? { storyEnd, end: origin, refresh: storyEnd };
      const gen = generatorFor(storyEnd);
      const limit = floorSlot(nowMs); // only slots that are over: their posts are final

      // Take whole slots until the batch is full; a slot is never split, so the cursor is exact.
      let end = state.end;
      let total = 0;
      while (end < limit) {
        const k = gen.count(end / DEMO_SLOT_MS);
        if (total > 0 && total + k > batchSize) break;
        total += k;
        end += DEMO_SLOT_MS;
      }
      const caughtUp = end >= limit;

      let from = state.end;
      let refresh = state.refresh;
      if (caughtUp && refreshEveryMs > 0 && nowMs - state.refresh >= refreshEveryMs) {
        const windowStart = Math.max(origin, floorSlot(state.end - refreshWindowMs));
        while (from > windowStart) {
          const k = gen.count(from / DEMO_SLOT_MS - 1);
          if (total + k > batchSize) break;
          total += k;
          from -= DEMO_SLOT_MS;
        }
        refresh = nowMs;
      }

      const posts: RawPost[] = [];
      for (let t = from; t < end; t += DEMO_SLOT_MS) gen.generate(t / DEMO_SLOT_MS, nowMs, posts);
      const moved = end !== state.end || refresh !== state.refresh || parsed === null;
      return {
        posts,
        rejected: [],
        nextCursor: moved ? formatDemoCursor({ storyEnd, end, refresh }) : null,
        waitMs: caughtUp ? liveIntervalMs : 0,
      };
    },
  };
}
