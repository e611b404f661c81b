import { foldKey } from '../../lib/text-keys.ts';

/**
 * Text as the index's tokenizer reads it: folded (compatibility forms, accents, case), then split
 * on anything but letters and digits. Quotes, FTS5 operators, NUL and the like are separators.
 * Format characters (Unicode category Cf: soft hyphen, zero-width space and joiners, BOM) are
 * invisible, so removed first: "fo\u00adne" is the word "fone" its reader sees, not "fo" and "ne".
 */
export function foldedWords(text: string): string[] {
  return foldKey(text.replace(/\p{Cf}/gu, ''))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Portuguese words that carry no meaning for a product search ("geladeira de duas portas"). */
export const STOPWORDS = new Set([
  'a',
  'ao',
  'as',
  'com',
  'da',
  'das',
  'de',
  'do',
  'dos',
  'e',
  'em',
  'na',
  'nas',
  'no',
  'nos',
  'o',
  'os',
  'ou',
  'para',
  'pra',
  'por',
  'um',
  'uma',
  // What a shopper says around the thing sought ("quero uma geladeira", "procuro um bom fone"):
  // searched, they would find nothing, or a description that happens to say them.
  'quero',
  'queria',
  'gostaria',
  'preciso',
  'precisando',
  'procuro',
  'procurando',
  'busco',
  'buscando',
  'comprar',
  'bom',
  'boa',
  'bons',
  'boas',
  'algum',
  'alguma',
  'uns',
  'umas',
  'eu',
  'me',
  'voce',
  'vc',
  'voces',
  'vcs',
  'oi',
  'ola',
  // Asking whether a shop has it, and where ("tem bicicleta?", "onde encontro cafeteira"): as the
  // query's first word, "tem" would be the thing sought, found only in descriptions.
  'tem',
  'tens',
  'vende',
  'vendem',
  'estou',
  'to',
  'onde',
  'encontro',
  'encontrar',
  'acho',
  'achar',
  'ver',
  'indica',
  'indique',
  'recomenda',
  'recomende',
  'poderia',
  'favor',
  'qual',
  'quanto',
  'custa',
  'melhor',
  'melhores',
  // More of the same, as typed to a shop's chat ("quanto tá a air fryer", "alguém tem chapinha?",
  // "me mostra os celulares samsung").
  'ta',
  'alguem',
  'sabe',
  'mostra',
  'mostre',
  'mostrar',
]);

/**
 * Generic words a shopper puts in front of the kind ("aparelho celular", "produto de limpeza",
 * "item de decoração"): with another word, left out as stopwords are. Searched, they were the
 * query's first word, the one a search never leaves out, and matched the descriptions that say
 * them (a TV rack's "aparelho") instead of the kind. Alone, they are searched.
 */
export const GENERIC_WORDS = new Set([
  'aparelho',
  'aparelhos',
  'produto',
  'produtos',
  'item',
  'itens',
  'artigo',
  'artigos',
  'equipamento',
  'equipamentos',
  'dispositivo',
  'dispositivos',
  'objeto',
  'objetos',
  'coisa',
  'coisas',
]);
