/**
 * Groups a feed's posts into runs of CHUNK_SIZE that keep their membership as the list changes:
 * pages appended at the bottom fill the last group and open new ones, posts inserted at the top
 * open groups above. Each group is one `content-visibility: auto` box (feed.css): Chromium then
 * tracks and walks a few dozen boxes per frame instead of a thousand cards. Stable membership
 * matters because a card moved to another group is a new element to React.
 */
export const CHUNK_SIZE = 10;

export interface Chunking {
  /** Post id → group number (groups above the first have smaller numbers). */
  chunkOf: ReadonlyMap<string, number>;
}

export interface Chunk<T> {
  id: number;
  items: T[];
}

export function assignChunks(ids: readonly string[], previous?: Chunking): Chunking {
  const chunkOf = new Map<string, number>();
  const known = previous ? ids.findIndex((id) => previous.chunkOf.has(id)) : -1;
  if (!previous || known < 0) {
    for (const [i, id] of ids.entries()) chunkOf.set(id, Math.floor(i / CHUNK_SIZE));
    return { chunkOf };
  }
  // New posts above the first known one: groups of CHUNK_SIZE counted upwards from it.
  const top = previous.chunkOf.get(ids[known]!)!;
  for (let j = known - 1; j >= 0; j--) chunkOf.set(ids[j]!, top - 1 - Math.floor((known - 1 - j) / CHUNK_SIZE));
  // Known posts keep their group; a new one below fills its predecessor's group, then opens one.
  let current = top;
  let size = 0;
  for (let i = known; i < ids.length; i++) {
    const id = ids[i]!;
    const was = previous.chunkOf.get(id);
    if (was !== undefined && was >= current) {
      if (was !== current) size = 0;
      current = was;
    } else if (size >= CHUNK_SIZE) {
      current += 1;
      size = 0;
    }
    chunkOf.set(id, current);
    size += 1;
  }
  return { chunkOf };
}

/** Consecutive items of the same group, in list order. */
export function groupChunks<T>(items: readonly T[], idOf: (item: T) => string, chunking: Chunking): Chunk<T>[] {
  const out: Chunk<T>[] = [];
  for (const item of items) {
    const id = chunking.chunkOf.get(idOf(item)) ?? 0;
    const last = out.at(-1);
    if (last && last.id === id) last.items.push(item);
    else out.push({ id, items: [item] });
  }
  return out;
}
