import type { CityRow, DistrictRow } from '../../catalog-read/discovery-reader.ts';
import { DEFAULT_CITY } from '../../contract/service-info.ts';
import { foldKey } from '../../lib/text-keys.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import { foldedWords } from '../query/query-words.ts';
import { editDistance, typoBudget } from '../query/typos.ts';

/** The radius around coordinates when none is given, and the largest one, in km. */
export const DEFAULT_RADIUS_KM = 10;
export const MAX_RADIUS_KM = 100;

/** What a search says of its place, as a tool's arguments give it (each optional). */
export type PlaceInput = {
  city?: string | undefined;
  district?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  radiusKm?: number | undefined;
};

/** Where a search looks, resolved from the tool's input. */
export type Place =
  | { kind: 'default' | 'city'; city: CityRow; notes: string[] }
  | { kind: 'district'; city: CityRow; district: DistrictRow; notes: string[] }
  | { kind: 'coordinates'; latitude: number; longitude: number; radiusKm: number; notes: string[] }
  /** Nothing to search: the message says why and what to try. */
  | { kind: 'unresolved'; message: string };

const STATE_SUFFIX = /^(.+?)\s*(?:[,/]|\s-)\s*([A-Za-z]{2})$/;

/** "Campinas, SP", "Campinas - SP" and "Campinas/SP" name a city in a state. */
function splitState(text: string): { name: string; state: string | null } {
  const match = STATE_SUFFIX.exec(text.trim());
  return match ? { name: match[1]!, state: match[2]!.toUpperCase() } : { name: text, state: null };
}

const quote = (text: string) => JSON.stringify(text.slice(0, 80));
const cityLabel = (city: CityRow) => `${city.name} (${city.state})`;

/**
 * The short names Brazilians give their big cities ("Sampa", "BH", "Floripa"), folded, with the
 * city and state they stand for: read as the city when no city has that name.
 */
const CITY_SHORT_NAMES: ReadonlyMap<string, [name: string, state: string]> = new Map([
  ['sampa', ['São Paulo', 'SP']],
  ['sp', ['São Paulo', 'SP']],
  ['rio', ['Rio de Janeiro', 'RJ']],
  ['rj', ['Rio de Janeiro', 'RJ']],
  ['bh', ['Belo Horizonte', 'MG']],
  ['beaga', ['Belo Horizonte', 'MG']],
  ['poa', ['Porto Alegre', 'RS']],
  ['floripa', ['Florianópolis', 'SC']],
  ['bsb', ['Brasília', 'DF']],
  ['cwb', ['Curitiba', 'PR']],
  ['ssa', ['Salvador', 'BA']],
  ['sjc', ['São José dos Campos', 'SP']],
]);

/** The cities a name names: by their own name, else by a short name ("BH"), with a note saying how it was read. */
function citiesNamed(reader: SearchReader, name: string): { found: CityRow[]; notes: string[] } {
  const found = reader.citiesByKey(foldKey(name));
  const short = found.length === 0 ? CITY_SHORT_NAMES.get(foldKey(name)) : undefined;
  if (short === undefined) return { found, notes: [] };
  const city = reader.citiesByKey(foldKey(short[0])).filter((c) => c.state === short[1]);
  return { found: city, notes: city.length > 0 ? [`Read ${quote(name.trim())} as ${short[0]} (${short[1]}).`] : [] };
}

function resolveCity(reader: SearchReader, text: string): { city: CityRow; notes: string[] } | string {
  const { name, state } = splitState(text);
  const named = citiesNamed(reader, name);
  let found = named.found;
  if (state !== null && found.some((c) => c.state === state)) found = found.filter((c) => c.state === state);
  if (found.length === 0) {
    const known = reader.cities.slice(0, 8).map(cityLabel).join(', ');
    return (
      `No city named ${quote(text)} in the catalog. Cities with the most products: ${known}. ` +
      'Check the spelling, pick one of these (catalog_overview lists more), or search by latitude and longitude.'
    );
  }
  const notes =
    found.length > 1
      ? [
          `Several cities are named ${quote(name)}; searched ${cityLabel(found[0]!)}, the one with the most products. Add the state ("${found[1]!.name}, ${found[1]!.state}") for another.`,
        ]
      : [];
  return { city: found[0]!, notes: [...named.notes, ...notes] };
}

/** Districts of a city whose names are close to what was typed: begun by it, containing it as a word, or a typo away. */
function closeDistricts(reader: SearchReader, text: string, cityId: number): string[] {
  const key = foldKey(text);
  const scored: [string, number][] = [];
  for (const district of reader.districtsOfCity(cityId, 2000)) {
    const name = foldKey(district.name);
    const words = foldedWords(name);
    const score = name.startsWith(key)
      ? 0
      : words.includes(key) || words.some((w) => w.length >= 4 && w.startsWith(key))
        ? 1
        : editDistance(key, name, typoBudget(key.length)) <= typoBudget(key.length)
          ? 2
          : -1;
    if (score >= 0) scored.push([district.name, score]);
  }
  return scored
    .sort((a, b) => a[1] - b[1])
    .slice(0, 5)
    .map(([name]) => name);
}

