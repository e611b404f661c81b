import { foldKey } from '../../lib/text-keys.ts';

/**
 * Budgets and order in a shopper's words, as Brazilians type them: "até 3000 reais", "até R$ 3.000",
 * "até 3 mil", "abaixo de 500", "menos de mil reais", "no máximo 150", "acima de 1000", "a partir
 * de R$ 500", "entre 100 e 200 reais", "de 100 a 200 reais", "R$ 1.500,00" (a budget: at most);
 * "barato", "mais barato", "em conta" (cheapest first), "mais caro" (dearest first), "perto de mim"
 * (nearest first); "baixou de preço", "menor preço em 30 dias", "promoção de verdade" (only
 * products whose price really dropped: priceDropped). What is read leaves the words searched. A number followed by a unit ("até 50
 * polegadas", "de 2 a 4 portas") is the product's, not a price; a range ("entre", "de … a") is a
 * price only when it names a currency (R$, reais, mil).
 */

export type SortWords = 'price_asc' | 'price_desc' | 'distance';

export interface BudgetWords {
  /** Reais, inclusive; null when the words set none. */
  minPrice: number | null;
  maxPrice: number | null;
  sort: SortWords | null;
  /** Words asked for real price drops only ("baixou de preço"). */
  priceDropped: boolean;
  /** The words read, as the shopper wrote them ("até 3 mil"), for the answer to say. */
  read: string[];
  /** The query without them. */
  rest: string;
}

/** Words after a number that make it a measure of the product, not a price. */
const UNITS = new Set(
  (
    'polegada polegadas pol litro litros l ml w watts watt gb tb mb kg g cm mm m metro metros porta portas lugar lugares ' +
    'boca bocas pessoa pessoas mah hz v volts volt btu btus ano anos mes meses dia dias hora horas x vezes lumens lm ' +
    'cv hp rpm peca pecas unidade unidades par pares camada camadas velocidade velocidades'
  ).split(' '),
);

/** Phrases before an amount: what they make of it. */
const MAX_BEFORE = [['ate'], ['abaixo', 'de'], ['menos', 'de'], ['no', 'maximo'], ['maximo'], ['por', 'ate'], ['ate', 'no', 'maximo']];
const MIN_BEFORE = [
  ['acima', 'de'],
  ['a', 'partir', 'de'],
  ['partir', 'de'],
  ['apartir', 'de'],
  ['mais', 'de'],
  ['no', 'minimo'],
  ['minimo'],
];

/** Words that ask for real price drops (docs/price-history.md), read before the order words ("menor preço em 30 dias" is not "menor preço"). */
const DROP_PHRASES: string[][] = [
  ['menor', 'preco', 'dos', 'ultimos', '30', 'dias'],
  ['menor', 'preco', 'nos', 'ultimos', '30', 'dias'],
  ['menor', 'preco', 'em', '30', 'dias'],
  ['baixaram', 'de', 'preco'],
  ['baixou', 'de', 'preco'],
  ['baixou', 'o', 'preco'],
  ['promocao', 'de', 'verdade'],
  ['promocoes', 'de', 'verdade'],
  ['desconto', 'de', 'verdade'],
  ['descontos', 'de', 'verdade'],
  ['desconto', 'real'],
  ['preco', 'baixou'],
];

/** Order words, longest first (so "mais barato" is read before "barato"). */
const SORT_PHRASES: [string[], SortWords][] = [
  [['o', 'mais', 'barato'], 'price_asc'],
  [['a', 'mais', 'barata'], 'price_asc'],
  [['mais', 'baratos'], 'price_asc'],
  [['mais', 'baratas'], 'price_asc'],
  [['mais', 'barato'], 'price_asc'],
  [['mais', 'barata'], 'price_asc'],
  [['menor', 'preco'], 'price_asc'],
  [['preco', 'baixo'], 'price_asc'],
  [['em', 'conta'], 'price_asc'],
  [['baratos'], 'price_asc'],
  [['baratas'], 'price_asc'],
  [['barato'], 'price_asc'],
  [['barata'], 'price_asc'],
  [['o', 'mais', 'caro'], 'price_desc'],
  [['a', 'mais', 'cara'], 'price_desc'],
  [['mais', 'caros'], 'price_desc'],
  [['mais', 'caras'], 'price_desc'],
  [['mais', 'caro'], 'price_desc'],
  [['mais', 'cara'], 'price_desc'],
  [['maior', 'preco'], 'price_desc'],
  [['perto', 'de', 'mim'], 'distance'],
  [['perto', 'daqui'], 'distance'],
  [['mais', 'perto'], 'distance'],
  [['mais', 'proximo'], 'distance'],
  [['mais', 'proxima'], 'distance'],
  [['mais', 'proximos'], 'distance'],
  [['mais', 'proximas'], 'distance'],
];

interface Token {
  /** As typed. */
  text: string;
  /** Folded (accents, case). */
  key: string;
}

