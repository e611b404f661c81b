import type { SearchWord } from './vocabulary.ts';

/*
 * Words that make a title an accessory's ("Capa Anti-Impacto Galaxy A15", "Suporte de TV
 * Articulado", "Película de Vidro iPhone 13"), or a category an accessories' one ("Acessórios
 * para Celular"). The index cuts a title at " para " (search-schema.ts); these are the ones
 * written without it. A search that does not ask for one ranks such titles after the thing
 * itself (words.ts, the exact groups). The index keeps no word positions (detail=column), so a
 * word anywhere in the title counts, not only the first: a "Celular com Capa" kit ranks after
 * the plain phones, still found. Not "filtro": titles of things name it as a part more often
 * ("Aspirador com Filtro HEPA", "Cafeteira com Filtro Permanente") than a filter sold alone.
 */
export const ACCESSORY_WORDS: readonly string[] = [
  'capa',
  'capas',
  'capinha',
  'capinhas',
  'case',
  'pelicula',
  'peliculas',
  'suporte',
  'suportes',
  'carregador',
  'carregadores',
  'cabo',
  'cabos',
  'adaptador',
  'adaptadores',
  'refil',
  'refis',
  'pulseira',
  'pulseiras',
  'acessorio',
  'acessorios',
];

/** The accessory words none of the query's words may stand for: "capa celular" asks for a case, so only the others are ranked after. */
export function accessoriesNotAsked(words: readonly SearchWord[]): string[] {
  const asked = new Set(words.flatMap((w) => w.alternatives.flat()));
  return ACCESSORY_WORDS.filter((a) => !asked.has(a));
}
