import type { CatalogReader } from '../../catalog-read/catalog-reader.ts';
import type { StoreRow } from '../../catalog-read/discovery-reader.ts';
import { availabilityOf, offerOf } from '../../catalog-read/offer.ts';
import { priceOf } from '../../catalog-read/price.ts';
import { storeView } from '../../catalog-read/store.ts';
import { priceHistoryOf } from '../../price-history/history-read.ts';
import { priceCheckOf } from '../../price-history/price-history-schema.ts';
import { SearchExpressionError } from '../index-read/search-index.ts';
import { type SearchReader, searchReaderOf } from '../index-read/search-reader.ts';
import { roundKm } from '../planner/geo.ts';
import type { Found, Hit, PriceFilter, SearchRequest } from '../planner/request.ts';
import { WalkBudget } from '../planner/walk-budget.ts';
import type { SearchWord } from '../query/vocabulary.ts';
import { type Columns, expandWords } from '../query/words.ts';
import type { SearchContext, SearchOutcome } from '../search-context.ts';
import { facetEchoes, foundFacets } from './facet-filters.ts';
import { type Asked, readAsked, refusalOf } from './local-search-asked.ts';
import { type Searched, searchWithFallbacks } from './local-search-find.ts';
import { messageOf, reais } from './local-search-message.ts';
import { locationOf, orderingOf, outOfStockLeftOut, type SearchedPlace, storeFor } from './local-search-place.ts';
import type { SearchInput, SearchOutput } from './local-search-schema.ts';
import { makeCursor, readCursor, SEARCH_DEPTH, searchDigest } from './search-cursor.ts';
import { priceFilterOf, type ResultFilters } from './search-filters.ts';
import type { Match, SearchResult } from './search-result-schema.ts';
import { searchSimilar } from './similar-search.ts';

/*
 * search_local_products, step by step: read what is asked (local-search-asked.ts), refuse what
 * cannot be searched, read the cursor, search with fallbacks (local-search-find.ts), page the
 * results, and say what was done (local-search-message.ts).
 */

/**
 * search_local_products: resolves the place, the filters (category, brand, price) and the order,
 * runs the search plan that fits, pages it with a signed cursor, and says in words what was
 * searched and, when nothing was found, what to try instead.
 */
