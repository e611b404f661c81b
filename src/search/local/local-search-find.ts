import type { BrandRow } from '../../catalog-read/discovery-reader.ts';
import type { SearchReader } from '../index-read/search-reader.ts';
import type { Found, SearchRequest } from '../planner/request.ts';
import type { WalkBudget } from '../planner/walk-budget.ts';
import { matchesAnywhere } from '../planner/whole-reads.ts';
import type { SearchWord } from '../query/vocabulary.ts';
import { locationOf, runPlan, type SearchedPlace, widerPlaces } from './local-search-place.ts';
import type { SearchLocation } from './local-search-schema.ts';
import type { SearchSort } from './search-filters.ts';

/*
 * The search itself, with its fallbacks: every word in the place asked for; then, when nothing
 * matches them all, a wider place; then one word left out. What the answer says of each
 * (corrections, dropped words, the place widened) is the orchestration's (local-search.ts).
 */

/** The request for some words, a share of the budget (the price filter and facets fixed by the caller). */
export type RequestFor = (words: SearchWord[], share: WalkBudget) => SearchRequest;

/** What was found, for which words, and where. */
export interface Searched {
  found: Found;
  /** The words the results match. */
  words: SearchWord[];
  /** Words left out: in no product (after the first), or so that something matches. */
  dropped: SearchWord[];
  place: SearchedPlace;
  /** When a wider place was searched: the location that says so, and the note. */
  widened: { location: SearchLocation; note: string } | null;
}

/** A word the shopper typed that says which product exactly: a number ("128gb", "55") or a brand. Left out last. */
const isPrecise = (word: SearchWord, brandsByKey: (key: string) => BrandRow[]) =>
  /[0-9]/.test(word.word) || brandsByKey(word.word).length > 0;

/**
 * Runs the plan for the words in the place, widening the place and then leaving a word out while
 * nothing matches. `budget` is the call's: each attempt spends a part of what is left.
 */
export function searchWithFallbacks(
  reader: SearchReader,
  words: SearchWord[],
  place: SearchedPlace,
  sort: SearchSort,
  requestFor: RequestFor,
  budget: WalkBudget,
): Searched {
  const run = (searched: SearchWord[], where: SearchedPlace, share: WalkBudget) =>
    runPlan(reader, requestFor(searched, share), where, sort);
  // The first word names the thing and is never left out: without it, "aspirador de po" would
  // be a search for "po". A later word no product has is left out first.
  const [head, ...rest] = words;
  let searched = head === undefined || head.docs === 0 ? words : [head, ...rest.filter((w) => w.docs > 0)];
  const dropped = words.filter((w) => !searched.includes(w));
  let found = run(searched, place, budget.part(0.6));
  let widened: Searched['widened'] = null;
  // Nothing here has every word: a wider place first (the district's city, the largest
  // radius), then, in the place asked for, one word left out: the last first, and a number or
  // a brand the shopper typed only after every other word.
  // (One word has nothing to leave out: the answer says where else it is found.)
  // A first word in no product (nor any close word) names nothing here: no wider place and
  // no other word can make it match.
  const headMatches = head !== undefined && head.docs > 0;
  // Words that match nothing together anywhere in the catalog match nothing in a wider place
  // either: one read of the index says so, before the radius's stores are gathered.
  const together = () => matchesAnywhere(reader, requestFor(searched, budget.part(0.2)), 1)?.length !== 0;
  const wider = found.hits.length === 0 && searched.length > 1 && headMatches && together() ? widerPlaces(place) : [];
  for (const candidate of wider) {
    const attempt = run(searched, candidate, budget.part(0.5));
    if (attempt.hits.length > 0) {
      found = attempt;
      const from = locationOf(place).description;
      const centre = place.kind !== 'coordinates' && candidate.kind === 'coordinates' ? ` (the centre of ${place.city.name})` : '';
      place = candidate;
      const location = { ...locationOf(place), widenedFrom: from };
      location.description += centre;
      widened = { location, note: `Nothing in ${from} matches every word: searched ${location.description} instead.` };
      break;
    }
  }
  if (searched.length > 1 && found.hits.length === 0 && headMatches) {
    const later = searched.slice(1).reverse();
    const precise = (w: SearchWord) => isPrecise(w, reader.brandsByKey);
    for (const word of [...later.filter((w) => !precise(w)), ...later.filter(precise)]) {
      const remaining = searched.filter((w) => w !== word);
      const relaxed = run(remaining, place, budget.part(0.5));
      if (relaxed.hits.length > 0) {
        found = relaxed;
        searched = remaining;
        dropped.push(word);
        break;
      }
    }
  }
  return { found, words: searched, dropped, place, widened };
}
