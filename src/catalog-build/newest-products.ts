/**
 * The `size` newest of a stream of published products: newest publication time first, then the
 * higher id. A sorted array of at most `size` entries; a product older than the last kept entry
 * costs one comparison, so a million products cost about a million comparisons.
 */
export class NewestProducts {
  private readonly kept: { id: number; publishedAt: number }[] = [];
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  offer(id: number, publishedAtIso: string): void {
    const publishedAt = Date.parse(publishedAtIso);
    const kept = this.kept;
    if (kept.length === this.size && !newer(publishedAt, id, kept[kept.length - 1]!)) return;
    let at = kept.length;
    while (at > 0 && newer(publishedAt, id, kept[at - 1]!)) at -= 1;
    kept.splice(at, 0, { id, publishedAt });
    if (kept.length > this.size) kept.pop();
  }

  /** Product ids, newest first. */
  ids(): number[] {
    return this.kept.map((entry) => entry.id);
  }
}

function newer(publishedAt: number, id: number, than: { id: number; publishedAt: number }): boolean {
  return publishedAt > than.publishedAt || (publishedAt === than.publishedAt && id > than.id);
}
