/**
 * A small in-process cache whose entries expire after a few seconds. Used where requests would
 * otherwise repeat the same lookup (the session, the user's views, a popular feed page): on this
 * kind of machine a database round trip costs more than the rest of a feed request. Loads in
 * flight are shared, so a burst of misses for one key runs the query once. Writes delete their
 * entries at once, in every process through the event bus (services/events); a process that
 * missed the event sees the change after at most `ttlMs`.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.until > now) return hit.value;
    // Oldest entries go first when full: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    const value = load();
    const entry = { value, until: now + this.ttlMs };
    this.entries.set(key, entry);
    // A failed load is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets everything (events from other processes may have been missed: services/events). */
  clear(): void {
    this.entries.clear();
  }

  /** Deletes the entries whose settled value passes the test. */
  async deleteWhere(test: (key: K, value: V) => boolean): Promise<void> {
    for (const [key, entry] of [...this.entries]) {
      const value = await entry.value.catch(() => undefined);
      if (value !== undefined && test(key, value)) this.entries.delete(key);
    }
  }
}
