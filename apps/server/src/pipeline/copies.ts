/**
 * Folding near-duplicates at ingest (issue 17 §3). A new post whose text is a near-duplicate
 * (domain/text-fingerprint.ts) of a leader posted by ANOTHER account at most COPY_WINDOW_SECONDS
 * away becomes a copy of that leader; the earliest post of a cluster leads it, so a late-arriving
 * earlier post takes the lead over (a repoint). An account reposting its own text is not a copy.
 * Only leaders are compared: every copy is within the window of its leader, so clusters stay
 * "within minutes" and never chain across hours.
 */
import { isNearDuplicate } from '../domain/text-fingerprint';

/** Copy-paste promotions and bot waves land within minutes; 30 minutes covers slow schedulers. */
export const COPY_WINDOW_SECONDS = 30 * 60;

export interface Fingerprinted {
  id: string;
  authorId: string;
  ct: number;
  fingerprint: bigint;
}

export interface Folding {
  /** New post id → its leader's id. */
  copyOf: Map<string, string>;
  /** Stored leaders a new, earlier post now leads (with their copies). */
  repoints: { from: string; to: string }[];
}

const earlier = (a: Fingerprinted, b: Fingerprinted) => a.ct < b.ct || (a.ct === b.ct && a.id < b.id);

/** The ct ranges (merged, disjoint) in which stored leaders may fold these posts. */
export function windowsOf(posts: { ct: number }[], window = COPY_WINDOW_SECONDS): { lo: number; hi: number }[] {
  const sorted = posts.map((p) => p.ct).sort((a, b) => a - b);
  const out: { lo: number; hi: number }[] = [];
  for (const ct of sorted) {
    const last = out.at(-1);
    if (last && ct - window <= last.hi) last.hi = ct + window;
    else out.push({ lo: ct - window, hi: ct + window });
  }
  return out;
}

/** Assigns each new post its leader among the stored leaders and the batch's own posts. */
export function foldCopies(stored: Fingerprinted[], incoming: Fingerprinted[], window = COPY_WINDOW_SECONDS): Folding {
  const leaders = [...stored];
  const copyOf = new Map<string, string>();
  const repoints: Folding['repoints'] = [];
  for (const post of [...incoming].sort((a, b) => (earlier(a, b) ? -1 : 1))) {
    let best: Fingerprinted | undefined;
    for (const l of leaders) {
      if (l.authorId === post.authorId || Math.abs(l.ct - post.ct) > window) continue;
      if (!isNearDuplicate(l.fingerprint, post.fingerprint)) continue;
      if (!best || earlier(l, best)) best = l;
    }
    if (!best) {
      leaders.push(post);
      continue;
    }
    if (earlier(best, post)) {
      copyOf.set(post.id, best.id);
      continue;
    }
    // The batch is read oldest first, so a later leader is a stored post: this one leads instead.
    leaders.splice(leaders.indexOf(best), 1, post);
    repoints.push({ from: best.id, to: post.id });
    for (const [id, leader] of copyOf) if (leader === best.id) copyOf.set(id, post.id);
  }
  return { copyOf, repoints };
}
