import { priceOf } from '../../catalog-read/price.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import type { SearchRequest } from '../planner/request.ts';
import type { FoundFacet } from './facet-filters.ts';
import { matchesElsewhere, type SearchedPlace } from './local-search-place.ts';
import type { SearchOutput } from './local-search-schema.ts';
import type { PriceAsked } from './search-filters.ts';

/*
 * The last step of search_local_products: the answer's message, in words, from what was searched
 * and found. When nothing was, it says where else the words are found and what to try instead.
 */

const quote = (text: string, length = 80) => JSON.stringify(text.slice(0, length));
/** Reais as every price is shown ("R$ 3.000,00"). */
export const reais = (value: number) => priceOf(Math.round(value * 100)).formatted;

/** What the message is made of, besides the output so far. */
export interface MessageParts {
  query: string | null;
  place: SearchedPlace;
  facets: FoundFacet[];
  price: PriceAsked | null;
  /** The search stopped at its bound of work. */
  cut: boolean;
  /** Notes gathered while searching (the filters read, the price range, the place widened). */
  notes: string[];
  /** Words not searched (stopwords, beyond the first eight). */
  ignored: string[];
  /** Where else the words match, when nothing did here; null: no search can say (a price no product has). */
  elsewhere: (() => SearchRequest) | null;
}

/** In the page's words, how its results match, when not all have every word in the title (results[].match). */
const MATCH_SAID = {
  all_words_in_title: 'every word in the title',
  all_words_in_name: 'every word in the title, category or brand',
  all_words_in_text: 'every word, some only in the description',
} as const;

function matchNote(output: SearchOutput): string | null {
  const counts = new Map<keyof typeof MATCH_SAID, number>();
  for (const { match } of output.results) {
    // Some words only: the note on the words left out says so for the whole page.
    if (match === null || match === 'some_words') return null;
    counts.set(match, (counts.get(match) ?? 0) + 1);
  }
  if (counts.size === 0 || (counts.size === 1 && counts.has('all_words_in_title'))) return null;
  const said = [...counts].map(([match, n]) => `${n} with ${MATCH_SAID[match]}`).join(', ');
  return `How they match (results[].match): ${said}.`;
}

export function messageOf(reader: SearchReader, output: SearchOutput, parts: MessageParts): string {
  const { place, facets, price } = parts;
  const offset = output.filters.offset;
  const corrected = output.filters.corrections.map((c) => `"${c.to}" for "${c.from}"`);
  const droppedTerms = output.filters.droppedTerms;
  const priceWords = price && [
    ...(price.min === null ? [] : [`from ${reais(price.min)}`]),
    ...(price.max === null ? [] : [`up to ${reais(price.max)}`]),
  ];
  const left = output.leftOutOfStock;
  const notes = [
    ...(left && left.value > 0
      ? [
          `${left.relation === 'gte' ? 'At least ' : ''}${left.value} ${output.results.length > 0 || offset > 0 ? 'more ' : ''}matching product${left.value === 1 ? ' is' : 's are'} out of stock, left out (includeOutOfStock: true shows them).`,
        ]
      : []),
    ...(corrected.length > 0 ? [`Showing results for ${corrected.join(', ')} (no product has the word as written).`] : []),
    ...(droppedTerms.length > 0 && output.results.length > 0
      ? [`No product here matches every word: left out ${droppedTerms.map((w) => `"${w}"`).join(', ')}.`]
      : []),
    ...(parts.cut
      ? [
          'These words are in very many products: the search stopped at its bound of work, so it shows the best it reached and may have missed others. A more specific word, a category or a district narrows it.',
        ]
      : []),
    ...parts.notes,
    ...place.notes,
    ...(parts.ignored.length > 0 ? [`Not searched: ${parts.ignored.join(', ')}.`] : []),
  ];
  const where = output.location.description;
  const filtersSaid = [
    ...facets.map(({ filter, row }) => filter.said(row)),
    ...(priceWords && priceWords.length > 0 ? [`priced ${priceWords.join(' ')}`] : []),
  ].join(', ');
  if (output.results.length === 0 && offset === 0) {
    const elsewhere = parts.elsewhere ? matchesElsewhere(reader, parts.elsewhere(), place) : null;
    const tryInstead =
      place.kind === 'coordinates'
        ? 'Try a larger radiusKm (at most 100), fewer or shorter words, or fewer filters.'
        : 'Try fewer or shorter words, fewer filters (category, brand, price), the whole city instead of a district, another city (catalog_overview lists them), or coordinates with a radius.';
    return [
      `No products found for ${parts.query === null ? 'this place' : quote(parts.query, 200)}${filtersSaid ? ` ${filtersSaid}` : ''} ${place.kind === 'coordinates' ? '' : 'in '}${where}.`,
      ...(elsewhere ? [elsewhere] : []),
      tryInstead,
      ...notes,
    ].join(' ');
  }
  const shown = output.results.length;
  const { value, relation } = output.total;
  const of = value > shown || relation === 'gte' ? ` of ${relation === 'gte' ? 'at least ' : ''}${value} matching` : '';
  const page = offset > 0 ? ` (results ${offset + 1} to ${offset + shown})` : '';
  const next = output.nextCursor ? ' More: pass nextCursor as cursor.' : '';
  const matched = matchNote(output);
  return [
    `Found ${shown}${of} product${shown === 1 && of === '' ? '' : 's'}${page}${filtersSaid ? ` ${filtersSaid}` : ''}; place: ${where}.${next}`,
    ...(matched === null ? [] : [matched]),
    ...notes,
  ].join(' ');
}
