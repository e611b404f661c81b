import type { CatalogReader } from '../catalog/catalog-reader.ts';
import { type DiscoveryReader, SearchExpressionError, type StoreRow } from '../catalog/discovery-reader.ts';
import { priceOf } from '../catalog/price.ts';
import { storeView } from '../catalog/store.ts';
import { slugify } from '../lib/text-keys.ts';
import { distanceKm, roundKm } from '../search/planner/geo.ts';
import { cityInQuery, hasPlace, type Place, resolvePlace } from '../search/planner/place.ts';
import { type Found, type Hit, matchesAnywhere, type SearchRequest, searchNear, searchPlace, WalkBudget } from '../search/planner/plans.ts';
import { expandWords, type SearchWord, searchTerms } from '../search/query/words.ts';
import { categoryToken, cityToken, districtToken } from '../search/tokens/facet-tokens.ts';
import type { AnswerContext, Outcome } from './context.ts';
import { SEARCH_MAX_LIMIT, type SearchInput, type SearchLocation, type SearchOutput, type SearchResult } from './local-search-schema.ts';

function locationOf(place: Place): SearchLocation {
  switch (place.kind) {
    case 'unresolved':
      return { resolvedBy: 'unresolved', description: 'No place could be resolved from the input.' };
    case 'coordinates':
      return {
        resolvedBy: 'coordinates',
        description: `within ${place.radiusKm} km of ${place.latitude}, ${place.longitude}`,
        latitude: place.latitude,
        longitude: place.longitude,
        radiusKm: place.radiusKm,
      };
    case 'district':
      return {
        resolvedBy: 'district',
        description: `${place.district.name}, ${place.city.name} (${place.city.state})`,
        city: { name: place.city.name, state: place.city.state },
        district: place.district.name,
      };
    default:
      return {
        resolvedBy: place.kind,
        description: `${place.city.name} (${place.city.state})${place.kind === 'default' ? ', the default city (no place was given)' : ''}`,
        city: { name: place.city.name, state: place.city.state },
      };
  }
}

/** The merchant's store that puts the product in the place searched. */
function storeFor(ctx: CatalogReader, hit: Hit, place: Place): StoreRow | undefined {
  const stores = ctx.discovery.storesOfMerchant(hit.merchantId);
  if (hit.storeId !== undefined) return stores.find((s) => s.id === hit.storeId);
  if (place.kind === 'district') return stores.find((s) => s.districtId === place.district.id);
  if (place.kind === 'city' || place.kind === 'default') return stores.find((s) => s.cityId === place.city.id);
  return undefined;
}

/** How many matches of the whole catalog are read to tell where else the words are found. */
const ELSEWHERE_MATCHES = 200;

/**
 * When the place has no match: where the same words (and category) do have some, from the
 * catalog's matches and their merchants' stores: the cities with most of them, or with
 * coordinates the nearest store. Null when nothing anywhere matches.
 */
function matchesElsewhere(reader: DiscoveryReader, request: SearchRequest, place: Place): string | null {
  const matches = matchesAnywhere(reader, request, ELSEWHERE_MATCHES);
  if (matches === null || matches.length === 0) return null;
  const cities = new Map<string, number>();
  let nearest: { km: number; where: string } | null = null;
  for (const merchantId of new Set(matches.map((m) => m[1]))) {
    const seen = new Set<string>();
    for (const store of reader.storesOfMerchant(merchantId)) {
      const city = `${store.city} (${store.state})`;
      if (!seen.has(city)) cities.set(city, (cities.get(city) ?? 0) + matches.filter((m) => m[1] === merchantId).length);
      seen.add(city);
      if (place.kind === 'coordinates') {
        const km = distanceKm(place.latitude, place.longitude, store.latitude, store.longitude);
        if (nearest === null || km < nearest.km) nearest = { km, where: `${store.district}, ${city}` };
      }
    }
  }
  if (nearest !== null) return `The nearest store with a match is ${roundKm(nearest.km)} km away, in ${nearest.where}.`;
  const top = [...cities].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 5);
  return `Matches exist in ${top.map(([city]) => city).join(', ')}: search there (city) instead.`;
}

/**
 * search_local_products: resolves the place and the category, runs the search plan that fits,
 * and says in words what was searched and, when nothing was found, what to try instead.
 */
