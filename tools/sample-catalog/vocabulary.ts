import { z } from 'zod';
import appliances from './vocabulary/appliances.json' with { type: 'json' };
import electronics from './vocabulary/electronics.json' with { type: 'json' };
import fashion from './vocabulary/fashion.json' with { type: 'json' };
import home from './vocabulary/home.json' with { type: 'json' };
import lists from './vocabulary/lists.json' with { type: 'json' };
import misc from './vocabulary/misc.json' with { type: 'json' };

/*
 * The generated products' vocabulary: categories, product kinds, real brands and models with
 * typical Brazilian shelf prices. It is plain JSON in vocabulary/ (its README says how to edit
 * it); this module checks it against one zod schema and turns it into the structures the
 * generator draws from. Every price is an integer number of centavos (R$ 79,90 is 7990).
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

const cents = z.number().int().positive();
const priceRange = z
  .tuple([cents, cents])
  .refine(([min, max]) => min >= 100 && min <= max, 'bad price range: [min, max] in centavos, min at least 100 and not above max');
const text = z.string().min(1);

// Strict objects: a misspelt key ("varients") is an error, not silently ignored.
const brandSchema = z.strictObject({
  name: text,
  price: priceRange.optional(),
  // Cheapest first; a model's `price` is its typical shelf price.
  models: z.array(z.strictObject({ name: text, price: cents.optional() })).min(1),
});

const kindSchema = z.strictObject({
  article: z.enum(['o', 'a']),
  noun: text,
  price: priceRange,
  titleStyle: z.enum(['brand', 'work']).default('brand'),
  // Written out, or the name of a list in lists.json; none when omitted.
  variants: z.union([z.array(text), text]).default([]),
  // Fail at load time, not on product 734,512: descriptions need three distinct features.
  features: z.array(text).min(3),
  brands: z.array(brandSchema).min(1),
});

const categorySchema = z.strictObject({
  name: text,
  weight: z.number().positive(),
  shopWords: z.array(text).min(1),
  uses: z.array(text).min(1),
  kinds: z.array(kindSchema).min(1),
});

const vocabularySchema = z.strictObject({
  /** Named variant lists shared by several kinds (colours, sizes, voltages). */
  lists: z.record(z.string(), z.array(text).min(1)),
  /** One entry per JSON file, in the order of CATEGORIES (merchants store category indices). */
  files: z.record(z.string(), z.strictObject({ categories: z.array(categorySchema).min(1) })),
});

function loadVocabulary(input: unknown): CategoryDef[] {
  const parsed = vocabularySchema.safeParse(input);
  if (!parsed.success) throw new Error(`sample-catalog vocabulary:\n${z.prettifyError(parsed.error)}`);
  const { lists: named, files } = parsed.data;
  return Object.entries(files).flatMap(([file, { categories }]) =>
    categories.map((category) => ({
      ...category,
      kinds: category.kinds.map((kind): ProductKind => {
        const variants = typeof kind.variants === 'string' ? named[kind.variants] : kind.variants;
        if (variants === undefined) {
          throw new Error(`sample-catalog vocabulary: ${file}.json, ${kind.noun}: no list "${kind.variants}" in lists.json`);
        }
        return {
          ...kind,
          variants,
          brands: kind.brands.map((brand) => ({
            name: brand.name,
            models: brand.models.map((model) => model.name),
            anchors: brand.models.map((model) => model.price ?? null),
            price: brand.price ?? null,
          })),
        };
      }),
    })),
  );
}

/**
 * Every category, in file order and then in each file's order. JSON imports (Node and tsc both
 * accept `with { type: 'json' }`) rather than reading files: no paths to resolve at run time.
 */
export const VOCABULARY: readonly CategoryDef[] = loadVocabulary({ lists, files: { electronics, appliances, home, fashion, misc } });
