/*
 * Seeded randomness for the sample-catalog generator.
 *
 * Every record is drawn from its own PRNG state, derived by hashing (seed, stream, id). That keeps
 * a record independent of how many records come before it and of the order the files are written
 * in, so e.g. product 42 is the same whether 300 or 1,000,000 products are generated (as long as
 * the merchant count is the same), and reseeding costs a few integer operations, not an object.
 * Never Math.random or the clock: same options must give byte-identical files.
 */

/** Distinct streams, so merchant 7 and product 7 do not share random numbers. */
export const Stream = {
  merchantPlan: 1,
  merchantName: 2,
  storeAssignment: 3,
  store: 4,
  product: 5,
  offer: 6,
  merchantOffer: 7,
  pastPrices: 8,
} as const;

/** murmur3's 32-bit finaliser: cheap and mixes every input bit into every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const TWO_POW_32 = 4294967296;

/** sfc32 (Chris Doty-Humphrey's small fast counting generator): fast, 128-bit state, no bad seeds. */
export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;

  constructor(seed = 0, stream = 0, id = 0) {
    this.reseed(seed, stream, id);
  }

  /** Positions the generator at the start of record `id` of `stream` (ids may exceed 2^32). */
  reseed(seed: number, stream: number, id: number): this {
    const lo = id >>> 0;
    const hi = Math.floor(id / TWO_POW_32) >>> 0;
    const s = fmix32(seed ^ 0x9e3779b9);
    this.a = fmix32(s ^ Math.imul(stream, 0x27d4eb2f));
    this.b = fmix32(this.a ^ lo ^ 0x165667b1);
    this.c = fmix32(this.b ^ hi ^ 0xd3a2646c);
    this.d = 1; // sfc32's counter: starting it at 1 is what the reference seeding does
    // Warm-up: the first outputs after seeding with related states are still correlated.
    for (let i = 0; i < 10; i++) this.nextUint32();
    return this;
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Standard normal (Box-Muller; one value per call keeps the draw count per record fixed). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]: log(0) would be -Infinity
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Index drawn with probability proportional to weight; `cumulative` is the running sum. */
  weighted(cumulative: ArrayLike<number>): number {
    const target = this.next() * cumulative[cumulative.length - 1]!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** A fixed number in [0, 1) per (seed, stream), without building a generator. */
export function seedFraction(seed: number, stream: number): number {
  return fmix32(fmix32(seed ^ 0x85ebca6b) ^ Math.imul(stream, 0x27d4eb2f)) / TWO_POW_32;
}

/** Running sums of `weights`, for Rng.weighted. */
export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}
