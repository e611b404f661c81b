import type { BrandRow, CategoryRow } from '../../catalog-read/discovery-reader.ts';
import { slugify } from '../../lib/text-keys.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import type { Facet } from '../planner/request.ts';
import { brandToken, categoryToken, PRICE_DROP_MARK } from '../tokens/facet-tokens.ts';
import type { SearchInput, SearchOutput } from './local-search-schema.ts';
import { brandNamed } from './search-filters.ts';

/*
 * The filters search_local_products answers with a facet token of the index, one entry each. The
 * search reads them from here alone: the argument, the refusal of an unknown value, the request's
 * facets (src/search/planner/request.ts: bounds and costs count them), the echo in
 * output.filters and the message's words. A new filter is one entry here, its argument
 * (src/mcp/tools/search-local-products/schema.ts) and its echo (local-search-schema.ts).
 */

/** The arguments that name a facet filter; each is also its echo's key in output.filters. */
type FacetArgument = 'category' | 'brand' | 'priceDropped';

export interface FacetFilter<Row, K extends FacetArgument> {
  argument: K;
  /** The value the argument names (a list: any of them; true: a switch on), or why none does (a tool error that names the known ones). */
  find(reader: SearchReader, value: string | readonly string[] | true): Row | { error: string };
  /** Its echo when not asked for. */
  absent: SearchOutput['filters'][K];
  /** Its token in the index and how many products have it. */
  facet(row: Row): Facet;
  /** What output.filters says of it. */
  echo(row: Row): NonNullable<SearchOutput['filters'][K]>;
  /** The filter in the message's words ("in category Eletrônicos"). */
  said(row: Row): string;
}

const quote = (text: string) => JSON.stringify(text.slice(0, 80));

/** One category, or several asked together (any of them: UCP's filters.categories). */
type Categories = readonly CategoryRow[];

const category: FacetFilter<Categories, 'category'> = {
  argument: 'category',
  absent: null,
  find: (reader, text) => {
    const rows: CategoryRow[] = [];
    for (const name of typeof text === 'string' ? [text] : text === true ? [] : text) {
      const found = reader.categoryBySlug(slugify(name));
      if (found === undefined) {
        const known = reader.categories
          .slice(0, 12)
          .map((c) => `${c.name} (${c.slug})`)
          .join(', ');
        return {
          error: `No category named ${quote(name)}. Categories: ${known}. catalog_overview lists them all; or leave category out and put the word in query.`,
        };
      }
      if (!rows.includes(found)) rows.push(found);
    }
    return rows;
  },
  facet: (rows) => ({ tokens: rows.map((row) => categoryToken(row.id)), products: rows.reduce((sum, row) => sum + row.productsCount, 0) }),
  echo: (rows) => ({ name: rows.map((row) => row.name).join(' | '), slug: rows.map((row) => row.slug).join(',') }),
  said: (rows) => `in ${rows.length === 1 ? 'category' : 'categories'} ${rows.map((row) => row.name).join(' or ')}`,
};

const brand: FacetFilter<BrandRow, 'brand'> = {
  argument: 'brand',
  absent: null,
  find: (reader, text) => brandNamed(reader, typeof text === 'string' ? text : ''),
  facet: (row) => ({ tokens: [brandToken(row.id)], products: row.productsCount }),
  echo: (row) => ({ name: row.name }),
  said: (row) => `of brand ${row.name}`,
};

/** Real price drops of the last 30 days, marked in the index (PRICE_DROP_MARK; docs/price-history.md). */
const priceDropped: FacetFilter<{ products: number }, 'priceDropped'> = {
  argument: 'priceDropped',
  absent: false,
  find: (reader) => ({ products: reader.priceDroppedProducts() }),
  facet: (row) => ({ tokens: [PRICE_DROP_MARK], products: row.products }),
  echo: () => true,
  said: () => 'whose price really dropped in the last 30 days',
};

/** In the order they are checked, and said in the message. */
export const FACET_FILTERS = [category, brand, priceDropped] as const;

/** A facet filter the input asks for, and what its argument named (an error when nothing). */
export interface AskedFacet {
  filter: FacetFilter<unknown, FacetArgument>;
  found: unknown;
}

/** A facet filter asked for and found. */
export interface FoundFacet {
  filter: FacetFilter<unknown, FacetArgument>;
  row: unknown;
}

/** The facet filters the input's arguments ask for (a blank argument asks for none), each resolved. */
export function askedFacets(reader: SearchReader, input: SearchInput): AskedFacet[] {
  const asked: AskedFacet[] = [];
  for (const filter of FACET_FILTERS as readonly FacetFilter<unknown, FacetArgument>[]) {
    const value = input[filter.argument];
    if (value === true) asked.push({ filter, found: filter.find(reader, true) });
    if (value === undefined || typeof value === 'boolean') continue;
    const blank = typeof value === 'string' ? !value.trim() : value.every((t) => !t.trim());
    if (!blank) asked.push({ filter, found: filter.find(reader, typeof value === 'string' ? value : value.filter((t) => t.trim())) });
  }
  return asked;
}

/** Why a filter cannot be applied (the first unknown value's refusal), or null. */
export function facetRefusal(asked: AskedFacet[]): string | null {
  for (const { found } of asked) if (isError(found)) return found.error;
  return null;
}

/** The filters that resolved. */
export const foundFacets = (asked: AskedFacet[]): FoundFacet[] =>
  asked.flatMap(({ filter, found }) => (isError(found) ? [] : [{ filter, row: found }]));

/** Each facet filter's echo for output.filters: what it resolved to, or null. */
export function facetEchoes(asked: AskedFacet[]): Pick<SearchOutput['filters'], FacetArgument> {
  const echoes = Object.fromEntries(FACET_FILTERS.map((f) => [f.argument, f.absent])) as Pick<SearchOutput['filters'], FacetArgument>;
  for (const { filter, row } of foundFacets(asked)) (echoes as Record<FacetArgument, unknown>)[filter.argument] = filter.echo(row);
  return echoes;
}

const isError = (found: unknown): found is { error: string } => typeof found === 'object' && found !== null && 'error' in found;
