import { dateOf } from './price-days.ts';
import type { PastPrice } from './price-series.ts';

/*
 * The operator's past prices as a build holds them: four columns of numbers, not an object per
 * line (a million products' 400 days are millions of lines: as objects they took hundreds of
 * megabytes of the build's memory). Read in product order by the build (history-build.ts), which
 * walks the published products in that order too.
 */
export class PastPriceTable {
  private size = 0;
  private products = new Float64Array(1024);
  private days = new Int32Array(1024);
  private prices = new Float64Array(1024);
  private lines = new Int32Array(1024);
  /** Row indices in product order (then file order), once finished. */
  private order: Uint32Array | null = null;
  private next = 0;

  get count(): number {
    return this.size;
  }

  add(productId: number, day: number, priceCents: number, line: number): void {
    if (this.size === this.products.length) this.grow();
    this.products[this.size] = productId;
    this.days[this.size] = day;
    this.prices[this.size] = priceCents;
    this.lines[this.size] = line;
    this.size += 1;
  }

  private grow(): void {
    const double = <T extends Float64Array | Int32Array>(array: T): T => {
      const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
      bigger.set(array);
      return bigger;
    };
    this.products = double(this.products);
    this.days = double(this.days);
    this.prices = double(this.prices);
    this.lines = double(this.lines);
  }

  /** Puts the rows in product order: already so in most files (sorted only when not). */
  private ordered(): Uint32Array {
    if (this.order === null) {
      const order = new Uint32Array(this.size);
      let sorted = true;
      for (let i = 0; i < this.size; i++) {
        order[i] = i;
        if (i > 0 && this.products[i]! < this.products[i - 1]!) sorted = false;
      }
      if (!sorted) order.sort((a, b) => this.products[a]! - this.products[b]! || a - b);
      this.order = order;
    }
    return this.order;
  }

  /**
   * The lines of product `id`, and (through `skipped`) those of every product before it not asked
   * for: ids must be asked in increasing order.
   */
  take(id: number, skipped: (productId: number, lines: PastPrice[]) => void): PastPrice[] | undefined {
    const order = this.ordered();
    while (this.next < this.size && this.products[order[this.next]!]! < id) {
      const other = this.products[order[this.next]!]!;
      skipped(other, this.linesOf(other));
    }
    if (this.next >= this.size || this.products[order[this.next]!] !== id) return undefined;
    return this.linesOf(id);
  }

  /** Every line not taken yet (after the last product asked for). */
  rest(skipped: (productId: number, lines: PastPrice[]) => void): void {
    this.take(Number.POSITIVE_INFINITY, skipped);
  }

  private linesOf(id: number): PastPrice[] {
    const order = this.ordered();
    const found: PastPrice[] = [];
    while (this.next < this.size && this.products[order[this.next]!] === id) {
      const i = order[this.next]!;
      found.push({ productId: id, date: dateOf(this.days[i]!), day: this.days[i]!, priceCents: this.prices[i]!, line: this.lines[i]! });
      this.next += 1;
    }
    return found;
  }
}
