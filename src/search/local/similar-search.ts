import type { ProductRow } from '../../catalog-read/product-columns.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import {
  atLeast,
  byDistance,
  byDropPercent,
  byPopularity,
  byPriceAscending,
  byPriceDescending,
  exactly,
  type Found,
  type Hit,
  nothingFound,
} from '../planner/request.ts';
import type { WalkBudget } from '../planner/walk-budget.ts';
import type { SearchWord } from '../query/vocabulary.ts';
import { expandWords, searchTerms } from '../query/words.ts';
import type { RequestFor, Searched } from './local-search-find.ts';
import { runPlan, type SearchedPlace } from './local-search-place.ts';
import { SEARCH_DEPTH } from './search-cursor.ts';
import type { SearchSort } from './search-filters.ts';

/*
 * search_local_products with similarTo: products like one product, never itself. Bounded reads
 * through the usual plans, in the place and with the filters asked (the product's category is the
 * category filter): the products of its kind (the first word of its title, whole), and, when they
 * do not fill the deepest page, the category's. They are ranked here, at most a hundred rows: the
 * same kind first, then the title words and brand they share with it, then the nearest price.
 * Another sort orders that set.
 */

/**
 * Candidates read: the kind's most viewed in the category, then, when they do not fill the
 * deepest page, the category's most viewed (ranked after them, as of another kind).
 */
const CANDIDATES = SEARCH_DEPTH + 1;

/** The words that say what a product is: its title's before " para " (what it is for), stopwords left out. */
export const titleWordsOf = (title: string): string[] => searchTerms(title.split(/ para /i)[0]!).terms;

/** The word that names a product's kind: its title's first word with a letter ("Geladeira", "Smartphone"). */
export const kindWordOf = (title: string): string | undefined => titleWordsOf(title).find((w) => /\p{L}/u.test(w));

/** How like the product a candidate is, by what the ranking compares. */
export interface Similarity {
  /** Its title names the same kind (a form of the kind word). */
  kind: boolean;
  /** Title words in common besides the kind, and one more for the same brand. */
  shared: number;
  /** How far its price is, as a ratio: |ln(price / the product's price)|. */
  priceDistance: number;
}

type Compared = Pick<ProductRow, 'title' | 'brand' | 'priceCents'>;

/** The candidate's similarity to the product; `kindForms`: the index words that say its kind. */
export function similarityOf(product: Compared, candidate: Compared, kindForms: ReadonlySet<string>): Similarity {
  const own = new Set(titleWordsOf(product.title).filter((w) => !kindForms.has(w)));
  const words = titleWordsOf(candidate.title);
  const shared = words.filter((w) => own.has(w)).length + (candidate.brand.toLowerCase() === product.brand.toLowerCase() ? 1 : 0);
  return {
    kind: words.some((w) => kindForms.has(w)),
    shared,
    priceDistance: Math.abs(Math.log(Math.max(1, candidate.priceCents) / Math.max(1, product.priceCents))),
  };
}

/** The same kind first, then more in common, then the nearer price. */
export const bySimilarity = (a: Similarity, b: Similarity): number =>
  Number(b.kind) - Number(a.kind) || b.shared - a.shared || a.priceDistance - b.priceDistance;

const ORDERS: Record<Exclude<SearchSort, 'relevance'>, (a: Hit, b: Hit) => number> = {
  price_asc: byPriceAscending,
  price_desc: byPriceDescending,
  popularity: byPopularity,
  distance: byDistance,
  price_drop: byDropPercent,
};

/** The products like `product` in the place, ranked (or in the order asked), at most SEARCH_DEPTH. */
export function searchSimilar(
  reader: SearchReader,
  product: ProductRow,
  place: SearchedPlace,
  sort: SearchSort,
  requestFor: RequestFor,
  budget: WalkBudget,
): Searched {
  const kind = kindWordOf(product.title);
  // The kind word whole, in its forms and synonyms: "base" is not "baseus".
  const words: SearchWord[] = kind === undefined ? [] : expandWords(reader, [kind], { prefixLast: false });
  // Read nearest first when the shopper wants that order, so that each hit knows its distance.
  const readSort = sort === 'distance' ? 'distance' : 'relevance';
  const read = (searched: SearchWord[], limit: number, share: WalkBudget): [Found, boolean] => {
    // Candidates only, ranked below by similarity: the exact groups would read the same products again.
    const found = runPlan(reader, { ...requestFor(searched, share), limit, exactGroups: false }, place, readSort);
    return [found, found.hits.length < limit && !found.cut];
  };
  const [ofKind, kindWhole] = words.length > 0 ? read(words, CANDIDATES, budget.part(0.5)) : [nothingFound(), true];
  // Enough of its kind: the others, ranked after them, would not reach the deepest page.
  const [ofCategory, categoryWhole] = kindWhole ? read([], CANDIDATES, budget.part(0.8)) : [nothingFound(), false];
  const hits = new Map<number, Hit>();
  for (const hit of [...ofKind.hits, ...ofCategory.hits])
    if (hit.productId !== product.id && !hits.has(hit.productId)) hits.set(hit.productId, hit);

  const kindForms = new Set(words.flatMap((w) => w.alternatives.flat()));
  const rows = new Map(reader.products([...hits.keys()]).map((row) => [row.id, row]));
  const ranked = [...hits.values()].filter((hit) => rows.has(hit.productId));
  if (sort === 'relevance') {
    const scores = new Map(ranked.map((hit) => [hit.productId, similarityOf(product, rows.get(hit.productId)!, kindForms)]));
    ranked.sort((a, b) => bySimilarity(scores.get(a.productId)!, scores.get(b.productId)!) || byPopularity(a, b));
  } else {
    if (sort === 'price_drop') for (const hit of ranked) hit.dropPercent = reader.dropPercent(hit.productId) ?? 0;
    ranked.sort(ORDERS[sort]);
  }
  const page = ranked.slice(0, SEARCH_DEPTH);
  // Every candidate read: the set is every product of the category here (in the filters asked).
  const total = categoryWhole ? exactly(page.length) : atLeast(page.length);
  const found: Found = { hits: page, total: () => total, cut: ofKind.cut || ofCategory.cut };
  return { found, words, dropped: [], place, widened: null };
}
