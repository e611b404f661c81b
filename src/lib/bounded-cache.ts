/**
 * A size-bounded map that forgets its oldest entries first. Enough for caching what an immutable
 * snapshot renders: entries never go stale, so only memory needs bounding. Bounded by a number of
 * entries, or with `weigh`, by their total weight (bytes, say), past which the oldest go.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  private readonly capacity: number;
  private readonly weigh: ((value: V) => number) | null;
  private weight = 0;

  /** `capacity`: entries, or with `weigh` the total weight kept (an entry heavier than it is not kept). */
  constructor(capacity: number, weigh: ((value: V) => number) | null = null) {
    this.capacity = capacity;
    this.weigh = weigh;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** The total weight kept (the number of entries without `weigh`). */
  get size(): number {
    return this.weigh === null ? this.map.size : this.weight;
  }

  clear(): void {
    this.map.clear();
    this.weight = 0;
  }

  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  /** Forgets every entry `stale` says is, such as counts of windows that have ended. */
  deleteWhere(stale: (value: V) => boolean): void {
    for (const [key, value] of this.map) if (stale(value)) this.delete(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh === null ? 1 : this.weigh(value);
    if (weight > this.capacity) return;
    while (this.map.size > 0 && this.size + weight > this.capacity) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.map.set(key, value);
    if (this.weigh !== null) this.weight += weight;
  }

  private delete(key: K): void {
    const value = this.map.get(key);
    if (value === undefined && !this.map.has(key)) return;
    this.map.delete(key);
    if (this.weigh !== null) this.weight -= this.weigh(value as V);
  }
}