export function searchLocalProducts(ctx: SearchContext, input: SearchInput): SearchOutcome<SearchOutput> {
  const catalog = ctx.catalog();
  const reader = searchReaderOf(catalog);
  const asked = readAsked(reader, input);
  const output = outputOf(catalog, asked);
  const refuse = (message: string): SearchOutcome<SearchOutput> => ({ output: { ...output, message }, isError: true });
  const refusal = refusalOf(asked);
  if (refusal !== null) return refuse(refusal);
  // Checked by refusalOf: the filters and the place are readable.
  const filters = asked.filters as ResultFilters;
  let place = asked.place as SearchedPlace;

  // Paging: a cursor is checked against this very search before anything is read.
  // Hashed only when a cursor is read or made: most searches have one page.
  const search = () => searchDigest({ ...input, limit: asked.limit });
  let offset = 0;
  if (input.cursor !== undefined) {
    const reading = readCursor(cursorSecrets(ctx), input.cursor, { catalogVersion: catalog.meta.catalogVersion, search: search() });
    if ('error' in reading) return refuse(reading.error);
    offset = reading.offset;
  }
  output.filters.offset = offset;
  const sort = filters.sort.value;
  const similar = asked.similar !== null && 'product' in asked.similar ? asked.similar.product : null;
  output.ordering = orderingOf(sort, place, similar !== null);
  const price = priceFilterOf(reader, filters.price, sort === 'price_asc' || sort === 'price_desc');
  const notes = [...filters.notes, ...filterNotes(reader, filters, price)];
  if (similar) {
    notes.push(
      `Products like ${JSON.stringify(similar.title.slice(0, 120))} (id ${similar.id}, ${priceOf(similar.priceCents).formatted}), in its category ${JSON.stringify(similar.category)}; never the product itself.`,
    );
  }

  // Enough results for this page and one more, which says whether there is a next page.
  const end = Math.min(offset + asked.limit, SEARCH_DEPTH);
  const facets = foundFacets(asked.facets);
  const budget = new WalkBudget(ctx.searchWorkBudget);
  const requestFor = (words: SearchWord[], share: WalkBudget): SearchRequest => ({
    words,
    facets: facets.map(({ filter, row }) => filter.facet(row)),
    price: price === 'none' ? null : price,
    limit: Math.min(end + 1, SEARCH_DEPTH),
    budget: share,
    includeOutOfStock: asked.includeOutOfStock,
  });
  let searched: Searched | null = null;
  if (price !== 'none') {
    try {
      const words = expandWords(reader, asked.terms);
      output.filters.corrections = words.flatMap((w) => (w.correctedTo === undefined ? [] : [{ from: w.word, to: w.correctedTo }]));
      searched = similar
        ? searchSimilar(reader, similar, place, sort, requestFor, budget)
        : searchWithFallbacks(reader, words, place, sort, requestFor, budget);
    } catch (error) {
      // Words are reduced to what the tokenizer itself keeps, so this is not expected; if some
      // character still trips FTS5, the caller gets a clear empty answer, not a failure.
      if (!(error instanceof SearchExpressionError)) throw error;
      ctx.logError(error);
      return refuse('These words could not be searched. Try plain words (letters and digits).');
    }
    place = searched.place;
    if (searched.widened) {
      output.location = searched.widened.location;
      output.ordering = orderingOf(sort, place, similar !== null);
      notes.push(searched.widened.note);
    }
    output.filters.droppedTerms = searched.dropped.map((w) => w.word);
    output.total = searched.found.total();
    output.leftOutOfStock = outOfStockLeftOut(reader, requestFor(searched.words, budget), place, searched.found, end);
  }
  const found: Found = searched?.found ?? { hits: [], total: () => ({ value: 0, relation: 'eq' }), cut: false };

  const matchOf = matchLabels(similar === null ? (searched?.words.length ?? 0) : 0, searched?.dropped.length ?? 0);
  output.results = pageOf(ctx, reader, found.hits.slice(offset, end), place, matchOf);
  if (found.hits.length > end && end < SEARCH_DEPTH) {
    output.nextCursor = makeCursor(cursorSecrets(ctx)[0]!, { catalogVersion: catalog.meta.catalogVersion, search: search(), offset: end });
  }
  const searchedWords = searched?.words ?? [];
  output.message = messageOf(reader, output, {
    query: asked.query,
    place,
    facets,
    price: filters.price,
    cut: found.cut,
    notes,
    ignored: asked.ignored,
    elsewhere: price !== 'none' && (searchedWords.length > 0 || facets.length > 0) ? () => requestFor(searchedWords, budget) : null,
  });
  return { output, isError: false };
}

/** The secrets cursors are signed with: known once the endpoint has waited for them (CursorSecret.ready). */
function cursorSecrets(ctx: SearchContext): readonly string[] {
  const secrets = ctx.cursorSecret.current();
  if (secrets === null) throw new Error('the cursor secret is not read yet: await ctx.cursorSecret.ready() before a search');
  return secrets;
}

