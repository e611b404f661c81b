/** A district of a city, where generated stores are placed. */
export interface District {
  name: string;
  latitude: number;
  longitude: number;
  /** Relative number of shops in the district (within its city). */
  weight: number;
  /** First five CEP digits used in the district, inclusive range (e.g. [5401, 5428] = 05401..05428). */
  cep: readonly [number, number];
  streets: readonly string[];
}

/** Compact constructor for the district tables: streets come as one '; '-separated string. */
export const district = (
  name: string,
  latitude: number,
  longitude: number,
  weight: number,
  cep: readonly [number, number],
  streets: string,
): District => ({ name, latitude, longitude, weight, cep, streets: streets.split('; ') });
