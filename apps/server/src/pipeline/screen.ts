/**
 * The last look at posts before they are stored, for every source (polled and pushed): one bad
 * item is rejected on its own, with its index and a reason naming the field in wire names, and the
 * rest of the batch is stored. Without it, a text holding a NUL or a lone surrogate fails the
 * whole batch in the database, and a post dated years ahead stays on top of every feed.
 */
import { checkJson, wireKey } from '@kolscope/contract';
import type { RawPost } from './types';

/** Clocks drift and sources round: a post a little ahead of ours is fine, years ahead is not. */
export const MAX_FUTURE_SECONDS = 5 * 60;

export interface ScreenedItem {
  index: number;
  /** `<field>: <why>`, the field in wire (snake_case) names, e.g. `author.name: ...`. */
  reason: string;
}

export interface Screened {
  posts: RawPost[];
  rejected: ScreenedItem[];
}

const WHY = {
  nul: 'the text must not contain a NUL character',
  lone_surrogate: 'the text is not valid Unicode (a lone surrogate)',
} as const;

/** Why this post cannot be stored, or null when it can. */
export function rejectionOf(p: RawPost, nowSeconds: number): string | null {
  // Sources are our code, but they turn foreign data into posts: trust no field blindly.
  if (typeof p?.id !== 'string' || !p.id) return 'id: missing';
  if (typeof p.text !== 'string') return 'text: missing';
  if (typeof p.author?.username !== 'string' || !p.author.username) return 'author.username: missing';
  if (!Number.isFinite(p.createdAt)) return 'created_at: missing';
  const problem = checkJson(p, { keyName: wireKey });
  if (problem) {
    if (problem.kind === 'too_deep') return `${problem.path}: nested too deeply`;
    return `${problem.path}: ${WHY[problem.kind]}`;
  }
  if (p.createdAt > nowSeconds + MAX_FUTURE_SECONDS) {
    return `created_at: created_at_in_future (more than ${MAX_FUTURE_SECONDS} s ahead of the server clock)`;
  }
  return null;
}

/** Splits a batch into the posts to store and the rejected items; `indexOf` maps to the caller's numbering. */
export function screenPosts(posts: RawPost[], now: Date, indexOf: (i: number) => number = (i) => i): Screened {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const out: Screened = { posts: [], rejected: [] };
  posts.forEach((p, i) => {
    const reason = rejectionOf(p, nowSeconds);
    if (reason) out.rejected.push({ index: indexOf(i), reason });
    else out.posts.push(p);
  });
  return out;
}