/** "R$3.000" and "3mil" are two tokens each; commas and dots stay inside numbers. */
function tokens(query: string): Token[] {
  const spaced = query.replace(/(r\$)(?=\d)/gi, '$1 ').replace(/(\d)(mil)\b/gi, '$1 $2');
  return spaced
    .split(/\s+/)
    .filter((t) => t.length > 0)
    .map((text) => ({ text, key: foldKey(text).replace(/[!?;:]+$/, '') }));
}

/** A number as Brazilians write prices: 3000, 3.000, 1.500,00, 99,90, 99.90. */
function numberOf(key: string): number | null {
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(key)) return Number(key.replace(/\./g, '').replace(',', '.'));
  if (/^\d+(,\d{1,2})?$/.test(key)) return Number(key.replace(',', '.'));
  if (/^\d+\.\d{1,2}$/.test(key)) return Number(key);
  return null;
}

interface Amount {
  value: number;
  /** The index after it. */
  end: number;
  /** It named a currency (R$, reais, mil): a price for sure. */
  currency: boolean;
  /** It was a number of thousands ("4 mil"). */
  thousands: boolean;
}

/** The amount at `i`, if there is one: [R$] number [mil] [reais], or "mil" alone ("menos de mil reais"). */
function amountAt(words: Token[], i: number): Amount | null {
  let at = i;
  let currency = false;
  let thousands = false;
  if (words[at]?.key === 'r$') {
    currency = true;
    at++;
  }
  let value: number | null = null;
  const key = words[at]?.key;
  if (key === undefined) return null;
  if (key === 'mil') {
    value = 1000;
    currency = true;
    at++;
  } else {
    value = numberOf(key);
    if (value === null) return null;
    at++;
    if (words[at]?.key === 'mil') {
      value *= 1000;
      currency = true;
      thousands = true;
      at++;
    }
  }
  if (words[at]?.key === 'reais' || words[at]?.key === 'real') {
    currency = true;
    at++;
  }
  // A measure of the product ("50 polegadas", "4 portas") is not a price.
  if (!currency && UNITS.has(words[at]?.key ?? '')) return null;
  return { value: Math.round(value * 100) / 100, end: at, currency, thousands };
}

const startsWith = (words: Token[], i: number, phrase: readonly string[]) => phrase.every((p, k) => words[i + k]?.key === p);

/** Reads budgets and order out of a query; `rest` is what remains to search. */
export function readBudgetWords(query: string): BudgetWords {
  const words = tokens(query);
  const kept: string[] = [];
  const read: string[] = [];
  let minPrice: number | null = null;
  let maxPrice: number | null = null;
  let sort: SortWords | null = null;
  let priceDropped = false;
  const take = (from: number, to: number) =>
    read.push(
      words
        .slice(from, to)
        .map((w) => w.text)
        .join(' '),
    );

  let i = 0;
  while (i < words.length) {
    const drop = DROP_PHRASES.find((phrase) => startsWith(words, i, phrase));
    if (drop) {
      priceDropped = true;
      take(i, i + drop.length);
      i += drop.length;
      continue;
    }
    const order = SORT_PHRASES.find(([phrase]) => startsWith(words, i, phrase));
    if (order) {
      sort ??= order[1];
      take(i, i + order[0].length);
      i += order[0].length;
      continue;
    }
    // A range: "entre A e B", "de A a B" (or "de A até B"), a price only with a currency.
    if (words[i]?.key === 'entre' || words[i]?.key === 'de') {
      const low = amountAt(words, i + 1);
      const joiner = low && words[low.end]?.key;
      const joined = words[i]!.key === 'entre' ? joiner === 'e' : joiner === 'a' || joiner === 'ate';
      const high = low && joined ? amountAt(words, low.end + 1) : null;
      if (low && high && (low.currency || high.currency)) {
        // "entre 3 e 4 mil": the thousands of the second amount are the first's too, when that keeps them in order.
        if (high.thousands && !low.thousands && low.value * 1000 <= high.value) low.value *= 1000;
        minPrice = Math.min(low.value, high.value);
        maxPrice = Math.max(low.value, high.value);
        take(i, high.end);
        i = high.end;
        continue;
      }
    }
    const bound = [...MAX_BEFORE.map((p) => [p, 'max'] as const), ...MIN_BEFORE.map((p) => [p, 'min'] as const)]
      .filter(([phrase]) => startsWith(words, i, phrase))
      .sort((a, b) => b[0].length - a[0].length)[0];
    if (bound) {
      const amount = amountAt(words, i + bound[0].length);
      if (amount) {
        if (bound[1] === 'max') maxPrice = amount.value;
        else minPrice = amount.value;
        take(i, amount.end);
        i = amount.end;
        continue;
      }
    }
    // A price on its own ("R$ 1.500,00", "2 mil reais") is a budget: at most that.
    const bare = amountAt(words, i);
    if (bare?.currency) {
      maxPrice = bare.value;
      take(i, bare.end);
      i = bare.end;
      continue;
    }
    kept.push(words[i]!.text);
    i++;
  }
  return { minPrice, maxPrice, sort, priceDropped, read, rest: kept.join(' ') };
}
