import type { BrandRow } from '../../catalog/discovery-reader.ts';
import { priceOf } from '../../catalog/price.ts';
import { storeView } from '../../catalog/store.ts';
import { slugify } from '../../lib/text-keys.ts';
import { SearchExpressionError } from '../index-read/search-index.ts';
import { searchReaderOf } from '../index-read/search-reader.ts';
import { roundKm } from '../planner/geo.ts';
import { cityInQuery, hasPlace, resolvePlace } from '../planner/place.ts';
import type { Found, PriceFilter, SearchRequest } from '../planner/request.ts';
import { WalkBudget } from '../planner/walk-budget.ts';
import { matchesAnywhere } from '../planner/whole-reads.ts';
import type { SearchWord } from '../query/vocabulary.ts';
import { expandWords, searchTerms } from '../query/words.ts';
import type { SearchContext, SearchOutcome } from '../search-context.ts';
import { brandToken, categoryToken } from '../tokens/facet-tokens.ts';
import { locationOf, matchesElsewhere, orderingOf, runPlan, type SearchedPlace, storeFor, widerPlaces } from './local-search-place.ts';
import { SEARCH_MAX_LIMIT, type SearchInput, type SearchOutput } from './local-search-schema.ts';
import { makeCursor, readCursor, SEARCH_DEPTH, searchDigest } from './search-cursor.ts';
import { brandNamed, priceFilterOf, resultFilters } from './search-filters.ts';
import type { SearchResult } from './search-result-schema.ts';

const quote = (text: string, length = 80) => JSON.stringify(text.slice(0, length));
/** Reais as every price is shown ("R$ 3.000,00"). */
const reais = (value: number) => priceOf(Math.round(value * 100)).formatted;

/** A word the shopper typed that says which product exactly: a number ("128gb", "55") or a brand. Left out last. */
const isPrecise = (word: SearchWord, brandsByKey: (key: string) => BrandRow[]) =>
  /[0-9]/.test(word.word) || brandsByKey(word.word).length > 0;

/**
 * search_local_products: resolves the place, the filters (category, brand, price) and the order,
 * runs the search plan that fits, pages it with a signed cursor, and says in words what was
 * searched and, when nothing was found, what to try instead.
 */
