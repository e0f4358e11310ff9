/** Shared helpers for the demo source tests: drive a source like the runner does. */
import type { RawPost, Source, SourceBatch } from '../../../src/pipeline/types';

export const signal = new AbortController().signal;
/** A fixed clock, deliberately not on a slot boundary. */
export const NOW = Date.UTC(2025, 5, 15, 12, 0, 3_217);

export interface Run {
  batches: SourceBatch[];
  posts: RawPost[];
  /** The cursor the runner would have stored after the last batch. */
  cursor: string | null;
}

/** Fetches like the runner (storing nextCursor unless null) until caught up or `max` batches. */
export async function run(source: Source, cursor: string | null, max = 10_000): Promise<Run> {
  const batches: SourceBatch[] = [];
  let current = cursor;
  for (let i = 0; i < max; i++) {
    const batch = await source.fetch(current, signal);
    batches.push(batch);
    current = batch.nextCursor ?? current;
    if (batch.waitMs > 0) break;
  }
  return { batches, posts: batches.flatMap((b) => b.posts), cursor: current };
}

/** X posts only: their numeric ids sort by time; Telegram and Farcaster ids do not (tg:, fc:). */
export const onX = (posts: readonly RawPost[]) => posts.filter((p) => p.network === undefined);

export function strictlyIncreasingIds(all: readonly RawPost[]): boolean {
  const posts = onX(all);
  return posts.every((p, i) => i === 0 || (p.id.length === posts[i - 1]!.id.length && p.id > posts[i - 1]!.id));
}
