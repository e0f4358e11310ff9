/**
 * Groups posts into arguments (issue 33 §3): pure, deterministic, no model. Each post is a
 * TF-IDF vector of its terms (terms.ts; idf = ln(N/df), so a word every post has, the view's own
 * coin, weighs nothing); posts are taken in the order given (newest first) and each joins the
 * group whose first post ("seed") it is most similar to, by cosine, when that is at least
 * `threshold`, or starts a group of its own (leader clustering). Seeds are found through an
 * inverted index of their heaviest terms, so a post is compared only with seeds sharing a telling
 * word, not with every group. The
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

/** A seed is found through its heaviest terms only: a post similar enough shares one of them. */
const INDEXED_TERMS = 8;

/** The heaviest `k` term ids of a vector. */
function heaviest(v: Vector, k: number): number[] {
  if (v.terms.length <= k) return Array.from(v.terms);
  return Array.from(v.terms.keys())
    .sort((a, b) => v.weights[b]! - v.weights[a]! || a - b)
    .slice(0, k)
    .map((i) => v.terms[i]!);
}

/** Cosine of two normalised vectors: a merge of their sorted terms. */
export function cosine(a: Vector, b: Vector): number {
  let i = 0;
  let j = 0;
  let s = 0;
  while (i < a.terms.length && j < b.terms.length) {
    const x = a.terms[i]!;
    const y = b.terms[j]!;
    if (x === y) s += a.weights[i++]! * b.weights[j++]!;
    else if (x < y) i++;
    else j++;
  }
  return s;
}

export function groupPosts(texts: readonly string[], threshold = JOIN_SIMILARITY): Grouping {
  const vectors = vectorsOf(texts);
  // term id → the groups whose seed has it among its heaviest terms
  const postings: number[][] = [];
  const seeds: number[] = [];
  const groups: number[][] = [];
  // The last post that looked at each group, so a group reached by two terms is scored once.
  const seen = new Int32Array(texts.length).fill(-1);
  vectors.forEach((v, i) => {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const term of heaviest(v, INDEXED_TERMS)) {
      for (const g of postings[term] ?? []) {
        if (seen[g] === i) continue;
        seen[g] = i;
        const score = cosine(v, vectors[seeds[g]!]!);
        // Ties go to the older group (lower index): deterministic whatever the index's order.
        if (score >= threshold && (score > bestScore || (score === bestScore && g < best))) {
          best = g;
          bestScore = score;
        }
      }
    }
    if (best >= 0) {
      groups[best]!.push(i);
      return;
    }
    const g = groups.length;
    groups.push([i]);
    seeds.push(i);
    for (const term of heaviest(v, INDEXED_TERMS)) {
      postings[term] ??= [];
      postings[term].push(g);
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