export function searchLocalProducts(ctx: SearchContext, input: SearchInput): SearchOutcome<SearchOutput> {
  const catalog = ctx.catalog();
  const reader = searchReaderOf(catalog);
  const limit = input.limit ?? SEARCH_MAX_LIMIT;
  const query = input.query?.trim() ? input.query : null;
  const coordinates = input.latitude !== undefined && input.longitude !== undefined;
  const asked = resultFilters({ query, minPrice: input.minPrice, maxPrice: input.maxPrice, sort: input.sort }, coordinates);
  const filtered = 'error' in asked ? null : asked;
  // No place given, but one named in the query ("geladeira em curitiba"): that city, and the rest as words.
  const text = filtered ? filtered.rest : query;
  const named = text !== null && text.trim() !== '' && !hasPlace(input) ? cityInQuery(reader, text) : null;
  const { terms, ignored, onlyStopwords, noWords } =
    text === null ? { terms: [], ignored: [], onlyStopwords: false, noWords: false } : searchTerms(named?.rest ?? text);
  let place = resolvePlace(reader, named ? { ...input, city: named.city } : input);
  if (named && place.kind === 'city') place.notes.push('The place was read from the query.');

  const categoryText = input.category?.trim() ? input.category : null;
  const category = categoryText === null ? undefined : reader.categoryBySlug(slugify(categoryText));
  const brandText = input.brand?.trim() ? input.brand : null;
  const brand = brandText === null ? null : brandNamed(reader, brandText);
  const output: SearchOutput = {
    catalogVersion: catalog.meta.catalogVersion,
    generatedAt: catalog.meta.generatedAt,
    location: locationOf(place),
    filters: {
      query,
      terms,
      ignoredTerms: ignored,
      corrections: [],
      droppedTerms: [],
      category: category ? { name: category.name, slug: category.slug } : null,
      brand: brand && !('error' in brand) ? { name: brand.name } : null,
      price: filtered?.price ?? null,
      sort: filtered?.sort ?? { value: 'relevance', source: 'default' },
      readFromQuery: filtered?.read ?? [],
      limit,
      offset: 0,
    },
    ordering: '',
    total: { value: 0, relation: 'eq' },
    results: [],
    nextCursor: null,
    message: '',
  };
  const refuse = (message: string): SearchOutcome<SearchOutput> => ({ output: { ...output, message }, isError: true });
  if ('error' in asked) return refuse(asked.error);
  if (place.kind === 'unresolved') return refuse(place.message);
  if (noWords && !named) {
    // Not a listing of the place: the shopper asked for something, which no word here names.
    return refuse(
      `No words to search for in ${quote(query!, 40)} (letters or digits). Name the product (geladeira, fone bluetooth), a brand or a category; leave query out to list the place's products.`,
    );
  }
  if (onlyStopwords && !named) {
    return refuse(
      `Only common words (${ignored.join(', ')}): nothing to search for. Name the product (geladeira, fone bluetooth), a brand or a category.`,
    );
  }
  if (categoryText !== null && category === undefined) {
    const known = reader.categories
      .slice(0, 12)
      .map((c) => `${c.name} (${c.slug})`)
      .join(', ');
    return refuse(
      `No category named ${quote(categoryText)}. Categories: ${known}. catalog_overview lists them all; or leave category out and put the word in query.`,
    );
  }
  if (brand && 'error' in brand) return refuse(brand.error);

  // Paging: a cursor is checked against this very search before anything is read.
  const search = searchDigest({ ...input, limit });
  let offset = 0;
  if (input.cursor !== undefined) {
    const reading = readCursor(catalog.cursorKey, input.cursor, { catalogVersion: catalog.meta.catalogVersion, search });
    if ('error' in reading) return refuse(reading.error);
    offset = reading.offset;
  }
  output.filters.offset = offset;
  const sort = asked.sort.value;
  output.ordering = orderingOf(sort, place);
  const price = priceFilterOf(reader, asked.price, sort === 'price_asc' || sort === 'price_desc');
  const notes: string[] = [...asked.notes];
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
    ...(asked.price?.source === 'query' ? ['filters.price'] : []),
    ...(asked.sort.source === 'query' ? ['filters.sort'] : []),
  ];
  if (asked.read.length > 0) {
    const said = asked.read.map((r) => quote(r)).join(', ');
    notes.push(`Read ${said} from the query${applied.length > 0 ? ` (${applied.join(', ')})` : ', and left it to the arguments'}.`);
  }

  // Enough results for this page and one more, which says whether there is a next page.
  const end = Math.min(offset + limit, SEARCH_DEPTH);
  let found: Found = { hits: [], total: () => ({ value: 0, relation: 'eq' }), cut: false };
  let searchedWords: SearchWord[] = [];
  const budget = new WalkBudget(ctx.searchWorkBudget);
  const requestFor = (words: SearchWord[], share: WalkBudget, priceFilter: PriceFilter | null): SearchRequest => ({
    words,
    facets: [
      ...(category ? [{ token: categoryToken(category.id), products: category.productsCount }] : []),
      ...(brand ? [{ token: brandToken(brand.id), products: brand.productsCount }] : []),
    ],
    price: priceFilter,
    limit: Math.min(end + 1, SEARCH_DEPTH),
    budget: share,
  });
  if (price !== 'none') {
    try {
      const words = expandWords(reader, terms);
      output.filters.corrections = words.flatMap((w) => (w.correctedTo === undefined ? [] : [{ from: w.word, to: w.correctedTo }]));
      const run = (searched: SearchWord[], where: SearchedPlace, share: WalkBudget) =>
        runPlan(reader, requestFor(searched, share, price), where, sort);
      // The first word names the thing and is never left out: without it, "aspirador de po" would
      // be a search for "po". A later word no product has is left out first.
      const [head, ...rest] = words;
      let searched = head === undefined || head.docs === 0 ? words : [head, ...rest.filter((w) => w.docs > 0)];
      const dropped = words.filter((w) => !searched.includes(w));
      found = run(searched, place, budget.part(0.6));
      // Nothing here has every word: a wider place first (the district's city, the largest
      // radius), then, in the place asked for, one word left out: the last first, and a number or
      // a brand the shopper typed only after every other word.
      // (One word has nothing to leave out: the answer says where else it is found.)
      // A first word in no product (nor any close word) names nothing here: no wider place and
      // no other word can make it match.
      const headMatches = head !== undefined && head.docs > 0;
      // Words that match nothing together anywhere in the catalog match nothing in a wider place
      // either: one read of the index says so, before the radius's stores are gathered.
      const together = () => matchesAnywhere(reader, requestFor(searched, budget.part(0.2), price), 1)?.length !== 0;
      const wider = found.hits.length === 0 && searched.length > 1 && headMatches && together() ? widerPlaces(place) : [];
      for (const candidate of wider) {
        const widened = run(searched, candidate, budget.part(0.5));
        if (widened.hits.length > 0) {
          found = widened;
          const from = locationOf(place).description;
          const centre = place.kind !== 'coordinates' && candidate.kind === 'coordinates' ? ` (the centre of ${place.city.name})` : '';
          place = candidate;
          output.location = { ...locationOf(place), widenedFrom: from };
          output.location.description += centre;
          output.ordering = orderingOf(sort, place);
          notes.push(`Nothing in ${from} matches every word: searched ${output.location.description} instead.`);
          break;
        }
      }
      if (searched.length > 1 && found.hits.length === 0 && headMatches) {
        const later = searched.slice(1).reverse();
        const precise = (w: SearchWord) => isPrecise(w, reader.brandsByKey);
        for (const word of [...later.filter((w) => !precise(w)), ...later.filter(precise)]) {
          const remaining = searched.filter((w) => w !== word);
          const relaxed = run(remaining, place, budget.part(0.5));
          if (relaxed.hits.length > 0) {
            found = relaxed;
            searched = remaining;
            dropped.push(word);
            break;
          }
        }
      }
      output.filters.droppedTerms = dropped.map((w) => w.word);
      output.total = found.total();
      searchedWords = searched;
    } catch (error) {
      // Words are reduced to what the tokenizer itself keeps, so this is not expected; if some
      // character still trips FTS5, the caller gets a clear empty answer, not a failure.
      if (!(error instanceof SearchExpressionError)) throw error;
      ctx.logError(error);
      return refuse('These words could not be searched. Try plain words (letters and digits).');
    }
  }

  for (const hit of found.hits.slice(offset, end)) {
    const product = reader.product(hit.productId);
    const store = product && storeFor(catalog, hit, place);
    if (!product || !store) continue;
    const result: SearchResult = {
      productId: product.id,
      title: product.title,
      price: priceOf(product.priceCents),
      category: product.category,
      brand: product.brand,
      merchant: { id: product.merchantId, name: product.merchantName },
      store: hit.distanceKm === undefined ? storeView(store) : { ...storeView(store), distanceKm: roundKm(hit.distanceKm) },
      availability: 'in_stock',
      imageUrl: product.imageUrl,
      url: ctx.productUrl(product.id, product.slug),
    };
    output.results.push(result);
  }
  if (found.hits.length > end && end < SEARCH_DEPTH) {
    output.nextCursor = makeCursor(catalog.cursorKey, { catalogVersion: catalog.meta.catalogVersion, search, offset: end });
  }

  const corrected = output.filters.corrections.map((c) => `"${c.to}" for "${c.from}"`);
  const droppedTerms = output.filters.droppedTerms;
  const priceWords = asked.price && [
    ...(asked.price.min === null ? [] : [`from ${reais(asked.price.min)}`]),
    ...(asked.price.max === null ? [] : [`up to ${reais(asked.price.max)}`]),
  ];
  notes.unshift(
    ...(corrected.length > 0 ? [`Showing results for ${corrected.join(', ')} (no product has the word as written).`] : []),
    ...(droppedTerms.length > 0 && output.results.length > 0
      ? [`No product here matches every word: left out ${droppedTerms.map((w) => `"${w}"`).join(', ')}.`]
      : []),
    ...(found.cut
      ? [
          'These words are in very many products: the search stopped at its bound of work, so it shows the best it reached and may have missed others. A more specific word, a category or a district narrows it.',
        ]
      : []),
  );
  notes.push(...place.notes, ...(ignored.length > 0 ? [`Not searched: ${ignored.join(', ')}.`] : []));
  const where = output.location.description;
  const filtersSaid = [
    ...(category ? [`in category ${category.name}`] : []),
    ...(brand ? [`of brand ${brand.name}`] : []),
    ...(priceWords && priceWords.length > 0 ? [`priced ${priceWords.join(' ')}`] : []),
  ].join(', ');
  if (output.results.length === 0 && offset === 0) {
    const elsewhere =
      price !== 'none' && (searchedWords.length > 0 || category || brand)
        ? matchesElsewhere(reader, requestFor(searchedWords, budget, price), place)
        : null;
    const tryInstead =
      place.kind === 'coordinates'
        ? 'Try a larger radiusKm (at most 100), fewer or shorter words, or fewer filters.'
        : 'Try fewer or shorter words, fewer filters (category, brand, price), the whole city instead of a district, another city (catalog_overview lists them), or coordinates with a radius.';
    output.message = [
      `No products found for ${query === null ? 'this place' : quote(query, 200)}${filtersSaid ? ` ${filtersSaid}` : ''} ${place.kind === 'coordinates' ? '' : 'in '}${where}.`,
      ...(elsewhere ? [elsewhere] : []),
      tryInstead,
      ...notes,
    ].join(' ');
  } else {
    const shown = output.results.length;
    const { value, relation } = output.total;
    const of = value > shown || relation === 'gte' ? ` of ${relation === 'gte' ? 'at least ' : ''}${value} matching` : '';
    const page = offset > 0 ? ` (results ${offset + 1} to ${offset + shown})` : '';
    const next = output.nextCursor ? ' More: pass nextCursor as cursor.' : '';
    output.message = [
      `Found ${shown}${of} product${shown === 1 && of === '' ? '' : 's'}${page}${filtersSaid ? ` ${filtersSaid}` : ''}; place: ${where}.${next}`,
      ...notes,
    ].join(' ');
  }
  return { output, isError: false };
}
