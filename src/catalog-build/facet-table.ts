/*
 * The build's tables of cities, districts, categories and brands: each id assigned as its folded
 * key is first seen, with the counts and sums the loaders add as records come (record-loaders.ts).
 */

/** A city, district or category, identified by its folded key; named as first seen. */
export interface Facet {
  id: number;
  name: string;
  /** The city's state (UF), or the district's city id. */
  parent: string | number;
  key: string;
  products: number;
  stores: number;
  /** Sums of the stores' points (cities and districts): their mean is the place's centre. */
  latitudes: number;
  longitudes: number;
}

/** Assigns ids to facets by key as they are first seen. */
export class FacetTable {
  readonly byKey = new Map<string, Facet>();
  get(key: string, create: () => Omit<Facet, 'id' | 'products' | 'stores' | 'latitudes' | 'longitudes'>): Facet {
    let facet = this.byKey.get(key);
    if (facet === undefined) {
      facet = { id: this.byKey.size + 1, products: 0, stores: 0, latitudes: 0, longitudes: 0, ...create() };
      this.byKey.set(key, facet);
    }
    return facet;
  }
}
