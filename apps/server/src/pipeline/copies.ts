/**
 * Folding near-duplicates at ingest (issue 17 §3). A new post whose text is a near-duplicate
 * (domain/text-fingerprint.ts) of a leader posted by ANOTHER account at most COPY_WINDOW_SECONDS
 * away becomes a copy of that leader; the earliest post of a cluster leads it, so a late-arriving
 * earlier post takes the lead over (a repoint). An account reposting its own text is not a copy.
 * Only leaders are compared: every copy is within the window of its leader, so clusters stay
 * "within minutes" and never chain across hours.
 */
import { type Halves, halvesDistance, halvesOf, NEAR_DUPLICATE_BITS } from '../domain/text-fingerprint';

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

type Candidate = Fingerprinted & { halves: Halves; retired?: true };
const withHalves = (p: Fingerprinted): Candidate => ({ ...p, halves: halvesOf(p.fingerprint) });

/**
 * NEAR_DUPLICATE_BITS + 1 bands of the 64 bits: two fingerprints at most that many bits apart
 * agree on at least one whole band (pigeonhole), so a post is compared only with the leaders
 * sharing a band with it, not with every post of the window (a 500-post batch against the ~700
 * leaders of a busy half hour went from 600 000 comparisons to a few thousand).
 */
const BANDS = NEAR_DUPLICATE_BITS + 1;
function bandKeys(h: Halves): number[] {
  const keys: number[] = [];
  for (let band = 0; band < BANDS; band++) {
    const start = Math.floor((band * 64) / BANDS);
    const end = Math.floor(((band + 1) * 64) / BANDS);
    let value = 0;
    for (let p = start; p < end; p++) {
      const bit = p < 32 ? (h[1] >>> p) & 1 : (h[0] >>> (p - 32)) & 1;
      value = value * 2 + bit;
    }
    keys.push(band * 1024 + value);
  }
  return keys;
}

class LeaderIndex {
  private byBand = new Map<number, Candidate[]>();
  add(c: Candidate) {
    for (const key of bandKeys(c.halves)) {
      const list = this.byBand.get(key);
      if (list) list.push(c);
      else this.byBand.set(key, [c]);
    }
  }
  /** The earliest leader of another account within the window whose text is near this post's. */
  bestFor(post: Candidate, window: number): Candidate | undefined {
    let best: Candidate | undefined;
    for (const key of bandKeys(post.halves)) {
      for (const l of this.byBand.get(key) ?? []) {
        if (l.retired || l.authorId === post.authorId || Math.abs(l.ct - post.ct) > window) continue;
        if (halvesDistance(l.halves, post.halves) > NEAR_DUPLICATE_BITS) continue;
        if (!best || earlier(l, best)) best = l;
      }
    }
    return best;
  }
}

/** Assigns each new post its leader among the stored leaders and the batch's own posts. */
export function foldCopies(stored: Fingerprinted[], incoming: Fingerprinted[], window = COPY_WINDOW_SECONDS): Folding {
  const leaders = new LeaderIndex();
  for (const s of stored) leaders.add(withHalves(s));
  const copyOf = new Map<string, string>();
  const repoints: Folding['repoints'] = [];
  for (const post of incoming.map(withHalves).sort((a, b) => (earlier(a, b) ? -1 : 1))) {
    const best = leaders.bestFor(post, window);
    if (!best) {
      leaders.add(post);
      continue;
    }
    if (earlier(best, post)) {
      copyOf.set(post.id, best.id);
      continue;
    }
    // The batch is read oldest first, so a later leader is a stored post: this one leads instead.
    best.retired = true;
    leaders.add(post);
    repoints.push({ from: best.id, to: post.id });
    for (const [id, leader] of copyOf) if (leader === best.id) copyOf.set(id, post.id);
  }
  return { copyOf, repoints };
}
