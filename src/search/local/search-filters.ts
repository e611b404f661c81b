import type { BrandRow } from '../../catalog-read/discovery-reader.ts';
import { foldKey } from '../../lib/text-keys.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import type { PriceFilter } from '../planner/request.ts';
import { type BudgetWords, readBudgetWords } from '../query/budget-words.ts';
import { editDistance } from '../query/typos.ts';

/** The orders a search may ask for. */
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'distance', 'popularity', 'price_drop'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Where a filter came from: the tool's arguments, the shopper's words, or neither. */
export type FilterSource = 'arguments' | 'query' | 'default';

export interface PriceAsked {
  /** Reais, inclusive; null: no bound on that side. */
  min: number | null;
  max: number | null;
  source: 'arguments' | 'query';
}

/** What the arguments and the words ask of the results, besides the words searched. */
export interface ResultFilters {
  price: PriceAsked | null;
  sort: { value: SearchSort; source: FilterSource };
  /** Real price drops only: the argument, the words ("baixou de preço"), or the price_drop order. */
  priceDropped: boolean;
  /** The words read as a budget or an order ("até 3 mil", "mais barato"), as the shopper wrote them. */
  read: string[];
  /** The query without them. */
  rest: string | null;
  notes: string[];
}

/**
 * Budgets and order from the arguments and the query's words: arguments win (a price argument
 * replaces the words' budget whole; a sort argument, their order). "Perto de mim" orders by
 * distance only with coordinates: without them there is no "me" to measure from.
 */
export function resultFilters(
  input: {
    query: string | null;
    minPrice?: number | undefined;
    maxPrice?: number | undefined;
    sort?: SearchSort | undefined;
    priceDropped?: boolean | undefined;
  },
  hasCoordinates: boolean,
): ResultFilters | { error: string } {
  const words: BudgetWords | null = input.query === null ? null : readBudgetWords(input.query);
  const notes: string[] = [];
  let price: PriceAsked | null = null;
  if (input.minPrice !== undefined || input.maxPrice !== undefined) {
    price = { min: input.minPrice ?? null, max: input.maxPrice ?? null, source: 'arguments' };
    if (price.min !== null && price.max !== null && price.min > price.max) {
      return {
        error: `minPrice (${price.min}) is more than maxPrice (${price.max}): no price is in that range. Give minPrice at most maxPrice, or only one of them.`,
      };
    }
  } else if (words && (words.minPrice !== null || words.maxPrice !== null)) {
    price = { min: words.minPrice, max: words.maxPrice, source: 'query' };
  }
  let sort: ResultFilters['sort'] = { value: 'relevance', source: 'default' };
  if (input.sort !== undefined) sort = { value: input.sort, source: 'arguments' };
  else if (words?.sort === 'distance' && !hasCoordinates) {
    notes.push('"Perto de mim" needs the shopper\'s latitude and longitude to order by distance: give them to search nearest first.');
  } else if (words?.sort) sort = { value: words.sort, source: 'query' };
  const read = words?.read ?? [];
  const rest = words === null ? null : read.length > 0 ? words.rest : input.query;
  const priceDropped = input.priceDropped ?? (words?.priceDropped === true || sort.value === 'price_drop');
  return { price, sort, priceDropped: priceDropped || sort.value === 'price_drop', read, rest, notes };
}

/** The products a range prices (null: every product, no filter), or 'none' when no product is priced within it. */
export function priceFilterOf(reader: SearchReader, price: PriceAsked | null, byPrice: boolean): PriceFilter | null | 'none' {
  const cents = {
    min: price?.min == null ? 0 : Math.round(price.min * 100),
    max: price?.max == null ? Number.MAX_SAFE_INTEGER : Math.round(price.max * 100),
  };
  const ordinals = reader.ordinalsPricedWithin(cents);
  if (ordinals === null) return price === null ? null : 'none';
  const range = reader.priceRange!;
  const coversAll = cents.min <= range.min && cents.max >= range.max;
  if (coversAll && !byPrice) return null;
  return { ordinals };
}

/** A brand by name, accents and case aside; else why not, with the closest names and the main brands. */
export function brandNamed(reader: SearchReader, name: string): BrandRow | { error: string } {
  const key = foldKey(name);
  const found = reader.brandsByKey(key)[0];
  if (found) return found;
  const close = reader.brands
    .map((b) => ({ b, d: b.key.startsWith(key) || key.startsWith(b.key) ? 0 : editDistance(key, b.key, 2) }))
    .filter(({ d }) => d <= 2)
    .sort((a, b) => a.d - b.d || b.b.productsCount - a.b.productsCount)
    .slice(0, 5)
    .map(({ b }) => b.name);
  const main = reader.brands
    .slice(0, 10)
    .map((b) => b.name)
    .join(', ');
  return {
    error: `No brand named ${JSON.stringify(name.slice(0, 80))} in the catalog.${close.length > 0 ? ` Close: ${close.join(', ')}.` : ''} Brands with the most products: ${main} (catalog_overview lists them). Or leave brand out and put the name in query.`,
  };
}
