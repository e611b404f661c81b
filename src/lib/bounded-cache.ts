/**
 * A size-bounded map that forgets its oldest entries first. Enough for caching what an immutable
 * snapshot renders: entries never go stale, so only memory needs bounding.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  clear(): void {
    this.map.clear();
  }

  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  /** Forgets every entry `stale` says is, such as counts of windows that have ended. */
  deleteWhere(stale: (value: V) => boolean): void {
    for (const [key, value] of this.map) if (stale(value)) this.map.delete(key);
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.capacity) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, value);
  }
}
