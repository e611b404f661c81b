import type { SearchReader } from '../index-read/search-reader.ts';
import type { Columns } from '../query/words.ts';
import { tierToken } from '../tokens/facet-tokens.ts';
import { outOfStockAmong } from './out-of-stock.ts';
import * as plan from './request.ts';
import { LARGE_TIERS_FROM, lastTier, type PlaceScope, sharesFrom, tierShare, tiersOf } from './tiers.ts';
import type { WalkBudget } from './walk-budget.ts';
import { allMatchesIfFew, DIRECT_MATCHES, MAX_MATCHES } from './whole-reads.ts';

/*
 * The plans of a named place (a city, a district, the default city, the whole catalog): its
 * popularity tiers read from the top until the page is full. The circle's are circle-plans.ts.
 */

/**
 * Whether, with the page not full at `tier`, reading the group's matches in the whole catalog at
 * once costs less than reading the place's remaining tiers. The counts must say the group is
 * small (at most DIRECT_MATCHES). A read costs about the shortest list it walks: at once, the
 * words' (or the category's), whichever column the group asks for; in a tier, at most the
 * place's products in that tier. In a large city the last tiers cost more; in a district, less.
 */
function wholeReadIsCheaper(
  reader: SearchReader,
  request: plan.SearchRequest,
  columns: Columns,
  tier: number,
  placeProducts: number,
): boolean {
  if (plan.matchBound(request, columns) > DIRECT_MATCHES) return false;
  const walked = plan.matchBound(request);
  const inTiers = sharesFrom(reader, tier).reduce((sum, size) => sum + Math.min(walked, size * placeProducts), 0);
  return walked < inTiers;
}

/**
 * City, district or default city: matches in the title first, then in title, category or brand,
 * then anywhere in the text, each group most viewed first (`groups`: fewer of them). When the
 * words and filters have few matches in the whole catalog, they are read whole and kept if their
 * merchant is in the place. Otherwise the place's popularity tiers are read from the top, and the
 * first tier that completes the page ends the read: every product in a lower tier has fewer views
 * than any above it.
 */
