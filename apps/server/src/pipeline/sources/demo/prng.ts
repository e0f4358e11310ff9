/**
 * Deterministic randomness for the demo data. Everything derives from integers (seed, slot
 * index, account index), never from Math.random, so any stretch of virtual time can be rebuilt
 * identically after a restart.
 */
import { fmix32 as fmix } from '../../../domain/hash';

/** Mixes up to three 32-bit words into one; each word is folded in separately so (a,b) ≠ (b,a). */
export function hash32(a: number, b = 0, c = 0): number {
  let h = fmix((a | 0) ^ 0x9e3779b9);
  h = fmix((h + Math.imul(b | 0, 0xcc9e2d51)) | 0);
  return fmix((h + Math.imul(c | 0, 0x1b873593)) | 0);
}

/** Hash of a string, for keys that arrive as text (media keys, ids). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix(h);
}

/**
 * mulberry32: one 32-bit word of state, so a generator per slot costs nothing and `reset` lets
 * the hot loop reuse one instance instead of allocating.
 */
export class Rng {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  reset(seed: number): this {
    this.s = seed >>> 0;
    return this;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [lo, hi]. */
  between(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Standard normal (Box-Muller; the second value is dropped to keep the state a single word). */
  gauss(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Poisson count: Knuth's product method when small, a rounded normal when large (fast, close enough). */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    if (lambda > 30) return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * this.gauss()));
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
}

/** Index into cumulative weights `cum` (ascending, last = total) for a uniform draw. */
export function pickCumulative(cum: Float64Array, r: number): number {
  const target = r * cum[cum.length - 1]!;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cum[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Picks `k` distinct indexes, each with probability proportional to its weight (Efraimidis-Spirakis:
 * the k smallest of -ln(u)/w). Used to hand out exact numbers of badges.
 */
export function weightedSample(weights: readonly number[], k: number, rng: Rng, exclude?: Set<number>): number[] {
  const keys: [number, number][] = [];
  weights.forEach((w, i) => {
    if (w > 0 && !exclude?.has(i)) keys.push([-Math.log(1 - rng.next()) / w, i]);
  });
  keys.sort((a, b) => a[0] - b[0]);
  return keys.slice(0, k).map(([, i]) => i);
}
