/*
 * Vocabulary types for the generated products, plus a compact notation for writing them down.
 * The category data files (catalog-*.ts) use `kind(...)` with '|' / ';' separated strings so that
 * nineteen categories of real brands and models fit in a few readable lines each:
 *   'Brand: Model @priceCents; Model | Brand minCents-maxCents: Model; Model'
 * A model's '@price' is its typical shelf price (products vary around it); without one the price
 * comes from the brand's range, or else the kind's, by the model's position in the list.
 */

export interface Brand {
  name: string;
  /** Listed from cheapest to most expensive: without an anchor the price grows with the position. */
  models: readonly string[];
  /** Typical price in centavos of each model (same index as `models`), when known. */
  anchors: readonly (number | null)[];
  /** Price range in centavos overriding the kind's (e.g. Apple phones vs. entry-level ones). */
  price: readonly [number, number] | null;
}

export interface ProductKind {
  /** Definite article for the noun, used in descriptions ("o Fone...", "a Smart TV..."). */
  article: 'o' | 'a';
  noun: string;
  /** Price range in centavos, inclusive. */
  price: readonly [number, number];
  brands: readonly Brand[];
  /** Colour, size, voltage... appended to the title; empty when the kind has none. */
  variants: readonly string[];
  /** Lower-case selling points; descriptions use three distinct ones. */
  features: readonly string[];
  /**
   * 'brand': "Noun Brand Model Variant" (most products).
   * 'work': "Noun Model (Variant)" for books and games, whose model is the work's title and whose
   * brand (publisher) does not belong in the title.
   */
  titleStyle: 'brand' | 'work';
}

export interface CategoryDef {
  name: string;
  /** Relative share of the catalog's products. */
  weight: number;
  /** Words a shop in this line of business puts in its name ("Casa Moema Utilidades"). */
  shopWords: readonly string[];
  /** "Ideal para ..." completions. */
  uses: readonly string[];
  kinds: readonly ProductKind[];
}

const list = (text: string): string[] => (text === '' ? [] : text.split('; '));

/** 'JBL: Tune 520BT; Live 660NC | Apple 399990-899990: iPhone 15' -> Brand[] */
function parseBrands(spec: string): Brand[] {
  return spec.split(' | ').map((part) => {
    const colon = part.indexOf(': ');
    if (colon < 0) throw new Error(`brand spec without models: ${part}`);
    const head = /^(.*?)(?: (\d+)-(\d+))?$/.exec(part.slice(0, colon))!;
    const models = list(part.slice(colon + 2)).map((model) => /^(.*?)(?: @(\d+))?$/.exec(model)!);
    return {
      name: head[1]!,
      models: models.map((m) => m[1]!),
      anchors: models.map((m) => (m[2] === undefined ? null : Number(m[2]))),
      price: head[2] === undefined ? null : [Number(head[2]), Number(head[3])],
    };
  });
}

export function kind(
  article: 'o' | 'a',
  noun: string,
  price: readonly [number, number],
  brands: string,
  variants: string | readonly string[],
  features: string,
  titleStyle: 'brand' | 'work' = 'brand',
): ProductKind {
  const parsed: ProductKind = {
    article,
    noun,
    price,
    brands: parseBrands(brands),
    variants: typeof variants === 'string' ? list(variants) : variants,
    features: list(features),
    titleStyle,
  };
  // Fail at load time, not on product 734,512: descriptions need three distinct features.
  if (parsed.features.length < 3) throw new Error(`${noun}: needs at least 3 features`);
  if (price[0] < 100 || price[0] > price[1]) throw new Error(`${noun}: bad price range`);
  return parsed;
}

export const COLORS = list('Preto; Branco; Azul; Cinza; Prata; Rosa; Verde; Vermelho; Grafite');
export const CLOTHING_SIZES = list('Tamanho P; Tamanho M; Tamanho G; Tamanho GG');
export const JEANS_SIZES = list('Tamanho 36; Tamanho 38; Tamanho 40; Tamanho 42; Tamanho 44; Tamanho 46');
export const SHOE_SIZES = list(
  'Número 34; Número 35; Número 36; Número 37; Número 38; Número 39; Número 40; Número 41; Número 42; Número 43; Número 44',
);
export const VOLTAGES = list('127V; 220V');
