import type { CityRow, StoreRow } from '../../catalog-read/discovery-reader.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import type { Circle } from '../planner/circle.ts';
import { searchNearByGroups } from '../planner/circle-plans.ts';
import { distanceKm, roundKm } from '../planner/geo.ts';
import { searchOrdered } from '../planner/ordered-plans.ts';
import { outOfStockInPlace } from '../planner/out-of-stock.ts';
import { MAX_RADIUS_KM, type Place } from '../planner/place.ts';
import { searchPlace } from '../planner/place-plans.ts';
import { type Found, type Hit, type SearchRequest, shownOf, type Total } from '../planner/request.ts';
import type { PlaceScope } from '../planner/tiers.ts';
import { matchesAnywhere } from '../planner/whole-reads.ts';
import { cityToken, districtToken } from '../tokens/facet-tokens.ts';
import type { SearchLocation } from './local-search-schema.ts';
import type { SearchSort } from './search-filters.ts';

/** A place a search can run in. */
export type SearchedPlace = Exclude<Place, { kind: 'unresolved' }>;

export function locationOf(place: Place): SearchLocation {
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
export function storeFor(storesOfMerchant: (merchantId: number) => StoreRow[], hit: Hit, place: Place): StoreRow | undefined {
  const stores = storesOfMerchant(hit.merchantId);
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
export function matchesElsewhere(reader: SearchReader, request: SearchRequest, place: Place): string | null {
  const read = matchesAnywhere(reader, request, ELSEWHERE_MATCHES);
  const matches = read && shownOf(request, read);
  if (matches === null || matches.length === 0) return null;
  const cities = new Map<string, number>();
  let nearest: { km: number; where: string } | null = null;
  for (const merchantId of new Set(matches.map((m) => m.merchantId))) {
    const seen = new Set<string>();
    for (const store of reader.storesOfMerchant(merchantId)) {
      const city = `${store.city} (${store.state})`;
      if (!seen.has(city)) cities.set(city, (cities.get(city) ?? 0) + matches.filter((m) => m.merchantId === merchantId).length);
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

/** A city's or district's place token and product count. */
function scopeOf(place: Exclude<SearchedPlace, { kind: 'coordinates' }>): PlaceScope {
  return place.kind === 'district'
    ? { token: districtToken(place.district.id), products: place.district.productsCount }
    : { token: cityToken(place.city.id), products: place.city.productsCount };
}

/** A named place's centre and radius, its own stores only: what "nearest first" there measures from. */
function centreOf(place: Exclude<SearchedPlace, { kind: 'coordinates' }>): Circle {
  // A hair more than the farthest store, which rounding could otherwise leave out.
  if (place.kind === 'district') {
    const { latitude, longitude, radiusKm } = place.district;
    return { latitude, longitude, radiusKm: radiusKm + 0.01, storesIn: { districtId: place.district.id } };
  }
  const { latitude, longitude, radiusKm } = place.city;
  return { latitude, longitude, radiusKm: radiusKm + 0.01, storesIn: { cityId: place.city.id } };
}

/**
 * The out-of-stock matches a search left out in the place searched: in a named place, when the
 * in-stock matches end within the `shown`, those its plan read when it read every match, else
 * counted in their tier (out-of-stock.ts); in a circle, those its plan read (a count of its own
 * would read the whole circle). Null when the search
 * included them, did not count them (more in-stock matches follow) or could not.
 */
export function outOfStockLeftOut(
  reader: SearchReader,
  request: SearchRequest,
  place: SearchedPlace,
  found: Found,
  shown: number,
): Total | null {
  if (request.includeOutOfStock) return null;
  if (place.kind === 'coordinates') return found.leftOut ?? null;
  if (found.hits.length > shown) return null;
  return found.leftOut ?? outOfStockInPlace(reader, request, scopeOf(place));
}

/** Runs the plan for the place and the order (src/search/planner/). */
export function runPlan(reader: SearchReader, request: SearchRequest, place: SearchedPlace, sort: SearchSort): Found {
  if (place.kind === 'coordinates') {
    const circle = { latitude: place.latitude, longitude: place.longitude, radiusKm: place.radiusKm };
    if (sort === 'relevance') return searchNearByGroups(reader, request, circle);
    return searchOrdered(reader, request, { kind: 'circle', circle }, sort);
  }
  const scope = scopeOf(place);
  if (sort === 'relevance') return searchPlace(reader, request, scope);
  return searchOrdered(reader, request, { kind: 'place', place: scope, circle: centreOf(place) }, sort);
}

/**
 * Wider places to try, in turn, when nothing in the place matches every word, before a word is
 * left out: a district's city, then the stores within the largest radius of a city's centre (the
 * nearest cities' too); around coordinates, the largest radius.
 */
export function widerPlaces(place: SearchedPlace): SearchedPlace[] {
  const aroundCity = (city: CityRow): SearchedPlace => ({
    kind: 'coordinates',
    latitude: city.latitude,
    longitude: city.longitude,
    radiusKm: MAX_RADIUS_KM,
    notes: [],
  });
  if (place.kind === 'district') return [{ kind: 'city', city: place.city, notes: [] }, aroundCity(place.city)];
  if (place.kind === 'coordinates') return place.radiusKm < MAX_RADIUS_KM ? [{ ...place, radiusKm: MAX_RADIUS_KM, notes: [] }] : [];
  return [aroundCity(place.city)];
}

/** How the results are ordered, in words. */
export function orderingOf(sort: SearchSort, place: SearchedPlace, similar = false): string {
  if (similar && sort === 'relevance') {
    return 'Most like the product first: the same kind (its title names it the same way) first, then more title words and the brand in common, then the nearest price.';
  }
  const best = similar
    ? 'among the products most like the product (similarTo)'
    : 'among the products that best match the words (every word in the title, if any here has them; else in title, category or brand; else anywhere)';
  const from =
    place.kind === 'coordinates'
      ? 'the given coordinates'
      : place.kind === 'district'
        ? `the centre of ${place.district.name}`
        : `the centre of ${place.city.name}`;
  switch (sort) {
    case 'price_asc':
      return `Cheapest first, ${best}; equal prices most viewed first.`;
    case 'price_desc':
      return `Dearest first, ${best}; equal prices most viewed first.`;
    case 'popularity':
      return `Most viewed first, ${best}.`;
    case 'distance':
      return `Nearest store first (distanceKm, from ${from}), ${best}.`;
    case 'price_drop':
      return `Largest real price drop first (against the lowest price of the 30 days before the current one began), ${best}; equal drops most viewed first.`;
    default:
      return place.kind === 'coordinates'
        ? 'Products with every word in the title first, then in title, category or brand, then in the description too; each group nearest store first (distanceKm).'
        : 'Products with every word in the title first, then in title, category or brand, then in the description too; each group most viewed first.';
  }
}
