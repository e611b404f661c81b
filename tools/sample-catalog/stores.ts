import type { StoreRecord } from '../../src/catalog-build/export-records.ts';
import { type City, DISTRICT_WEIGHTS, type District, OTHER_CITIES, OTHER_CITY_WEIGHTS, SAO_PAULO, SAO_PAULO_SHARE } from './places.ts';
import { type Rng, Stream, seedFraction } from './rng.ts';
import { pad } from './text.ts';

/** Jitter around the district centre: well inside the district, under the 800 m the brief allows. */
const MAX_JITTER_METRES = 700;
const METRES_PER_DEGREE_LATITUDE = 111_320;
const GOLDEN_RATIO_FRACTION = 0.6180339887498949;

export interface StoreLocation {
  city: City;
  district: District;
}

/**
 * Where store `storeId` is. The São Paulo / elsewhere split uses a golden-ratio (Weyl) sequence
 * instead of a coin flip, so the São Paulo share is within a store or two of 70% at any size,
 * including the 30-store committed sample, and tests can assert it tightly. The offset comes from
 * the seed so different seeds still place different stores in São Paulo.
 */
export function storeLocation(rng: Rng, seed: number, storeId: number): StoreLocation {
  rng.reseed(seed, Stream.store, storeId);
  const phase = (storeId * GOLDEN_RATIO_FRACTION + seedFraction(seed, Stream.store)) % 1;
  const city = phase < SAO_PAULO_SHARE ? SAO_PAULO : OTHER_CITIES[rng.weighted(OTHER_CITY_WEIGHTS)]!;
  const district = city.districts[rng.weighted(DISTRICT_WEIGHTS.get(city)!)]!;
  return { city, district };
}

/** Coordinates rounded to 6 decimals (about 10 cm): short lines, still exact enough. */
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export function buildStore(rng: Rng, seed: number, storeId: number, merchantId: number, merchantShortName: string): StoreRecord {
  const { city, district } = storeLocation(rng, seed, storeId);

  let address = `${rng.pick(district.streets)}, ${rng.int(10, 2999)}`;
  if (rng.chance(0.2)) address += `, Loja ${rng.int(1, 40)}`;

  // Real CEPs of a street mostly end in a multiple of 10 (e.g. 05422-010); 900+ are special uses.
  const postalCode = `${pad(rng.int(district.cep[0], district.cep[1]), 5)}-${pad(rng.int(0, 89) * 10, 3)}`;

  // Uniform over a disc: the square root keeps points from bunching at the centre.
  const r = MAX_JITTER_METRES * Math.sqrt(rng.next());
  const angle = 2 * Math.PI * rng.next();
  const latitude = district.latitude + (r * Math.cos(angle)) / METRES_PER_DEGREE_LATITUDE;
  const longitude =
    district.longitude + (r * Math.sin(angle)) / (METRES_PER_DEGREE_LATITUDE * Math.cos((district.latitude * Math.PI) / 180));

  return {
    id: storeId,
    merchantId,
    name: `${merchantShortName} - ${district.name}`,
    address,
    district: district.name,
    city: city.name,
    state: city.state,
    postalCode,
    latitude: round6(latitude),
    longitude: round6(longitude),
  };
}
