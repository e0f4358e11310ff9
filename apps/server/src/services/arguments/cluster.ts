/**
 * Groups posts into arguments (issue 33 §3): pure, deterministic, no model. Each post is a
 * TF-IDF vector of its terms (terms.ts; idf = ln(N/df), so a word every post has, the view's own
 * coin, weighs nothing); posts are taken in the order given (newest first) and each joins the
 * group whose first post ("seed") it is most similar to, by cosine, when that is at least
 * `threshold`, or starts a group of its own (leader clustering). Seeds are found through an
 * inverted index of their terms, so a post is compared only with seeds sharing a word. The
 * headline post of a group is its most central one: the member nearest the group's centroid.
 *
 * Why this and not k-means or agglomerative clustering: one pass, no number of groups to guess,
 * and cost about linear in the posts (bench/arguments.bench.ts); crypto posts on one theme share
 * their key words, so comparing with a seed is enough to gather them.
 */
import { termsOf } from './terms';

export interface Vector {
  terms: Int32Array;
  weights: Float64Array;
}

export interface Grouping {
  /** Member indexes of each group, in input order; groups in order of their seed. */
  groups: number[][];
  /** Per group, the index of its most central member. */
  central: number[];
}

/** Cosine at or above which a post joins a seed's group. Tuned on the demo's posts and the test's. */
export const JOIN_SIMILARITY = 0.35;

/** TF-IDF vectors (sublinear tf, L2-normalised) of texts; a text with no weighed term has none. */
export function vectorsOf(texts: readonly string[]): Vector[] {
  const ids = new Map<string, number>();
  const docs = texts.map((text) => {
    const tf = new Map<number, number>();
    for (const term of termsOf(text)) {
      let id = ids.get(term);
      if (id === undefined) {
        id = ids.size;
        ids.set(term, id);
      }
      tf.set(id, (tf.get(id) ?? 0) + 1);
    }
    return tf;
  });
  const df = new Int32Array(ids.size);
  for (const tf of docs) for (const id of tf.keys()) df[id]!++;
  const n = texts.length;
  return docs.map((tf) => {
    const entries = [...tf]
      .map(([id, count]) => [id, (1 + Math.log(count)) * Math.log(n / df[id]!)] as const)
      .filter(([, w]) => w > 0)
      .sort((a, b) => a[0] - b[0]);
    const norm = Math.sqrt(entries.reduce((s, [, w]) => s + w * w, 0)) || 1;
    return {
      terms: Int32Array.from(entries, ([id]) => id),
      weights: Float64Array.from(entries, ([, w]) => w / norm),
    };
  });
}

export function groupPosts(texts: readonly string[], threshold = JOIN_SIMILARITY): Grouping {
  const vectors = vectorsOf(texts);
  // term → [seed group, weight] pairs, flat
  const postings = new Map<number, number[]>();
  const groups: number[][] = [];
  const scores = new Float64Array(texts.length);
  const touched: number[] = [];
  vectors.forEach((v, i) => {
    for (let k = 0; k < v.terms.length; k++) {
      const list = postings.get(v.terms[k]!);
      if (!list) continue;
      const w = v.weights[k]!;
      for (let j = 0; j < list.length; j += 2) {
        const g = list[j]!;
        if (scores[g] === 0) touched.push(g);
        scores[g]! += w * list[j + 1]!;
      }
    }
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const g of touched) {
      const score = scores[g]!;
      // Ties go to the older group (lower index): deterministic whatever the index's order.
      if (score >= threshold && (score > bestScore || (score === bestScore && g < best))) {
        best = g;
        bestScore = score;
      }
      scores[g] = 0;
    }
    touched.length = 0;
    if (best >= 0) {
      groups[best]!.push(i);
      return;
    }
    const g = groups.length;
    groups.push([i]);
    for (let k = 0; k < v.terms.length; k++) {
      const term = v.terms[k]!;
      let list = postings.get(term);
      if (!list) {
        list = [];
        postings.set(term, list);
      }
      list.push(g, v.weights[k]!);
    }
  });
  return { groups, central: groups.map((members) => centralOf(members, vectors)) };
}

/** The member with the largest dot product with the group's summed vector (its centroid's direction). */
function centralOf(members: number[], vectors: Vector[]): number {
  if (members.length <= 2) return members[0]!;
  const sum = new Map<number, number>();
  for (const m of members) {
    const v = vectors[m]!;
    for (let k = 0; k < v.terms.length; k++) sum.set(v.terms[k]!, (sum.get(v.terms[k]!) ?? 0) + v.weights[k]!);
  }
  let best = members[0]!;
  let bestScore = -1;
  for (const m of members) {
    const v = vectors[m]!;
    let s = 0;
    for (let k = 0; k < v.terms.length; k++) s += v.weights[k]! * (sum.get(v.terms[k]!) ?? 0);
    if (s > bestScore) {
      best = m;
      bestScore = s;
    }
  }
  return best;
}