function unknownDistrict(reader: SearchReader, text: string, city: CityRow | null): string {
  const where = city ? ` in ${cityLabel(city)}` : '';
  const lookIn = city ?? reader.citiesByKey(foldKey(DEFAULT_CITY.name)).find((c) => c.state === DEFAULT_CITY.state) ?? null;
  const close = lookIn && text.trim().length >= 3 ? closeDistricts(reader, text, lookIn.id) : [];
  if (close.length > 0) {
    return (
      `No district named ${quote(text)}${where} in the catalog. Did you mean ${close.map(quote).join(', ')} (${lookIn!.name})? ` +
      'Search again with that district, or leave district out for the whole city.'
    );
  }
  const known = city
    ? reader
        .districtsOfCity(city.id, 8)
        .map((d) => d.name)
        .join(', ')
    : '';
  return (
    `No district named ${quote(text)}${where} in the catalog.` +
    (known ? ` Districts of ${city!.name} with the most products: ${known}.` : '') +
    ' Check the spelling, search the whole city (leave district out), or search by latitude and longitude.'
  );
}

/**
 * Resolves the place of a search: coordinates when given (both), else a city and/or district
 * matched accent- and case-insensitively, else the default city. Never another place silently:
 * an unknown place is `unresolved`, with the places that do exist.
 */
export function resolvePlace(reader: SearchReader, input: PlaceInput): Place {
  const hasLat = input.latitude !== undefined;
  const hasLon = input.longitude !== undefined;
  if (hasLat !== hasLon) {
    return {
      kind: 'unresolved',
      message: 'Give latitude and longitude together (decimal degrees, e.g. -23.5614 and -46.6559), or a city instead.',
    };
  }
  if (hasLat && hasLon) {
    const notes: string[] = [];
    if (input.city !== undefined || input.district !== undefined)
      notes.push('City and district were ignored: the coordinates decide the place.');
    return {
      kind: 'coordinates',
      latitude: input.latitude!,
      longitude: input.longitude!,
      radiusKm: input.radiusKm ?? DEFAULT_RADIUS_KM,
      notes,
    };
  }
  const notes = input.radiusKm !== undefined ? ['radiusKm was ignored: it applies to latitude and longitude only.'] : [];
  const cityText = input.city?.trim() ? input.city : undefined;
  const districtText = input.district?.trim() ? input.district : undefined;

  let city: CityRow | null = null;
  if (cityText !== undefined) {
    const resolved = resolveCity(reader, cityText);
    if (typeof resolved === 'string') return { kind: 'unresolved', message: resolved };
    city = resolved.city;
    notes.push(...resolved.notes);
  }
  if (districtText !== undefined) {
    const candidates = reader.districtsByKey(foldKey(districtText)).filter((d) => city === null || d.cityId === city.id);
    if (candidates.length === 0) return { kind: 'unresolved', message: unknownDistrict(reader, districtText, city) };
    // A district named alone: the default city's if it has one, else the one with the most products.
    const district = candidates.find((d) => reader.cities.find((c) => c.id === d.cityId)?.name === DEFAULT_CITY.name) ?? candidates[0]!;
    const districtCity = reader.cities.find((c) => c.id === district.cityId)!;
    if (city === null && candidates.length > 1) {
      notes.push(
        `Several cities have a district named ${quote(districtText)}; searched the one in ${cityLabel(districtCity)}. Give the city for another.`,
      );
    }
    return { kind: 'district', city: districtCity, district, notes };
  }
  if (city !== null) return { kind: 'city', city, notes };

  const defaultCity = reader.citiesByKey(foldKey(DEFAULT_CITY.name)).find((c) => c.state === DEFAULT_CITY.state);
  if (defaultCity === undefined) {
    return {
      kind: 'unresolved',
      message: `The default city, ${DEFAULT_CITY.name}, has no stores in this catalog. Give a city (catalog_overview lists them) or coordinates.`,
    };
  }
  return { kind: 'default', city: defaultCity, notes };
}

/** Whether the input names a place (a city, a district or coordinates). */
export const hasPlace = (input: PlaceInput): boolean =>
  Boolean(input.city?.trim() || input.district?.trim()) || input.latitude !== undefined || input.longitude !== undefined;

/** Words that put a place in a query: "geladeira em curitiba", "tv perto de campinas". */
const BEFORE_PLACE = /(?: (?:em|no|na|de|do|da|para|pra|perto de|proximo a|proximo de|perto|proximo))+$/;

/**
 * A city of the catalog named in the query, as whole words ("geladeira em curitiba", "tv sao
 * paulo"): the longest such name, its "City, ST" form, and the query without it and the words that
 * led to it. Only when the input names no place itself.
 */
export function cityInQuery(reader: SearchReader, query: string): { city: string; rest: string } | null {
  const words = ` ${foldKey(query)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  let best: { city: CityRow; key: string; at: number } | null = null;
  for (const city of reader.cities) {
    const key = foldKey(city.name)
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    const at = words.indexOf(` ${key} `);
    if (at >= 0 && (best === null || key.length > best.key.length)) best = { city, key, at };
  }
  if (best === null) return null;
  const before = words.slice(0, best.at).replace(BEFORE_PLACE, '');
  const rest = `${before} ${words.slice(best.at + best.key.length + 2)}`.trim();
  return { city: `${best.city.name}, ${best.city.state}`, rest };
}