export function searchPlace(
  reader: SearchReader,
  request: plan.SearchRequest,
  place: PlaceScope,
  groups: readonly Columns[] = plan.groupsOf(request),
): plan.Found {
  const { limit } = request;
  const results: plan.Hit[] = [];
  const seen = new Set<number>();
  const inPlace = (expression: string) => (cap: number) => plan.readInPlace(reader, request, expression, place.token, cap);
  // Few matches anywhere in the text (the widest group): read them first. They are the total,
  // and when none is in the place the narrower groups need no read at all.
  const anywhere = plan.expressionOf(request, { columns: 'any' });
  const read = allMatchesIfFew(reader, request, anywhere, plan.matchBound(request, 'any'), DIRECT_MATCHES, inPlace(anywhere));
  const few = read && plan.shownOf(request, read);
  let total: plan.Total | null = few && groups.includes('any') ? plan.exactly(few.length) : null;
  if (few?.length === 0) return plan.nothingFound();
  // A tier's matches in the columns read (sharedReadOf): an exact group's read is its next
  // group's when the two differ by the accessories alone, and that group does not read it again.
  const tierReads = new Map<string, plan.Hit[]>();
  const readTier = (columns: Columns, tier: number, budget: WalkBudget, exact: boolean): plan.Hit[] | null => {
    // The tier's list: about its share of the place's products.
    const entries = Math.ceil(tierShare(reader, tier) * place.products);
    if (!budget.take(plan.readCost(request, entries), exact)) return null;
    const read = plan.sharedReadOf(request, columns);
    const inTier = (c: Columns) => plan.expressionOf(request, { columns: c, facets: [tierToken(place.token, tier)] });
    const matches = plan.readMatches(reader, request, inTier(read), MAX_MATCHES);
    if (read === columns) return matches;
    tierReads.set(`${read} ${tier}`, matches);
    // Cut at MAX_MATCHES, the shared read may hold fewer of the exact group's matches than its own.
    if (matches.length === MAX_MATCHES) return plan.readMatches(reader, request, inTier(columns), MAX_MATCHES);
    return matches.filter((hit) => !hit.accessory);
  };
  for (const columns of groups) {
    if (plan.matchBound(request, columns) === 0) continue;
    const pass: plan.Hit[] = [];
    const collect = (hits: plan.Hit[]) => {
      for (const hit of hits) {
        if (seen.has(hit.productId)) continue;
        hit.group = columns;
        pass.push(hit);
      }
    };
    const expression = plan.expressionOf(request, { columns });
    // An exact group reads within its share of the budget, and a read it is refused cuts nothing:
    // the group after it holds the same matches (request.ts, groupRequest).
    const { group, exact } = plan.groupRequest(request, columns);
    const { budget } = group;
    if (few) {
      // A narrower group of few matches is fewer still, and among them: which they are is read
      // (ids only), not the rows again. Past the budget they are ranked by views alone (the wider
      // group collects them).
      const matches =
        columns === 'any' ? few : budget.take(plan.readCost(request, 0), true) && plan.alsoMatching(reader, request, expression, few);
      if (matches) collect(matches);
    } else {
      for (let tier = 1; tier <= lastTier(request.includeOutOfStock) && results.length + pass.length < limit; tier++) {
        if (tier >= LARGE_TIERS_FROM && wholeReadIsCheaper(reader, request, columns, tier, place.products)) {
          // Read this group's matches in the whole catalog at once instead: a word in few titles
          // walks the large tiers of a large city for little ("tamanho rapido" in São Paulo,
          // docs/benchmarks.md, "Search latency").
          const matches = budget.take(plan.readCost(request, 0), exact) && plan.shownOf(request, inPlace(expression)(DIRECT_MATCHES + 1));
          if (matches) {
            pass.length = 0;
            collect(matches);
          }
          break;
        }
        const matches = tierReads.get(`${columns} ${tier}`) ?? readTier(columns, tier, budget, exact);
        if (matches === null) break;
        collect(matches);
      }
    }
    // A cut pass still ranks right: every match of the tiers it read has more views than any below.
    pass.sort(plan.byPopularity);
    for (const hit of pass.slice(0, limit - results.length)) {
      results.push(hit);
      seen.add(hit.productId);
    }
    if (results.length >= limit || request.budget.cut) break;
  }
  // Cut short: what was found is a lower bound. Every pass read whole and the page not full: the
  // results are every match there is (of the groups read).
  if (request.budget.cut) total = plan.atLeast(results.length);
  else if (total === null && results.length < limit) total = plan.exactly(results.length);
  const known = total;
  const counted = groups.at(-1)!;
  return {
    hits: results,
    total: () => known ?? countInPlace(reader, { ...request, columns: counted }, place, results.length),
    cut: request.budget.cut,
    // Read whole, every tier: the out-of-stock matches left out are among them.
    ...(read && !request.includeOutOfStock ? { leftOut: outOfStockAmong(read) } : {}),
  };
}

/**
 * The matches in the place (any tier), counted in the index up to COUNT_CAP; at least `found` when
 * the budget does not allow the count (it walks the words' lists and the place's, less when the
 * cap comes first, as it does for common words).
 */
export function countInPlace(reader: SearchReader, request: plan.SearchRequest, place: PlaceScope, found: number): plan.Total {
  if (plan.matchBound(request) === 0) return plan.exactly(0);
  if (!request.budget.take(plan.readCost(request, place.products), true)) return plan.atLeast(found);
  const counted = plan.countOf(
    reader,
    request,
    plan.expressionOf(request, { anyFacets: [tiersOf(place, request.includeOutOfStock)] }),
    plan.COUNT_CAP + 1,
  );
  return counted > plan.COUNT_CAP ? plan.atLeast(plan.COUNT_CAP) : plan.exactly(counted);
}
