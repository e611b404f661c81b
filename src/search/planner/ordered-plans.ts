import type { SearchReader } from '../index-read/search-reader.ts';
import { DROP_BANDS, dropBandToken, tierToken, WHOLE_CATALOG_PLACE } from '../tokens/facet-tokens.ts';
import { type Circle, merchantsInCircle, type NearestStores } from './circle.ts';
import { searchNear } from './circle-plans.ts';
import { searchPlace } from './place-plans.ts';
import { byPrice } from './price-order.ts';
import * as plan from './request.ts';
import { lastTier, type PlaceScope, tierShare } from './tiers.ts';
import { DIRECT_MATCHES, MAX_MATCHES } from './whole-reads.ts';

/** The orders other than relevance. */
export type Order = 'price_asc' | 'price_desc' | 'popularity' | 'distance' | 'price_drop';

/** Where an ordered search looks: a city or district, or a circle (the shopper's, or a place's centre for distance). */
export type Scope = { kind: 'place'; place: PlaceScope; circle?: Circle } | { kind: 'circle'; circle: Circle };

/**
 * Results in the order asked for, among the products that best match the words: the first ranking
 * group (request.ts, RANKING_GROUPS) with a match in the place: every word in the title as asked and
 * no accessory not asked for, then in the title, then the same in what names the product, then
 * anywhere. So "geladeira" by price lists refrigerators from the cheapest, not a refrigerator's
 * water filter that mentions the word.
 */
export function searchOrdered(reader: SearchReader, request: plan.SearchRequest, scope: Scope, order: Order): plan.Found {
  let inCircle: NearestStores | null = null;
  for (const columns of plan.groupsOf(request)) {
    if (plan.matchBound(request, columns) === 0) continue;
    // An exact group cut short (its share of the budget spent) is not known to be in order
    // whole: the next group holds the same matches.
    const { group, exact } = plan.groupRequest(request, columns);
    let found: plan.Found;
    if (order === 'distance') {
      // A named place measures from its centre (runPlan gives its circle).
      found = searchNear(reader, group, scope.circle!);
    } else if (order === 'popularity' && scope.kind === 'place') {
      found = searchPlace(reader, group, scope.place, [columns]);
    } else {
      if (scope.kind === 'circle') inCircle ??= merchantsInCircle(reader, scope.circle);
      const where = scope.kind === 'place' ? { place: scope.place } : { merchants: inCircle! };
      found =
        order === 'popularity'
          ? byTiers(reader, group, inCircle!)
          : order === 'price_drop'
            ? byDrop(reader, group, where)
            : byPrice(reader, group, where, order);
    }
    if (exact && found.cut) continue;
    for (const hit of found.hits) hit.group = columns;
    if (found.hits.length > 0 || found.cut) return found;
  }
  return plan.nothingFound();
}

/** A popularity tier: its token and about how many products it has. */
interface Tier {
  token: string;
  products: number;
}

/**
 * Popularity order in a circle: few matches are read at once and sorted; more are read a tier at
 * a time from the top, until a tier completes the page: every product in a later tier has fewer
 * views than every one before it. Inside the tiers read, views (then likes) sort.
 */
function byTiers(reader: SearchReader, request: plan.SearchRequest, merchants: NearestStores): plan.Found {
  const read = (expression: string, cap: number): plan.Hit[] => {
    const hits: plan.Hit[] = [];
    for (const hit of plan.readMatches(reader, request, expression, cap)) {
      const store = merchants.get(hit.merchantId);
      if (store) hits.push({ ...hit, distanceKm: store.distanceKm, storeId: store.storeId });
    }
    return hits;
  };
  if (plan.matchBound(request) <= DIRECT_MATCHES && request.budget.take(plan.readCost(request, 0), true)) {
    const placed = read(plan.expressionOf(request), DIRECT_MATCHES + 1);
    if (placed.length <= DIRECT_MATCHES) {
      const hits = plan.shownOf(request, placed);
      const total = plan.exactly(hits.length);
      const leftOut = request.includeOutOfStock ? undefined : plan.exactly(placed.length - hits.length);
      return { hits: hits.sort(plan.byPopularity).slice(0, request.limit), total: () => total, cut: false, ...(leftOut && { leftOut }) };
    }
  }
  const tiers = wholeCatalogTiers(reader, request.includeOutOfStock);
  const collected: plan.Hit[] = [];
  let readAll = true;
  for (const tier of tiers) {
    if (!request.budget.take(plan.sliceCost(request, tier.products))) {
      readAll = false;
      break;
    }
    collected.push(...read(plan.expressionOf(request, { facets: [tier.token] }), MAX_MATCHES));
    if (collected.length >= request.limit && tier !== tiers.at(-1)) {
      readAll = false;
      break;
    }
  }
  const hits = collected.sort(plan.byPopularity).slice(0, request.limit);
  const found = collected.length;
  const total = readAll ? plan.exactly(found) : plan.atLeast(found);
  return { hits, total: () => total, cut: request.budget.cut };
}

/** The whole catalog's tiers read (c0t1…): a circle's products are kept by their merchants. */
function wholeCatalogTiers(reader: SearchReader, includeOutOfStock: boolean | undefined): Tier[] {
  return Array.from({ length: lastTier(includeOutOfStock) }, (_, i) => ({
    token: tierToken(WHOLE_CATALOG_PLACE, i + 1),
    products: Math.ceil(tierShare(reader, i + 1) * reader.counts.products),
  }));
}

/**
 * The largest real price drop first. The request carries the price drop mark (search_local_products
 * adds it with this order); the index has each drop's band (DROP_BANDS), read from the largest:
 * the band that completes the page ends the read, as a popularity tier does. Within the bands
 * read, the drops are ranked by their percent (up to DIRECT_MATCHES a band; past that, `cut`).
 */
function byDrop(
  reader: SearchReader,
  request: plan.SearchRequest,
  where: { place: PlaceScope } | { merchants: NearestStores },
): plan.Found {
  const collected: plan.Hit[] = [];
  let cut = false;
  for (let band = 1; band <= DROP_BANDS.length && collected.length < request.limit; band++) {
    if (!request.budget.take(plan.readCost(request, 0), true)) {
      cut = true;
      break;
    }
    const expression = plan.expressionOf(request, { facets: [dropBandToken(band)] });
    const read =
      'place' in where
        ? plan.readInPlace(reader, request, expression, where.place.token, DIRECT_MATCHES + 1)
        : plan.readMatches(reader, request, expression, DIRECT_MATCHES + 1).flatMap((hit) => {
            const store = where.merchants.get(hit.merchantId);
            return store ? [{ ...hit, distanceKm: store.distanceKm, storeId: store.storeId }] : [];
          });
    if (read.length > DIRECT_MATCHES) cut = true;
    const hits = plan.shownOf(request, read.slice(0, DIRECT_MATCHES));
    for (const hit of hits) hit.dropPercent = reader.dropPercent(hit.productId) ?? 0;
    collected.push(...hits);
  }
  const complete = !cut && collected.length < request.limit;
  const total = complete ? plan.exactly(collected.length) : plan.atLeast(collected.length);
  return { hits: collected.sort(plan.byDropPercent).slice(0, request.limit), total: () => total, cut };
}