/** The answer before the search: what was asked, as read; nothing found yet. */
function outputOf(catalog: CatalogReader, asked: Asked): SearchOutput {
  const filters = 'error' in asked.filters ? null : asked.filters;
  return {
    catalogVersion: catalog.meta.catalogVersion,
    generatedAt: catalog.meta.generatedAt,
    location: locationOf(asked.place),
    filters: {
      query: asked.query,
      terms: asked.terms,
      ignoredTerms: asked.ignored,
      corrections: [],
      droppedTerms: [],
      ...facetEchoes(asked.facets),
      price: filters?.price ?? null,
      sort: filters?.sort ?? { value: 'relevance', source: 'default' },
      readFromQuery: filters?.read ?? [],
      similarTo:
        asked.similar !== null && 'product' in asked.similar
          ? { productId: asked.similar.product.id, title: asked.similar.product.title }
          : null,
      includeOutOfStock: asked.includeOutOfStock,
      limit: asked.limit,
      offset: 0,
    },
    ordering: '',
    total: { value: 0, relation: 'eq' },
    leftOutOfStock: null,
    results: [],
    nextCursor: null,
    message: '',
  };
}

/** What the answer says of the price range and the words read as filters. */
function filterNotes(reader: SearchReader, filters: ResultFilters, price: PriceFilter | null | 'none'): string[] {
  const notes: string[] = [];
  if (price === 'none') {
    const range = reader.priceRange;
    notes.push(
      range === null
        ? 'The catalog has no products.'
        : `No product in the catalog is priced in that range: prices run from ${reais(range.min / 100)} to ${reais(range.max / 100)}.`,
    );
  }
  // What the words set, unless an argument set it instead ("mais barato" with sort: "popularity").
  const applied = [
    ...(filters.price?.source === 'query' ? ['filters.price'] : []),
    ...(filters.sort.source === 'query' ? ['filters.sort'] : []),
  ];
  if (filters.read.length > 0) {
    const said = filters.read.map((r) => JSON.stringify(r.slice(0, 80))).join(', ');
    notes.push(`Read ${said} from the query${applied.length > 0 ? ` (${applied.join(', ')})` : ', and left it to the arguments'}.`);
  }
  return notes;
}

/** A ranking group's label (search-result-schema.ts, MatchSchema). */
const GROUP_MATCH: Record<Columns, Match> = {
  titleExact: 'all_words_in_title',
  title: 'all_words_in_title',
  namingExact: 'all_words_in_name',
  naming: 'all_words_in_name',
  any: 'all_words_in_text',
};

/** How each hit matched: by the group that found it; some words only when words were left out; null with no words. */
function matchLabels(words: number, dropped: number): (hit: Hit) => Match {
  if (words === 0) return () => null;
  if (dropped > 0) return () => 'some_words';
  return (hit) => GROUP_MATCH[hit.group ?? 'any'];
}

/** The page's results: each hit's product and the store that puts it in the place. */
function pageOf(ctx: SearchContext, reader: SearchReader, hits: Hit[], place: SearchedPlace, matchOf: (hit: Hit) => Match): SearchResult[] {
  const results: SearchResult[] = [];
  // The page's products in one read, not one each; a merchant's stores once per page.
  const products = new Map(reader.products(hits.map((hit) => hit.productId)).map((product) => [product.id, product]));
  const history = priceHistoryOf(ctx.catalog());
  const storesOf = new Map<number, StoreRow[]>();
  const stores = (merchantId: number) => {
    const known = storesOf.get(merchantId);
    if (known !== undefined) return known;
    const read = reader.storesOfMerchant(merchantId);
    storesOf.set(merchantId, read);
    return read;
  };
  for (const hit of hits) {
    const product = products.get(hit.productId);
    const store = product && storeFor(stores, hit, place);
    if (!product || !store) continue;
    results.push({
      productId: product.id,
      title: product.title,
      price: priceOf(product.priceCents),
      category: product.category,
      brand: product.brand,
      merchant: { id: product.merchantId, name: product.merchantName },
      store: hit.distanceKm === undefined ? storeView(store) : { ...storeView(store), distanceKm: roundKm(hit.distanceKm) },
      availability: availabilityOf(product),
      offer: offerOf(product),
      priceCheck: priceCheckOf(history.figures(product.id)!),
      imageUrl: product.imageUrl,
      url: ctx.productUrl(product.id, product.slug),
      match: matchOf(hit),
    });
  }
  return results;
}
