/** Small non-cryptographic hashes, one place for every caller (fingerprints, demo, benches). */

/** murmur3's 32-bit finaliser: cheap, and flips about half the bits for a one-bit change. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a 32 over UTF-16 units from a seed (FNV's offset basis by default), then fmix32. */
export function hashText32(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}