export function searchLocalProducts(ctx: AnswerContext, input: SearchInput): Outcome<SearchOutput> {
  const catalog = ctx.catalog();
  const reader = catalog.discovery;
  const limit = input.limit ?? SEARCH_MAX_LIMIT;
  const query = input.query?.trim() ? input.query : null;
  // No place given, but one named in the query ("geladeira em curitiba"): that city, and the rest as words.
  const named = query !== null && !hasPlace(input) ? cityInQuery(reader, query) : null;
  const { terms, ignored, onlyStopwords, noWords } =
    query === null ? { terms: [], ignored: [], onlyStopwords: false, noWords: false } : searchTerms(named?.rest ?? query);
  const place = resolvePlace(reader, named ? { ...input, city: named.city } : input);
  if (named && place.kind === 'city') place.notes.push('The place was read from the query.');

  const categoryText = input.category?.trim() ? input.category : null;
  const category = categoryText === null ? undefined : reader.categoryBySlug(slugify(categoryText));
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
      limit,
    },
    ordering:
      place.kind === 'coordinates'
        ? 'Nearest store first (distanceKm), then most viewed.'
        : 'Products with every word in the title first, then in title, category or brand, then in the description too; each group most viewed first.',
    total: { value: 0, relation: 'eq' },
    results: [],
    message: '',
  };
  if (place.kind === 'unresolved') return { output: { ...output, message: place.message }, isError: true };
  if (noWords && !named) {
    // Not a listing of the place: the shopper asked for something, which no word here names.
    const message = `No words to search for in ${JSON.stringify(query!.slice(0, 40))} (letters or digits). Name the product (geladeira, fone bluetooth), a brand or a category; leave query out to list the place's products.`;
    return { output: { ...output, message }, isError: true };
  }
  if (onlyStopwords && !named) {
    const message = `Only common words (${ignored.join(', ')}): nothing to search for. Name the product (geladeira, fone bluetooth), a brand or a category.`;
    return { output: { ...output, message }, isError: true };
  }
  if (categoryText !== null && category === undefined) {
    const known = reader.categories
      .slice(0, 12)
      .map((c) => `${c.name} (${c.slug})`)
      .join(', ');
    return {
      output: {
        ...output,
        message: `No category named ${JSON.stringify(categoryText.slice(0, 80))}. Categories: ${known}. catalog_overview lists them all; or leave category out and put the word in query.`,
      },
      isError: true,
    };
  }

  let found: Found;
  // The call's index work (plans.ts, WALK_BUDGET): the search with every word may take most of
  // it; each relaxation, half of what is left; the elsewhere hint, the rest.
  const budget = new WalkBudget(ctx.searchWorkBudget);
  const requestFor = (words: SearchWord[], share: WalkBudget): SearchRequest => ({
    words,
    category: category ? { token: categoryToken(category.id), products: category.productsCount } : null,
    limit,
    budget: share,
  });
  let searchedWords: SearchWord[] = [];
  try {
    const words = expandWords(reader, terms);
    output.filters.corrections = words.flatMap((w) => (w.correctedTo === undefined ? [] : [{ from: w.word, to: w.correctedTo }]));
    const run = (searched: SearchWord[], share: WalkBudget): Found => {
      const request = requestFor(searched, share);
      return place.kind === 'coordinates'
        ? searchNear(reader, request, place)
        : searchPlace(
            reader,
            request,
            place.kind === 'district'
              ? { token: districtToken(place.district.id), products: place.district.productsCount }
              : { token: cityToken(place.city.id), products: place.city.productsCount },
          );
    };
    // Relaxation: shoppers name the thing, then what it should be ("tv barata", "bicicleta azul").
    // The first word names the thing and is never left out: without it, "aspirador de po" would
    // be a search for "po". A later word no product has is left out; then, when no product here
    // has all the words, one more, the last first.
    const [head, ...rest] = words;
    let searched = head === undefined || head.docs === 0 ? words : [head, ...rest.filter((w) => w.docs > 0)];
    const dropped = words.filter((w) => !searched.includes(w));
    found = run(searched, budget.part(0.6));
    for (const word of searched.length > 1 && found.hits.length === 0 ? searched.slice(1).reverse() : []) {
      const rest = searched.filter((w) => w !== word);
      const relaxed = run(rest, budget.part(0.5));
      if (relaxed.hits.length > 0) {
        found = relaxed;
        searched = rest;
        dropped.push(word);
        break;
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
    return { output: { ...output, message: 'These words could not be searched. Try plain words (letters and digits).' }, isError: true };
  }

  for (const hit of found.hits) {
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

  const corrected = output.filters.corrections.map((c) => `"${c.to}" for "${c.from}"`);
  const droppedTerms = output.filters.droppedTerms;
  const notes = [
    ...(corrected.length > 0 ? [`Showing results for ${corrected.join(', ')} (no product has the word as written).`] : []),
    ...(droppedTerms.length > 0 && output.results.length > 0
      ? [`No product here matches every word: left out ${droppedTerms.map((w) => `"${w}"`).join(', ')}.`]
      : []),
    ...(found.cut
      ? [
          'These words are in very many products: the search stopped at its bound of work, so it shows the most viewed it reached and may have missed others. A more specific word, a category or a district narrows it.',
        ]
      : []),
    ...place.notes,
    ...(ignored.length > 0 ? [`Not searched: ${ignored.join(', ')}.`] : []),
  ];
  const where = output.location.description;
  if (output.results.length === 0) {
    const elsewhere = searchedWords.length > 0 || category ? matchesElsewhere(reader, requestFor(searchedWords, budget), place) : null;
    const tryInstead =
      place.kind === 'coordinates'
        ? 'Try a larger radiusKm (at most 100), fewer or shorter words, or no category.'
        : 'Try fewer or shorter words, no category, the whole city instead of a district, another city (catalog_overview lists them), or coordinates with a radius.';
    output.message = [
      `No products found for ${query === null ? 'this place' : JSON.stringify(query.slice(0, 200))}${category ? ` in category ${category.name}` : ''} ${place.kind === 'coordinates' ? '' : 'in '}${where}.`,
      ...(elsewhere ? [elsewhere] : []),
      tryInstead,
      ...notes,
    ].join(' ');
  } else {
    const shown = output.results.length;
    const { value, relation } = output.total;
    const of = value > shown || relation === 'gte' ? ` of ${relation === 'gte' ? 'at least ' : ''}${value} matching` : '';
    output.message = [`Found ${shown}${of} product${shown === 1 && of === '' ? '' : 's'}; place: ${where}.`, ...notes].join(' ');
  }
  return { output, isError: false };
}
