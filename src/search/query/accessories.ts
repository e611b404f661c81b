import type { SearchWord } from './vocabulary.ts';

/*
 * Words that make a title an accessory's ("Capa Anti-Impacto Galaxy A15", "Suporte de TV
 * Articulado", "Película de Vidro iPhone 13"), or a category an accessories' one ("Acessórios
 * para Celular"), as their first word. The index cuts a title at " para " (search-schema.ts);
 * these are the ones written without it. The build marks such a product with one facet token
 * (ACCESSORY_MARK, search-schema.ts), and a search that asks for no accessory ranks the marked
 * after the thing itself (words.ts, the exact groups): one short list to leave out, where the
 * words themselves were 21 lists walked on every read (a price range at a million products went
 * from 11 to 35 ms). The first word only: "Celular com Capa" is a phone. Not "filtro": titles of
 * things name it as a part ("Filtro de Barro" aside) more often than a filter sold alone.
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

const ACCESSORIES = new Set(ACCESSORY_WORDS);

/** Whether one of the query's words stands for an accessory ("capa celular" asks for a case): then accessories are not ranked after. */
export function asksForAccessory(words: readonly SearchWord[]): boolean {
  return words.some((w) => w.alternatives.some((group) => group.some((alternative) => ACCESSORIES.has(alternative))));
}

/**
 * The first words SQLite's lower() leaves of an accessory's title or category (ASCII letters
 * lowered, accented ones kept): each folded word, and its accented spelling.
 */
export const ACCESSORY_FIRST_WORDS_SQL: readonly string[] = [
  ...ACCESSORY_WORDS,
  ...ACCESSORY_WORDS.flatMap((w) =>
    w.startsWith('pelicula') ? [w.replace('pelicula', 'película')] : w.startsWith('acessorio') ? [w.replace('acessorio', 'acessório')] : [],
  ),
];
