import { describe, expect, it } from 'vitest';
import type { CityRow, DistrictRow } from '../../catalog-read/discovery-reader.ts';
import { MAX_RADIUS_KM } from '../planner/place.ts';
import { widerPlaces } from './local-search-place.ts';

const city: CityRow = {
  id: 1,
  name: 'São Paulo',
  state: 'SP',
  productsCount: 10,
  storesCount: 2,
  latitude: -23.55,
  longitude: -46.63,
  radiusKm: 20,
};
const district: DistrictRow = { id: 7, cityId: 1, name: 'Pinheiros', productsCount: 3, latitude: -23.56, longitude: -46.69, radiusKm: 1 };
const aroundCity = { kind: 'coordinates', latitude: -23.55, longitude: -46.63, radiusKm: MAX_RADIUS_KM, notes: [] };

describe('wider places, tried in turn before a word is left out', () => {
  it('widens a district to its city, then to the stores within the largest radius of its centre', () => {
    expect(widerPlaces({ kind: 'district', city, district, notes: [] })).toEqual([{ kind: 'city', city, notes: [] }, aroundCity]);
    expect(widerPlaces({ kind: 'city', city, notes: [] })).toEqual([aroundCity]);
    expect(widerPlaces({ kind: 'default', city, notes: [] })).toEqual([aroundCity]);
  });

  it('widens coordinates to the largest radius, and no further', () => {
    const near = { kind: 'coordinates' as const, latitude: 1, longitude: 2, radiusKm: 5, notes: ['x'] };
    expect(widerPlaces(near)).toEqual([{ ...near, radiusKm: MAX_RADIUS_KM, notes: [] }]);
    expect(widerPlaces({ ...near, radiusKm: MAX_RADIUS_KM })).toEqual([]);
  });
});
