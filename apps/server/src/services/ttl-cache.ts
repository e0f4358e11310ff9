/**
 * A small in-process cache whose entries expire after a few seconds. Used where every request
 * would otherwise repeat the same lookup (the session, the user's views): on this kind of machine
 * each database round trip costs more than the rest of a feed request. Local writes delete their
 * entries at once; other processes see a change after at most `ttlMs`.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.until > now) return hit.value;
    const value = await load();
    // Oldest entries go first when full: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, until: now + this.ttlMs });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(test: (key: K, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (test(key, entry.value)) this.entries.delete(key);
  }
}
