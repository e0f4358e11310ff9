/**
 * The fixed split of a labeled set into halves A and B by a hash of the text. Rules were developed
 * looking only at half A; half B gives the honest figures. One place, so every benchmark splits alike.
 */
/** FNV-1a over UTF-16 units, then a murmur3 finaliser so the top bit is well mixed. */
export function half(text: string): 'A' | 'B' {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 31 ? 'B' : 'A';
}
