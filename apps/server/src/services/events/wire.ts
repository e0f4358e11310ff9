/**
 * The events as they cross between processes: `{origin, event}` JSON on one Redis channel. What
 * arrives is checked like any untrusted input (another version of kolscope, a stray publisher on
 * the same Redis): anything unknown, malformed or oversized is dropped, never crashes a process.
 */
import { z } from 'zod';
import { type AppEvent, appEvent, EVENT_LIST_MAX } from './types';

/** The Redis channel every kolscope process of one deployment shares. */
export const EVENTS_CHANNEL = 'kolscope:events';

/** A message longer than this is not one of ours (1000 ids of 100 characters each fit). */
const MESSAGE_MAX_CHARS = 400_000;

const messageSchema = z.object({ origin: z.string().min(1).max(100), event: appEvent });

export const encodeMessage = (origin: string, event: AppEvent) => JSON.stringify({ origin, event });

/** The message's origin and event, or undefined for anything that is not a valid message. */
export function decodeMessage(raw: string): { origin: string; event: AppEvent } | undefined {
  if (raw.length > MESSAGE_MAX_CHARS) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = messageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The posts_stored events of one saved batch: its new ids, the coins and authors they name (each
 * once), cut so no list passes EVENT_LIST_MAX; none when nothing was new.
 */
export function postsStoredEvents(posts: { id: string; coins: string[]; authorId: string }[]): AppEvent[] {
  const ids = posts.map((p) => p.id);
  const coins = [...new Set(posts.flatMap((p) => p.coins))];
  const authors = [...new Set(posts.map((p) => p.authorId))];
  const count = Math.ceil(Math.max(ids.length, coins.length, authors.length) / EVENT_LIST_MAX);
  const part = (list: string[], i: number) => list.slice(i * EVENT_LIST_MAX, (i + 1) * EVENT_LIST_MAX);
  return Array.from({ length: count }, (_, i) => ({
    type: 'posts_stored' as const,
    ids: part(ids, i),
    coins: part(coins, i),
    authors: part(authors, i),
  }));
}
